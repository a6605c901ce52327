/// Walks a template's nodes with a context stack, appending to a single output string.
struct TemplateRenderer {
  /// How deep partials may nest before rendering stops, which catches runaway recursion.
  private static let maximumPartialDepth = 100

  private(set) var output = ""
  private let partials: any PartialSource
  private let escaping: Escaping
  private let strict: Bool
  /// The context stack, innermost value last.
  private var stack: [TemplateValue]
  /// Written at the start of each template line (standalone partial and block indentation).
  private var indentation = ""
  /// Block overrides in force: the outermost template's choice wins.
  private var overrides: [String: TemplateBlock] = [:]
  /// Partials already looked up during this render, misses included.
  private var loaded: [String: Template?] = [:]
  private var partialDepth = 0
  /// While a top-level section renders for a memo: the names it resolved from the bottom of the
  /// stack, and what they found.
  private var bottomReads: [VariableName: TemplateValue?]?
  /// The work done so far against what the templates and data can need.
  private var budget: RenderBudget

  /// - Parameter size: the nodes in the template rendered first; partials add theirs as they load.
  init(value: TemplateValue, size: Int, partials: any PartialSource, escaping: Escaping, strict: Bool) {
    self.stack = [value]
    self.budget = RenderBudget(value: value, parts: size)
    self.partials = partials
    self.escaping = escaping
    self.strict = strict
  }

  /// Renders a template's own nodes, its top-level sections from `memo` when what they read is
  /// unchanged, remembering the others there.
  mutating func render(_ nodes: [TemplateNode], memo: RenderMemo) throws {
    for (index, node) in nodes.enumerated() {
      guard case .section = node, overrides.isEmpty, partialDepth == 0 else {
        try render(nodes[index...index])
        continue
      }
      if let remembered = memo.output(at: index, resolve: { resolve($0, from: stack.prefix(1)) }) {
        output += remembered
        continue
      }
      let start = output.utf8.count
      bottomReads = [:]
      defer { bottomReads = nil }
      try render(nodes[index...index])
      memo.remember(
        RenderMemo.Entry(
          reads: bottomReads ?? [:], output: String(decoding: output.utf8.dropFirst(start), as: UTF8.self)),
        at: index)
    }
  }

  mutating func render(_ nodes: ArraySlice<TemplateNode>) throws {
    for node in nodes {
      budget.spendNode()
      switch node {
      case .text(let text):
        budget.spend(writing: text)
        output += text
      case .lineStart(let whitespace):
        budget.spend(writing: indentation)
        output += indentation
        output += whitespace
      case .variable(let name, let escaped, let location):
        try interpolate(name, escaped: escaped, at: location)
      case .section(let name, let inverted, let children, let location):
        try renderSection(name, inverted: inverted, children: children, at: location)
      case .partial(let name, let partialIndentation, let partialOverrides, let location):
        try renderPartial(name, indentation: partialIndentation, overrides: partialOverrides, at: location)
      case .block(let block):
        try renderBlock(block)
      }
    }
  }

  private mutating func interpolate(_ name: VariableName, escaped: Bool, at location: SourceLocation) throws {
    guard let value = try lookUp(name, at: location) else { return }
    guard let text = value.interpolationText else {
      if strict {
        throw TemplateError("\"\(name)\" is a list or object, which cannot be written out as text", at: location)
      }
      return
    }
    budget.spend(writing: text)
    if escaped {
      escaping.append(text, to: &output)
    } else {
      output += text
    }
  }

  private mutating func renderSection(
    _ name: VariableName, inverted: Bool, children: [TemplateNode], at location: SourceLocation
  ) throws {
    let value = try lookUp(name, at: location) ?? .null
    if inverted {
      if !value.isTruthy { try render(children[...]) }
      return
    }
    guard value.isTruthy else { return }
    let items: [TemplateValue]
    if case .list(let list) = value { items = list } else { items = [value] }
    for item in items {
      try checkBudget(at: location)
      stack.append(item)
      defer { stack.removeLast() }
      try render(children[...])
    }
  }

  /// Stops a render that has done more work than its templates and data can need: something
  /// repeats without end, such as partials each including the next twice.
  private func checkBudget(at location: SourceLocation) throws {
    guard !budget.isWithinAllowance else { return }
    throw TemplateError(
      "rendering stopped after \(budget.spent) steps, more than \(budget.parts) template parts need for this "
        + "data: do partials include one another over and over, or does a section over a list sit inside a "
        + "section over the same list?",
      at: location)
  }

  private mutating func renderPartial(
    _ name: String, indentation partialIndentation: String?, overrides partialOverrides: [String: TemplateBlock],
    at location: SourceLocation
  ) throws {
    guard let template = try loadPartial(name, at: location) else {
      if strict { throw TemplateError("partial \"\(name)\" not found", at: location) }
      return
    }
    guard partialDepth < Self.maximumPartialDepth else {
      throw TemplateError(
        "partials nest more than \(Self.maximumPartialDepth) deep; is \"\(name)\" including itself?", at: location)
    }
    try checkBudget(at: location)
    let saved = (indentation, overrides)
    defer { (indentation, overrides) = saved }
    // A standalone partial indents every line it renders; one inside a line continues that line.
    indentation = partialIndentation.map { indentation + $0 } ?? ""
    overrides = partialOverrides.merging(overrides) { _, outer in outer }
    partialDepth += 1
    defer { partialDepth -= 1 }
    try render(template.nodes[...])
  }

  private mutating func renderBlock(_ block: TemplateBlock) throws {
    let content = overrides[block.name]?.nodes ?? block.nodes
    let startsWithLine: Bool
    if case .lineStart? = content.first { startsWithLine = true } else { startsWithLine = false }
    guard let blockIndentation = block.indentation else {
      // The block continues a line, so the content's own first line start is not one here.
      try render(startsWithLine ? content.dropFirst() : content[...])
      return
    }
    let saved = indentation
    defer { indentation = saved }
    indentation += blockIndentation
    if !startsWithLine { output += indentation }
    try render(content[...])
  }

  private mutating func loadPartial(_ name: String, at location: SourceLocation) throws -> Template? {
    if let cached = loaded[name] { return cached }
    let template: Template?
    do {
      template = try partials.template(named: name)
    } catch let error as TemplateError {
      throw error
    } catch {
      throw TemplateError("cannot load partial \"\(name)\": \(error)", at: location)
    }
    loaded[name] = .some(template)
    if let template { budget.add(parts: template.size) }
    return template
  }

  /// Resolves a name against the context stack: the first key is searched from the innermost
  /// value outwards, the remaining keys only inside what it found.
  private mutating func lookUp(_ name: VariableName, at location: SourceLocation) throws -> TemplateValue? {
    let found = resolve(name, from: stack[...])
    if bottomReads != nil, reachesBottom(name) { bottomReads?[name] = .some(found) }
    if found == nil, strict {
      throw TemplateError("no value named \"\(name)\"", at: location)
    }
    return found
  }

  /// Whether resolving `name` reads the value at the bottom of the stack (finds it there, or
  /// finds nothing).
  private func reachesBottom(_ name: VariableName) -> Bool {
    guard let first = name.keys.first else { return stack.count == 1 }
    for case .object(let members) in stack.dropFirst().reversed() where members[first] != nil { return false }
    return true
  }

  /// `name` resolved against `stack`, innermost value last.
  private func resolve(_ name: VariableName, from stack: ArraySlice<TemplateValue>) -> TemplateValue? {
    guard let first = name.keys.first else { return stack.last }
    var found: TemplateValue?
    for case .object(let members) in stack.reversed() {
      if let value = members[first] {
        found = value
        break
      }
    }
    for key in name.keys.dropFirst() {
      guard case .object(let members)? = found else {
        found = nil
        break
      }
      found = members[key]
    }
    return found
  }
}
