import Foundation

/// The one place StateProof decodes a property list, with Foundation's
/// `PropertyListSerialization`: bytes of at most ``maxBytes`` (checked before parsing) in, the
/// top-level dictionary out, or a ``PropertyListProblem``. Foundation limits how deep arrays and
/// dictionaries nest (the tests hold it to that); XML declaring entities is refused first.
enum PropertyListDocument {
  /// The largest `Info.plist` read: an app's is a few kilobytes, a big one tens.
  static let maxBytes = 4 << 20

  /// A decoded top level: its keys and values, and whether it was written as XML (whose lines
  /// can be found again; a binary property list has none).
  struct Decoded {
    var values: [String: Any]
    var isXML: Bool
  }

  static func decode(_ data: Data) -> Result<Decoded, PropertyListProblem> {
    guard data.count <= maxBytes else { return .failure(.tooLarge(bytes: data.count)) }
    let binary = data.starts(with: Array("bplist".utf8))
    if !binary, data.range(of: Data("<!ENTITY".utf8)) != nil { return .failure(.declaresEntities) }
    var format = PropertyListSerialization.PropertyListFormat.binary
    let value: Any
    do {
      value = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      return .failure(.undecodable(binary: binary, detail: binary ? nil : detail))
    }
    // Cut short, a binary property list can still parse as an old-style (OpenStep) one: a word.
    if binary && format != .binary { return .failure(.undecodable(binary: true, detail: nil)) }
    guard let values = value as? [String: Any] else { return .failure(.notDictionary) }
    return .success(Decoded(values: values, isXML: format == .xml))
  }
}
