/// Why an APK's binary `AndroidManifest.xml` (Android's compiled XML, `ResourceTypes.h`) could not
/// be read, worded for the user; offsets are from the start of the manifest.
package enum BinaryXMLError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Shorter than a chunk header, or its first header's sizes are not a binary XML document's.
  case notBinaryXML
  /// The document's header declares more bytes than the manifest holds.
  case declaredBeyondData(declared: Int, actual: Int)
  /// A chunk's header or size does not fit the document.
  case badChunk(offset: Int)
  /// The string pool's counts or offsets point outside it.
  case badStringPool(reason: String)
  /// String `index` is missing from the pool or runs past its end.
  case badString(index: Int)
  /// An element's attributes do not fit its chunk.
  case badElement(offset: Int)
  /// An element before any string pool.
  case noStringPool
  /// No element at all.
  case noRootElement
  /// The root element is not `<manifest>`.
  case notAManifest(root: String)

  package var description: String {
    switch self {
    case .notBinaryXML: "not Android binary XML (its first chunk header is not a document's)"
    case .declaredBeyondData(let declared, let actual):
      "its header declares \(declared) bytes, but it holds \(actual)"
    case .badChunk(let offset): "the chunk at offset \(offset) has a header or size that does not fit the document"
    case .badStringPool(let reason): "its string pool is damaged: \(reason)"
    case .badString(let index): "string \(index) of its string pool is missing or runs past the pool's end"
    case .badElement(let offset): "the element at offset \(offset) has attributes that do not fit its chunk"
    case .noStringPool: "an element comes before any string pool"
    case .noRootElement: "it holds no element"
    case .notAManifest(let root): "its root element is <\(root)>, not <manifest>"
    }
  }
}
