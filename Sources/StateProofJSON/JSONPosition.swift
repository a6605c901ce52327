/// Where in a JSON document something is: the byte offset from the start, and the line and
/// column a person would look for (both from 1; columns count Unicode characters, not bytes).
public struct JSONPosition: Sendable, Hashable, CustomStringConvertible {
  public var offset: Int
  public var line: Int
  public var column: Int

  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  public var description: String { "line \(line), column \(column)" }
}
