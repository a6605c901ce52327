/// Where a tag sits in a template: the template's name and the 1-based line and column of its
/// opening delimiter, so errors can point at it.
struct SourceLocation: Sendable, Hashable {
  let template: String
  let line: Int
  let column: Int
}
