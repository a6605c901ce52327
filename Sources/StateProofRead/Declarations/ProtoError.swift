/// Why an App Bundle's `base/manifest/AndroidManifest.xml` (aapt2's `XmlNode` in protocol
/// buffers) could not be read, worded for the user; offsets are from the start of the manifest.
package enum ProtoError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A field runs past the end of the message holding it.
  case truncated(offset: Int)
  /// A varint longer than ten bytes.
  case badVarint(offset: Int)
  /// A wire type protocol buffers do not define, or the deprecated groups (3, 4).
  case badWireType(Int, offset: Int)
  /// Field number 0, which no message has.
  case badFieldNumber(offset: Int)
  /// No root element.
  case noRootElement
  /// The root element is not `<manifest>`.
  case notAManifest(root: String)

  package var description: String {
    switch self {
    case .truncated(let offset): "the field at offset \(offset) runs past the end of its message"
    case .badVarint(let offset): "the number at offset \(offset) is longer than ten bytes"
    case .badWireType(let type, let offset):
      "the field at offset \(offset) has wire type \(type), which aapt2 never writes"
    case .badFieldNumber(let offset): "the field at offset \(offset) has number 0"
    case .noRootElement: "it holds no root element"
    case .notAManifest(let root): "its root element is <\(root)>, not <manifest>"
    }
  }
}
