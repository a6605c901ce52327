/// Builds the node tree from scanned tokens, one template line at a time, applying the spec's
/// standalone-line rules: a line holding only whitespace and non-interpolation tags leaves no
/// trace in the output, and its whitespace becomes the indentation of partials and blocks on it.
struct TemplateParser {
  /// A section, parent or block whose closing tag has not been read yet (the root at the bottom).
  private struct Frame {
    enum Kind {
      case root
      case section(VariableName, inverted: Bool)
      /// The indentation is set when the parent's line is standalone.
      case parent(indentation: String?)
      /// The indentation is set when the block's opening tag starts its line.
      case block(indentation: String?)
    }

    let kind: Kind
    let name: String
    let location: SourceLocation
    var nodes: [TemplateNode] = []
    /// For a parent, the blocks passed to it.
    var overrides: [String: TemplateBlock] = [:]

    var isParent: Bool {
      if case .parent = kind { return true }
      return false
    }

    /// What the frame is called in error messages.
    var noun: String {
      switch kind {
      case .root, .section(_, inverted: false): "section"
      case .section(_, inverted: true): "inverted section"
      case .parent: "parent"
      case .block: "block"
      }
    }
  }

  private var frames: [Frame]

  /// Parses `source` into nodes, or throws a `TemplateError` naming `templateName`.
  static func parse(_ source: String, templateName: String) throws -> [TemplateNode] {
    var scanner = TemplateScanner(source, templateName: templateName)
    let tokens = try scanner.scan()
    let root = Frame(kind: .root, name: "", location: SourceLocation(template: templateName, line: 1, column: 1))
    var parser = TemplateParser(frames: [root])
    var line: [TemplateScanner.Token] = []
    for token in tokens {
      if case .newline(let newline) = token {
        try parser.addLine(line, newline: newline)
        line.removeAll(keepingCapacity: true)
      } else {
        line.append(token)
      }
    }
    try parser.addLine(line, newline: nil)
    guard parser.frames.count == 1, let root = parser.frames.first else {
      let unclosed = parser.frames[parser.frames.count - 1]
      throw TemplateError("\(unclosed.noun) \"\(unclosed.name)\" is never closed", at: unclosed.location)
    }
    return root.nodes
  }

  private mutating func addLine(_ tokens: [TemplateScanner.Token], newline: String?) throws {
    guard !tokens.isEmpty || newline != nil else { return }
    if isStandalone(tokens) {
      var indentation = ""
      if case .text(let text) = tokens.first { indentation = text }
      for case .tag(let tag) in tokens {
        try add(tag, standaloneIndentation: indentation, startsLine: false)
      }
      return
    }
    var remaining = tokens[...]
    var indentation = ""
    if case .text(let text) = remaining.first {
      remaining.removeFirst()
      let rest = text.drop { $0 == " " || $0 == "\t" }
      indentation = String(text[..<rest.startIndex])
      if !rest.isEmpty { remaining.insert(.text(String(rest)), at: remaining.startIndex) }
    }
    append(.lineStart(indentation))
    var startsLine = true
    for token in remaining {
      switch token {
      case .text(let text): append(.text(text))
      case .newline(let text): append(.text(text))
      case .tag(let tag): try add(tag, standaloneIndentation: nil, startsLine: startsLine)
      }
      startsLine = false
    }
    if let newline { append(.text(newline)) }
  }

  /// Whether the line holds at least one tag, only tags that can stand alone, and otherwise only
  /// spaces and tabs. A block opened and closed on the line outside a parent is content in its
  /// own right, like a variable, so it keeps the line.
  private func isStandalone(_ tokens: [TemplateScanner.Token]) -> Bool {
    var hasTag = false
    var opened: [TemplateTag.Kind] = []
    for token in tokens {
      switch token {
      case .text(let text):
        guard text.isIndentation else { return false }
      case .newline:
        return false
      case .tag(let tag):
        guard tag.kind.canStandAlone else { return false }
        hasTag = true
        if tag.kind.opensSection {
          opened.append(tag.kind)
        } else if tag.kind == .close, opened.popLast() == .block,
          opened.last.map({ $0 != .parent }) ?? !frames[frames.count - 1].isParent
        {
          return false
        }
      }
    }
    return hasTag
  }

  private mutating func append(_ node: TemplateNode) {
    let last = frames.count - 1
    if case .text(let text) = node, case .text(let previous)? = frames[last].nodes.last {
      frames[last].nodes[frames[last].nodes.count - 1] = .text(previous + text)
    } else {
      frames[last].nodes.append(node)
    }
  }

  /// Adds one tag. `standaloneIndentation` is set when the tag's line is standalone;
  /// `startsLine` when only whitespace precedes the tag on a line that is not.
  private mutating func add(_ tag: TemplateTag, standaloneIndentation: String?, startsLine: Bool) throws {
    switch tag.kind {
    case .comment, .setDelimiters:
      return
    case .variable, .unescaped:
      append(.variable(try variableName(tag), escaped: tag.kind == .variable, tag.location))
    case .section, .invertedSection:
      let kind = Frame.Kind.section(try variableName(tag), inverted: tag.kind == .invertedSection)
      frames.append(Frame(kind: kind, name: tag.content, location: tag.location))
    case .parent:
      try checkTemplateName(tag)
      frames.append(Frame(kind: .parent(indentation: standaloneIndentation), name: tag.content, location: tag.location))
    case .block:
      try checkTemplateName(tag)
      var nodes: [TemplateNode] = []
      var indentation = standaloneIndentation
      let last = frames.count - 1
      if indentation == nil, startsLine, case .lineStart(let whitespace)? = frames[last].nodes.last {
        // The block starts the line: its content carries the line's start, so an override is
        // indented like the default it replaces.
        frames[last].nodes.removeLast()
        nodes = [.lineStart(whitespace)]
        indentation = whitespace
      }
      frames.append(
        Frame(kind: .block(indentation: indentation), name: tag.content, location: tag.location, nodes: nodes))
    case .partial:
      try checkTemplateName(tag)
      append(.partial(tag.content, indentation: standaloneIndentation, overrides: [:], tag.location))
    case .close:
      try close(tag)
    }
  }

  private mutating func close(_ tag: TemplateTag) throws {
    guard frames.count > 1 else {
      throw TemplateError("closing tag \"\(tag.content)\" has no matching opening tag", at: tag.location)
    }
    let frame = frames.removeLast()
    guard frame.name == tag.content else {
      throw TemplateError(
        "closing tag \"\(tag.content)\" does not match \(frame.noun) \"\(frame.name)\" opened at "
          + "\(frame.location.line):\(frame.location.column)",
        at: tag.location)
    }
    switch frame.kind {
    case .root:
      return
    case .section(let name, let inverted):
      append(.section(name, inverted: inverted, frame.nodes, frame.location))
    case .parent(let indentation):
      append(.partial(frame.name, indentation: indentation, overrides: frame.overrides, frame.location))
    case .block(let indentation):
      let block = TemplateBlock(name: frame.name, nodes: frame.nodes, openingIndentation: indentation)
      let last = frames.count - 1
      if frames[last].isParent {
        frames[last].overrides[frame.name] = block
      } else {
        append(.block(block))
      }
    }
  }

  private func variableName(_ tag: TemplateTag) throws -> VariableName {
    guard let name = VariableName(tag.content) else {
      let problem = tag.content.isEmpty ? "a tag needs a name" : "\"\(tag.content)\" is not a valid name"
      throw TemplateError(problem + " (use letters, digits and dots, as in {{row.status}})", at: tag.location)
    }
    return name
  }

  private func checkTemplateName(_ tag: TemplateTag) throws {
    guard !tag.content.isEmpty, !tag.content.contains(where: \.isWhitespace) else {
      throw TemplateError("\"\(tag.content)\" is not a valid partial or block name", at: tag.location)
    }
  }
}
