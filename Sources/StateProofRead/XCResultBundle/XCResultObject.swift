/// One value of a result bundle's object graph, as its tagged text encoding writes it: a scalar
/// (`String`, `Int`, `Bool`, `Date`, `Double`, … hold their text in `_v`), or an object of a named
/// type with keyed fields and, for an `Array`, elements.
package struct XCResultObject: Sendable, Equatable {
  /// The type the value names (`ActionTestMetadata`, `Array`, `String`); nil when it names none.
  package var type: String?
  /// A scalar's text (its `_v`).
  package var text: String?
  package var fields: [String: XCResultObject] = [:]
  package var elements: [XCResultObject] = []

  package init(
    type: String?, text: String? = nil, fields: [String: XCResultObject] = [:], elements: [XCResultObject] = []
  ) {
    self.type = type
    self.text = text
    self.fields = fields
    self.elements = elements
  }

  package subscript(_ key: String) -> XCResultObject? { fields[key] }

  /// The field's scalar text.
  package func string(_ key: String) -> String? { fields[key]?.text }

  /// The field's elements (an absent field, like xcresulttool's omitted empty arrays, has none).
  package func array(_ key: String) -> [XCResultObject] { fields[key]?.elements ?? [] }

  /// A `Reference`'s target: the id of the `Data/data.<id>` file holding it.
  package func reference(_ key: String) -> String? { fields[key]?.string("id") }
}
