import StateProofEvidence
import StateProofTestSupport
import Testing

@testable import StateProofRead

/// An APK's binary manifest: what it declares, however it was compiled or disguised, and every
/// kind of damage refused with its reason, never a crash or a hang.
struct BinaryXMLManifestTests {
  typealias Attribute = AXMLBuilder.Attribute
  typealias Element = AXMLBuilder.Element

  static func permission(_ name: String, _ more: [Attribute] = [], element: String = "uses-permission") -> Element {
    Element(name: element, attributes: [.text("name", 0x0101_0003, name)] + more)
  }

  static let manifest = Element(
    name: "manifest",
    attributes: [
      .number("versionCode", 0x0101_021B, 420), .text("versionName", 0x0101_021C, "4.2.0"),
      .text("package", nil, "org.stateproof.scanner", namespace: nil),
    ],
    children: [
      Element(
        name: "uses-sdk",
        attributes: [.number("minSdkVersion", 0x0101_020C, 24), .number("targetSdkVersion", 0x0101_0270, 34)]),
      permission("android.permission.CAMERA"),
      permission(
        "android.permission.BLUETOOTH_SCAN", [.number("usesPermissionFlags", 0x0101_0644, 0x10000, type: 0x11)]),
      permission("android.permission.READ_EXTERNAL_STORAGE", [.number("maxSdkVersion", 0x0101_0271, 32)]),
      permission("android.permission.READ_CONTACTS", element: "uses-permission-sdk-23"),
      Element(
        name: "application", attributes: [.text("label", 0x0101_0001, "Scanner")],
        children: [permission("android.permission.RECORD_AUDIO")]),
    ])

  static let expected = [
    Declaration(name: "android.permission.CAMERA"),
    Declaration(name: "android.permission.BLUETOOTH_SCAN", neverForLocation: true),
    Declaration(name: "android.permission.READ_EXTERNAL_STORAGE", maxSdk: 32),
    Declaration(name: "android.permission.READ_CONTACTS"),
  ]

  @Test(arguments: [false, true]) func readsWhatTheManifestDeclares(utf8: Bool) throws {
    var builder = AXMLBuilder()
    builder.utf8 = utf8
    let facts = try BinaryXMLManifest.read(builder.build(Self.manifest))
    #expect(facts.package == "org.stateproof.scanner")
    #expect(facts.versionCode == 420)
    #expect(facts.versionName == "4.2.0")
    #expect(facts.minSdk == 24)
    #expect(facts.targetSdk == 34)
    // RECORD_AUDIO, nested in <application>, is no request: Android reads only the root's children.
    #expect(facts.declarations == Self.expected)
  }

  @Test func findsAttributesByIdWhateverTheirNameOrNamespace() throws {
    // Obfuscators empty the names or point them at another namespace; Android reads the ids.
    var disguised = Self.manifest
    for index in disguised.children.indices {
      for attribute in disguised.children[index].attributes.indices
      where disguised.children[index].attributes[attribute].id != nil {
        disguised.children[index].attributes[attribute].name = ""
        disguised.children[index].attributes[attribute].namespace = "http://example.com/not-android"
      }
    }
    var builder = AXMLBuilder()
    #expect(try BinaryXMLManifest.read(builder.build(disguised)).declarations == Self.expected)
  }

  @Test func findsAttributesByNameWithoutAResourceMap() throws {
    var builder = AXMLBuilder()
    builder.resourceMap = false
    let facts = try BinaryXMLManifest.read(builder.build(Self.manifest))
    #expect(facts.declarations == Self.expected)
    #expect(facts.targetSdk == 34)
    // Without ids, an attribute outside the android namespace is not android's.
    var foreign = Self.manifest
    foreign.children[1].attributes[0].namespace = "http://example.com/other"
    #expect(try BinaryXMLManifest.read(builder.build(foreign)).declarations.count == Self.expected.count - 1)
  }

  @Test func readsTextNumbersReferencesAndLongVersionCodes() throws {
    var root = Self.manifest
    root.attributes = [
      .number("versionCode", 0x0101_021B, 7), .number("versionCodeMajor", 0x0101_0576, 1),
      Attribute(name: "versionName", id: 0x0101_021C, type: 0x01, data: 0x7F0E_0001),
    ]
    root.children[0].attributes = [
      .text("minSdkVersion", 0x0101_020C, "21"), .text("targetSdkVersion", 0x0101_0270, "Baklava"),
    ]
    var builder = AXMLBuilder()
    let facts = try BinaryXMLManifest.read(builder.build(root))
    #expect(facts.package == nil)
    #expect(facts.versionCode == 1 << 32 | 7)
    #expect(facts.versionName == nil)
    #expect(facts.minSdk == 21)
    #expect(facts.targetSdk == nil)
  }

  @Test func refusesADocumentThatIsNoManifest() {
    var builder = AXMLBuilder()
    #expect(throws: BinaryXMLError.notAManifest(root: "LinearLayout")) {
      try BinaryXMLManifest.read(builder.build(Element(name: "LinearLayout", children: [Self.permission("x")])))
    }
    #expect(throws: BinaryXMLError.notBinaryXML) { try BinaryXMLManifest.read(Array("<?xml version=\"1.0\"?>".utf8)) }
    #expect(throws: BinaryXMLError.notBinaryXML) { try BinaryXMLManifest.read([3, 0, 8, 0]) }
    #expect(throws: BinaryXMLError.noRootElement) { try BinaryXMLManifest.read([3, 0, 8, 0, 8, 0, 0, 0]) }
  }

  @Test func readsToTheDeclaredEndAndRefusesAnEndPastTheData() throws {
    var builder = AXMLBuilder()
    let bytes = builder.build(Self.manifest)
    #expect(try BinaryXMLManifest.read(bytes + [UInt8](repeating: 0xEE, count: 100)).declarations == Self.expected)
    let past = AXMLBuilder.uint32(UInt32(bytes.count + 1))
    #expect(throws: BinaryXMLError.declaredBeyondData(declared: bytes.count + 1, actual: bytes.count)) {
      try BinaryXMLManifest.read(Array(bytes[..<4]) + past + bytes[8...])
    }
  }

  @Test func skipsChunkTypesItDoesNotKnow() throws {
    var builder = AXMLBuilder()
    let bytes = builder.build(Self.manifest)
    let namespace = builder.offsets["namespace"]!
    let unknown = AXMLBuilder.chunk(0x0777, headerSize: 8, [UInt8](repeating: 0xAB, count: 24))
    var padded = Array(bytes[..<namespace]) + unknown + bytes[namespace...]
    padded.replaceSubrange(4..<8, with: AXMLBuilder.uint32(UInt32(padded.count)))
    #expect(try BinaryXMLManifest.read(padded).declarations == Self.expected)
  }

  @Test func stopsAtTheRootsEnd() throws {
    // A second root after the manifest, with a request of its own: Android never reads it.
    var builder = AXMLBuilder()
    let bytes = builder.build(Self.manifest)
    var second = AXMLBuilder()
    let extra = second.build(Element(name: "manifest", children: [Self.permission("android.permission.SEND_SMS")]))
    let namespaceEnd = bytes.count - 24
    var joined =
      Array(bytes[..<namespaceEnd]) + extra[second.offsets["element 0"]!..<(extra.count - 24)] + bytes[namespaceEnd...]
    joined.replaceSubrange(4..<8, with: AXMLBuilder.uint32(UInt32(joined.count)))
    #expect(try BinaryXMLManifest.read(joined).declarations == Self.expected)
  }

  /// `bytes` with `value` written at `offset`.
  static func patched(_ bytes: [UInt8], _ offset: Int, _ value: [UInt8]) -> [UInt8] {
    var patched = bytes
    patched.replaceSubrange(offset..<offset + value.count, with: value)
    return patched
  }

  @Test func refusesChunksThatDoNotFit() {
    var builder = AXMLBuilder()
    let bytes = builder.build(Self.manifest)
    let element = builder.offsets["element 1"]!
    // A size of 0 would never move the walk on; a size past the end would read outside.
    for size: UInt32 in [0, 7, 15, UInt32(bytes.count), 0xFFFF_FFFF] {
      #expect(throws: BinaryXMLError.badChunk(offset: element), "size \(size)") {
        try BinaryXMLManifest.read(Self.patched(bytes, element + 4, AXMLBuilder.uint32(size)))
      }
    }
    #expect(throws: BinaryXMLError.badChunk(offset: element)) {
      try BinaryXMLManifest.read(Self.patched(bytes, element + 2, AXMLBuilder.uint16(4)))
    }
    // An attribute count past the chunk's end, and attributes narrower than one.
    #expect(throws: BinaryXMLError.badElement(offset: element)) {
      try BinaryXMLManifest.read(Self.patched(bytes, element + 28, AXMLBuilder.uint16(0xFFFF)))
    }
    #expect(throws: BinaryXMLError.badElement(offset: element)) {
      try BinaryXMLManifest.read(Self.patched(bytes, element + 26, AXMLBuilder.uint16(4)))
    }
  }

  @Test func refusesAStringPoolThatPointsOutsideItself() {
    var builder = AXMLBuilder()
    let bytes = builder.build(Self.manifest)
    let pool = builder.offsets["pool"]!
    #expect(
      throws: BinaryXMLError.badStringPool(
        reason: "268435455 strings and 0 styles do not fit its \(bytes.uint32(pool + 4)) bytes")
    ) {
      try BinaryXMLManifest.read(Self.patched(bytes, pool + 8, AXMLBuilder.uint32(0x0FFF_FFFF)))
    }
    #expect(throws: BinaryXMLError.badStringPool(reason: "its header is 20 bytes, not 28")) {
      try BinaryXMLManifest.read(Self.patched(bytes, pool + 2, AXMLBuilder.uint16(20)))
    }
    // The root's name, "manifest": its offset far past the pool, then its length past the pool's end.
    let element = builder.offsets["element 0"]!
    let name = bytes.uint32(element + 20)
    #expect(throws: BinaryXMLError.badString(index: name)) {
      try BinaryXMLManifest.read(Self.patched(bytes, pool + 28 + 4 * name, AXMLBuilder.uint32(0x00FF_FFFF)))
    }
    let text = pool + bytes.uint32(pool + 20) + bytes.uint32(pool + 28 + 4 * name)
    #expect(throws: BinaryXMLError.badString(index: name)) {
      try BinaryXMLManifest.read(Self.patched(bytes, text, AXMLBuilder.uint16(0x7FFF)))
    }
    // An element naming a string the pool does not have.
    #expect(throws: BinaryXMLError.badString(index: 0x00AB_CDEF)) {
      try BinaryXMLManifest.read(Self.patched(bytes, element + 20, AXMLBuilder.uint32(0x00AB_CDEF)))
    }
  }

  @Test func refusesAnElementBeforeTheStringPool() {
    var builder = AXMLBuilder()
    let bytes = builder.build(Self.manifest)
    // The pool's type changed to one that is skipped.
    #expect(throws: BinaryXMLError.noStringPool) {
      try BinaryXMLManifest.read(Self.patched(bytes, 8, AXMLBuilder.uint16(0x0777)))
    }
  }

  @Test func everyCutAndRandomDamageIsRefusedOrReadNeverACrash() {
    var builder = AXMLBuilder()
    builder.utf8 = true
    let bytes = builder.build(Self.manifest)
    for length in 0..<bytes.count { _ = try? BinaryXMLManifest.read(Array(bytes.prefix(length))) }
    var random = SeededRandom.printed()
    for _ in 0..<3000 {
      var damaged = bytes
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
      }
      _ = try? BinaryXMLManifest.read(damaged)
    }
  }
}
