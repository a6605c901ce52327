/// The ids of a result bundle's objects (`Data/data.<id>`, `Data/refs.<id>`): checked once, here,
/// before any path is made from one, since they come from the bundle and are untrusted.
enum XCResultObjectID {
  /// Ids are `0~` and base64url: letters, digits, `-`, `_`, `~`, `=`.
  static func isValid(_ id: String) -> Bool {
    !id.isEmpty && id.utf8.count <= 256
      && id.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
          || byte == UInt8(ascii: "=")
      }
  }
}
