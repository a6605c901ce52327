/// An optional member a template reads whether or not it holds a value: encoded as null when
/// nil, where synthesized coding would leave it out, so a strict template finds it in its own
/// object rather than failing or reading a member of the same name further out.
// swift-format-ignore: UseSynthesizedInitializer
@propertyWrapper
struct EncodedAsNull<Value: Encodable>: Encodable {
  var wrappedValue: Value?

  // The views' memberwise initializers take a wrapped value through this initializer, which a
  // property wrapper does not get synthesized (hence the rule ignored above).
  init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}
