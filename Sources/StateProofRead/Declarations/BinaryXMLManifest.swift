/// Reads an APK's `AndroidManifest.xml`, Android's binary XML (`ResourceTypes.h`): a document
/// chunk (`RES_XML_TYPE`) holding a string pool, an optional resource map (each attribute name's
/// resource id), and namespace, element and text chunks in document order. Elements are walked
/// flat, their depth counted, and only the manifest's facts are kept (``AndroidManifestFacts``).
///
/// The bytes are untrusted, and obfuscators bend them on purpose: every size, count and offset is
/// checked before it is followed, each chunk moves the walk forward by at least its header, so
/// nothing can loop, and memory stays within the manifest's own size. Like Android, it matches
/// `android:` attributes by resource id when the map gives one (an empty or disguised name does
/// not hide them), and by namespace and name only when it does not; chunk types it does not know
/// are skipped, a document that declares fewer bytes than it holds is read to its declared end,
/// and nothing after the root element's end counts.
package enum BinaryXMLManifest {
  private static let stringPoolType = 0x0001
  private static let resourceMapType = 0x0180
  private static let startElementType = 0x0102
  private static let endElementType = 0x0103

  /// The facts of the manifest in `bytes`.
  package static func read(_ bytes: [UInt8]) throws(BinaryXMLError) -> AndroidManifestFacts {
    guard bytes.count >= 8, bytes.uint16(2) == 8 else { throw .notBinaryXML }
    let declared = bytes.uint32(4)
    guard declared >= 8 else { throw .notBinaryXML }
    guard declared <= bytes.count else { throw .declaredBeyondData(declared: declared, actual: bytes.count) }
    var facts = AndroidManifestFacts()
    var pool: BinaryXMLStringPool?
    var resourceMap = 0..<0
    var depth = 0
    var sawElement = false
    var offset = 8
    while declared - offset >= 8 {
      let type = bytes.uint16(offset)
      let headerSize = bytes.uint16(offset + 2)
      let size = bytes.uint32(offset + 4)
      guard headerSize >= 8, size >= headerSize, size <= declared - offset else { throw .badChunk(offset: offset) }
      switch type {
      case stringPoolType where pool == nil:
        pool = try BinaryXMLStringPool(bytes, start: offset, headerSize: headerSize, size: size)
      case resourceMapType:
        resourceMap = (offset + headerSize)..<(offset + headerSize + (size - headerSize) / 4 * 4)
      case startElementType:
        guard var strings = pool else { throw .noStringPool }
        let element = try BinaryXMLElement(
          bytes, start: offset, headerSize: headerSize, size: size, resourceMap: resourceMap)
        let name = try strings.string(element.name) ?? ""
        var failure: BinaryXMLError?
        let root = facts.take(
          name, depth: depth,
          value: { attribute in
            do throws(BinaryXMLError) { return try element.value(of: attribute, strings: &strings) } catch {
              failure = error
              return nil
            }
          },
          unqualified: { attributeName in
            do throws(BinaryXMLError) { return try element.unqualified(attributeName, strings: &strings) } catch {
              failure = error
              return nil
            }
          })
        if let failure { throw failure }
        if let root { throw .notAManifest(root: root) }
        pool = strings
        sawElement = true
        depth += 1
      case endElementType:
        depth = max(0, depth - 1)
        // Android stops at the root's end: whatever follows it is no part of the manifest.
        if depth == 0 && sawElement { return facts }
      default:
        break
      }
      offset += size
    }
    guard sawElement else { throw .noRootElement }
    return facts
  }
}
