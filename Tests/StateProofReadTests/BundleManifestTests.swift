import StateProofEvidence
import StateProofTestSupport
import Testing

@testable import StateProofRead

/// An App Bundle's manifest (aapt2's protocol buffers, built here from `Resources.proto`'s field
/// numbers; `AndroidPackageReaderTests` reads one aapt2 wrote): its facts, and broken messages.
struct BundleManifestTests {
  typealias P = ProtoBuilder

  static func permission(_ name: String, _ more: [[UInt8]] = []) -> [UInt8] {
    P.element("uses-permission", [P.attribute("name", id: 0x0101_0003, text: name)] + more)
  }

  static let manifest = P.element(
    "manifest",
    [
      P.attribute("versionCode", id: 0x0101_021B, text: "420", item: P.decimal(420)),
      P.attribute("versionName", id: 0x0101_021C, text: "4.2.0"),
      P.attribute("package", text: "org.stateproof.scanner", namespace: ""),
    ],
    children: [
      P.element(
        "uses-sdk",
        [
          P.attribute("minSdkVersion", id: 0x0101_020C, text: "24", item: P.decimal(24)),
          P.attribute("targetSdkVersion", id: 0x0101_0270, text: "35", item: P.decimal(35)),
        ]),
      permission("android.permission.CAMERA"),
      permission(
        "android.permission.BLUETOOTH_SCAN",
        [P.attribute("usesPermissionFlags", id: 0x0101_0644, text: "neverForLocation", item: P.hexadecimal(0x10000))]),
      permission(
        "android.permission.READ_EXTERNAL_STORAGE",
        [P.attribute("maxSdkVersion", id: 0x0101_0271, text: "32", item: P.decimal(32))]),
      P.field(2, "\n  "),
      P.element("application", children: [permission("android.permission.RECORD_AUDIO")]),
    ])

  @Test func readsWhatTheManifestDeclares() throws {
    let facts = try BundleManifest.read(Self.manifest)
    #expect(facts.package == "org.stateproof.scanner")
    #expect(facts.versionCode == 420)
    #expect(facts.versionName == "4.2.0")
    #expect(facts.minSdk == 24)
    #expect(facts.targetSdk == 35)
    #expect(
      facts.declarations == [
        Declaration(name: "android.permission.CAMERA"),
        Declaration(name: "android.permission.BLUETOOTH_SCAN", neverForLocation: true),
        Declaration(name: "android.permission.READ_EXTERNAL_STORAGE", maxSdk: 32),
      ])
  }

  @Test func readsIdsCompiledValuesReferencesAndNegativeNumbers() throws {
    let manifest = P.element(
      "manifest",
      [
        P.attribute("", id: 0x0101_021B, item: P.decimal(-2)),
        P.attribute("versionName", id: 0x0101_021C, text: "@string/version", item: P.reference(0x7F0E_0001)),
      ],
      children: [
        P.element("uses-permission", [P.attribute("renamed", id: 0x0101_0003, text: "android.permission.CAMERA")])
      ])
    let facts = try BundleManifest.read(manifest)
    #expect(facts.versionCode == Int(UInt32(bitPattern: -2)))
    #expect(facts.versionName == nil)
    #expect(facts.declarations == [Declaration(name: "android.permission.CAMERA")])
  }

  @Test func refusesBrokenMessages() {
    #expect(throws: ProtoError.noRootElement) { try BundleManifest.read([]) }
    #expect(throws: ProtoError.notAManifest(root: "LinearLayout")) {
      try BundleManifest.read(P.element("LinearLayout"))
    }
    // A length past the end, a varint that never ends, a group, field number 0.
    #expect(throws: ProtoError.truncated(offset: 0)) { try BundleManifest.read([0x0A, 0x05, 0x1A]) }
    #expect(throws: ProtoError.badVarint(offset: 0)) { try BundleManifest.read([UInt8](repeating: 0xFF, count: 11)) }
    #expect(throws: ProtoError.truncated(offset: 0)) { try BundleManifest.read([0xFF, 0xFF]) }
    #expect(throws: ProtoError.badWireType(3, offset: 0)) { try BundleManifest.read([0x0B]) }
    #expect(throws: ProtoError.badFieldNumber(offset: 0)) { try BundleManifest.read([0x02, 0x00]) }
    // A nested length reaching past its parent's end.
    #expect(throws: ProtoError.truncated(offset: 2)) { try BundleManifest.read([0x0A, 0x03, 0x1A, 0x7F, 0x41]) }
  }

  @Test func everyCutAndRandomDamageIsRefusedOrReadNeverACrash() {
    for length in 0..<Self.manifest.count { _ = try? BundleManifest.read(Array(Self.manifest.prefix(length))) }
    var random = SeededRandom.printed()
    for _ in 0..<3000 {
      var damaged = Self.manifest
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
      }
      _ = try? BundleManifest.read(damaged)
    }
  }
}
