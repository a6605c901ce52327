/// A JSON number as written, so no precision is lost before the caller says what it wants.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The number's text, already checked against RFC 8259's grammar.
  public var text: String

  public init(text: String) {
    self.text = text
  }

  /// The nearest `Double` (infinite when the exponent is out of range).
  public var double: Double { Double(text) ?? .nan }

  /// The value as an `Int` when it is an integer written without fraction or exponent and fits.
  public var int: Int? { Int(text) }

  public var description: String { text }
}
