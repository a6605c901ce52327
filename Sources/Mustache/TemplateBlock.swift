/// A block `{{$name}}…{{/name}}`: default content in a parent template, or the content that
/// replaces it when passed inside a parent tag.
///
/// A block that starts a line is re-indented: its content is stored without its own common
/// indentation, and `indentation` is added back wherever the block is expanded.
struct TemplateBlock: Sendable {
  let name: String
  let nodes: [TemplateNode]
  /// The indentation to add to each line when the block is expanded, or nil when the block's
  /// tag sits in the middle of a line and its content continues that line.
  let indentation: String?

  /// Builds a block from the nodes between its tags.
  /// - Parameter openingIndentation: the whitespace before the opening tag when that tag starts
  ///   its line, nil when it follows other text.
  init(name: String, nodes: [TemplateNode], openingIndentation: String?) {
    self.name = name
    guard let openingIndentation else {
      self.nodes = nodes
      self.indentation = nil
      return
    }
    let lineIndentations = Self.lineIndentations(in: nodes)
    let common = lineIndentations.dropFirst().reduce(lineIndentations.first ?? openingIndentation) {
      String(zip($0, $1).prefix { $0 == $1 }.map(\.0))
    }
    self.nodes = Self.removing(common, from: nodes)
    self.indentation = common
  }

  /// The leading whitespace of every non-blank line in `nodes`, including nested sections and
  /// the indentation of standalone partials and blocks.
  private static func lineIndentations(in nodes: [TemplateNode]) -> [String] {
    var result: [String] = []
    for (index, node) in nodes.enumerated() {
      switch node {
      case .lineStart(let whitespace):
        let next = nodes.index(after: index)
        guard next < nodes.endIndex else { continue }
        if case .text(let text) = nodes[next], text.first?.isNewline == true { continue }
        result.append(whitespace)
      case .section(_, _, let children, _):
        result += lineIndentations(in: children)
      case .partial(_, let indentation?, _, _):
        result.append(indentation)
      case .block(let block):
        if let indentation = block.indentation { result.append(indentation) }
      case .text, .variable, .partial:
        continue
      }
    }
    return result
  }

  /// `nodes` with `prefix` taken off the start of each line (nested block content is already
  /// relative to its block and stays as it is).
  private static func removing(_ prefix: String, from nodes: [TemplateNode]) -> [TemplateNode] {
    guard !prefix.isEmpty else { return nodes }
    func trimmed(_ whitespace: String) -> String {
      whitespace.hasPrefix(prefix) ? String(whitespace.dropFirst(prefix.count)) : whitespace
    }
    return nodes.map { node in
      switch node {
      case .lineStart(let whitespace):
        return .lineStart(trimmed(whitespace))
      case .section(let name, let inverted, let children, let location):
        return .section(name, inverted: inverted, removing(prefix, from: children), location)
      case .partial(let name, let indentation?, let overrides, let location):
        return .partial(name, indentation: trimmed(indentation), overrides: overrides, location)
      case .block(let block):
        guard let indentation = block.indentation else { return node }
        return .block(TemplateBlock(name: block.name, nodes: block.nodes, indentation: trimmed(indentation)))
      case .text, .variable, .partial:
        return node
      }
    }
  }

  private init(name: String, nodes: [TemplateNode], indentation: String?) {
    self.name = name
    self.nodes = nodes
    self.indentation = indentation
  }
}
