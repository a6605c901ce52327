/// Reads an App Bundle's `base/manifest/AndroidManifest.xml`: aapt2's protocol-buffers XML
/// (`Resources.proto`'s `XmlNode`), the root element and its direct children, which hold every
/// fact ``AndroidManifestFacts`` keeps (nothing deeper is parsed, so nesting costs nothing).
/// Lengths are checked against their message by ``ProtoFields``; memory stays within the
/// manifest's size.
package enum BundleManifest {
  package static func read(_ bytes: [UInt8]) throws(ProtoError) -> AndroidManifestFacts {
    guard let root = try BundleXMLElement(bytes, node: 0..<bytes.count) else { throw .noRootElement }
    var facts = AndroidManifestFacts()
    try take(root, depth: 0, into: &facts)
    for child in root.children {
      guard let element = try BundleXMLElement(bytes, node: child) else { continue }
      try take(element, depth: 1, into: &facts)
    }
    return facts
  }

  private static func take(_ element: BundleXMLElement, depth: Int, into facts: inout AndroidManifestFacts)
    throws(ProtoError)
  {
    var failure: ProtoError?
    let root = facts.take(
      element.name, depth: depth,
      value: { attribute in
        do throws(ProtoError) { return try element.value(of: attribute) } catch {
          failure = error
          return nil
        }
      },
      unqualified: { name in
        do throws(ProtoError) { return try element.unqualified(name) } catch {
          failure = error
          return nil
        }
      })
    if let failure { throw failure }
    if let root { throw .notAManifest(root: root) }
  }
}
