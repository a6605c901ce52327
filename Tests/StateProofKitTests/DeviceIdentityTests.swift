import Foundation
import Testing

@testable import StateProofMatch
@testable import StateProofModel
@testable import StateProofRead
import StateProofEvidence
import StateProofTestSupport

/// Readers hand over each device as the identity its producer's rule reads, and matching compares
/// those fields, not the spelling parsed again.
@Suite(.temporaryFolders) struct DeviceIdentityTests {
  /// A path each pattern names a device in (and no pattern before it does); a new pattern does not
  /// compile until it has one.
  private static func sample(_ pattern: DeviceRule.PathPattern) -> (path: String, device: String) {
    switch pattern {
    case .agpFileName:
      ("app/build/outputs/androidTest-results/connected/debug/TEST-Pixel 8 - 14-app-.xml", "Pixel 8 - 14")
    case .agpFolder:
      ("app/build/outputs/androidTest-results/connected/debug/Pixel 8 - 14/TEST-x.xml", "Pixel 8 - 14")
    case .testLabFolder: ("shard_0/NexusLowRes-28-en-portrait/test_result_1.xml", "NexusLowRes-28-en-portrait")
    case .managedDeviceFolder:
      ("app/build/outputs/androidTest-results/managedDevice/debug/pixel2api30/TEST-x.xml", "pixel2api30")
    case .marathonSerialFolder:
      ("build/reports/marathon/debugAndroidTest/tests/omni/emulator-5554/x.xml", "emulator-5554")
    case .spoonImageFolder:
      ("spoon-output/image/emulator-5554/com.example.CameraTest/granted/1764490815321_open.png", "emulator-5554")
    }
  }

  @Test func everyPathPatternHandsOverItsProducersIdentity() {
    for pattern in DeviceRule.pathPatterns {
      let (path, device) = Self.sample(pattern)
      let identity = DevicePath.identity(in: path)
      #expect(identity?.spelling == device, "\(pattern)")
      #expect(identity?.producer == DeviceRule.of(pattern).producer, "\(pattern)")
    }
    for producer in DeviceProducer.allCases {
      #expect(DeviceRule.of(producer).identity(spelled: "device").producer == producer)
    }
  }

  @Test func testLabsRuleReadsItsSpelling() throws {
    let identity = try #require(DevicePath.identity(in: Self.sample(.testLabFolder).path))
    #expect(identity.name == "NexusLowRes")
    #expect(identity.os == "28")
    #expect(identity.osIsAPILevel)
    #expect(identity.platform == .android)
    #expect(identity.setting == "en-portrait")
    let apple = DeviceRule.of(.flank).identity(spelled: "iphonexs-12.1-en_GB-landscape")
    #expect(apple.platform == .ios)
    #expect(apple.os == "12.1")
    #expect(!apple.osIsAPILevel)
    // Other producers' spellings tell no more than a person's would.
    #expect(DeviceRule.of(.maestro).identity(spelled: "NexusLowRes-28-en-portrait").platform == nil)
  }

  @Test func screenshotFoldersHandOverTheirProducers() {
    let agp = AndroidScreenshotPath.identity(
      in: "app/build/outputs/connected_android_test_additional_output/debugAndroidTest/connected/Pixel 8 - 14/a.png")
    #expect(agp?.producer == .agpConnected)
    #expect(agp?.spelling == "Pixel 8 - 14")
    let managed = AndroidScreenshotPath.identity(
      in: "app/build/outputs/managed_device_android_test_additional_output/debugAndroidTest/pixel2api30/a.png")
    #expect(managed?.producer == .gradleManagedDevices)
    #expect(AndroidScreenshotPath.identity(in: "shots/a.png") == nil)
  }

  /// Flank's suite names and Maestro's attribute reach the evidence set as their rules read them.
  @Test func junitReadersHandOverSuiteDevices() throws {
    let flank = try read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites>
        <testsuite name="NexusLowRes-28-en-portrait#com.example.CameraTest" tests="1" failures="0">
          <testcase classname="com.example.CameraTest" name="shows" time="1.0"/>
        </testsuite>
      </testsuites>
      """)
    let lab = try #require(flank.deviceIdentities["NexusLowRes-28-en-portrait"])
    #expect(lab.producer == .flank)
    #expect(lab.platform == .android)
    #expect(flank.tests.first?.device == "NexusLowRes-28-en-portrait")
    let maestro = try read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites>
        <testsuite name="Test Suite" device="R3GL206WKVZ" tests="1" failures="0">
          <testcase id="camera" name="camera" classname="camera" status="SUCCESS"/>
        </testsuite>
      </testsuites>
      """)
    #expect(maestro.deviceIdentities["R3GL206WKVZ"]?.producer == .maestro)
    let lab2 = try read(
      "<testsuite name=\"x\" tests=\"1\"><testcase classname=\"a.B\" name=\"c\"/></testsuite>",
      path: "gcs/Pixel2.arm-30-en-portrait/test_result_1.xml")
    #expect(lab2.deviceIdentities["Pixel2.arm-30-en-portrait"]?.producer == .firebaseTestLab)
    #expect(lab2.deviceIdentities["Pixel2.arm-30-en-portrait"]?.name == "Pixel2.arm")
  }

  /// The catalog resolves a release device by the identity's fields: a spelling that names no
  /// model by itself is the Test Lab device its rule read, and without the identity it is not.
  @Test func catalogComparesTheIdentityNotTheSpelling() {
    let identity = DeviceIdentity(
      spelling: "lab phone", producer: .firebaseTestLab, name: "NexusLowRes", os: "28", osIsAPILevel: true,
      platform: .android, setting: "en-portrait")
    var evidence = EvidenceSet(files: [
      FileRecord(root: "ci", path: "run/TEST-x.xml", kind: .junit, bytes: 1, sha256: nil, devices: ["lab phone"])
    ])
    let at = EvidenceLocation(root: "ci", path: "run/TEST-x.xml")
    let releases = ["NexusLowRes-28-en-portrait", "NexusLowRes - 9"]
    let unread = DeviceCatalog(evidence: evidence, releaseDevices: releases)
    #expect(!unread.speaks(device: "lab phone", at: at, for: releases[0]))
    evidence.hand(identity)
    let catalog = DeviceCatalog(evidence: evidence, releaseDevices: releases)
    #expect(catalog.speaks(device: "lab phone", at: at, for: releases[0]))
    // API level 28 is Android 9.
    #expect(catalog.speaks(device: "lab phone", at: at, for: releases[1]))
    #expect(catalog.os(device: "lab phone", at: at) == "API 28")
  }

  /// Platform attribution takes a device's platform from its identity, and reads a spelling
  /// only when no reader handed one over.
  @Test func attributionReadsTheIdentitysPlatform() {
    let plain = PlatformAttribution(configuration: Configuration())
    #expect(plain.platform(root: "evidence", path: "results/x.xml", device: "lab phone") == nil)
    #expect(plain.platform(root: "evidence", path: "results/x.xml", device: "NexusLowRes-28-en-portrait") == .android)
    let known = plain.knowing([
      "lab phone": DeviceIdentity(spelling: "lab phone", producer: .firebaseTestLab, name: "iphonexs", platform: .ios),
      "NexusLowRes-28-en-portrait": DeviceRule.of(.maestro).identity(spelled: "NexusLowRes-28-en-portrait"),
    ])
    #expect(known.platform(root: "evidence", path: "results/x.xml", device: "lab phone") == .ios)
    // Maestro's rule reads no platform from a device id, however it is spelled.
    #expect(known.platform(root: "evidence", path: "results/x.xml", device: "NexusLowRes-28-en-portrait") == nil)
  }

  @Test func identitiesMergeTheSameWhateverTheOrder() {
    let lab = DeviceRule.of(.firebaseTestLab).identity(spelled: "NexusLowRes-28-en-portrait")
    let maestro = DeviceRule.of(.maestro).identity(spelled: "NexusLowRes-28-en-portrait")
    var first = EvidenceSet()
    first.hand(lab)
    var second = EvidenceSet()
    second.hand(maestro)
    var one = first
    one.merge(second)
    var other = second
    other.merge(first)
    #expect(one.deviceIdentities == other.deviceIdentities)
    #expect(one.deviceIdentities["NexusLowRes-28-en-portrait"]?.producer == .firebaseTestLab)
  }

  /// Evidence each producer writes, and the device it names there; a new producer does not
  /// compile until it has one.
  private func sample(_ producer: DeviceProducer) throws -> (evidence: EvidenceSet, device: String) {
    let suite = "<testsuite name=\"x\" tests=\"1\"><testcase classname=\"a.B\" name=\"c\"/></testsuite>"
    switch producer {
    case .agpConnected:
      let path = "agp/connected/debug/TEST-Pixel_7_API_34(AVD) - 14-_app-.xml"
      return (try read(TestFiles.readerFixture("junit/" + path), kind: .junit, path: path), "Pixel_7_API_34(AVD) - 14")
    case .firebaseTestLab:
      return (try read(suite, path: "gcs/Pixel2.arm-30-en-portrait/test_result_1.xml"), "Pixel2.arm-30-en-portrait")
    case .gradleManagedDevices:
      return (
        try read(suite, path: "app/build/outputs/androidTest-results/managedDevice/debug/pixel2api30/TEST-x.xml"),
        "pixel2api30"
      )
    case .fastlaneTrainer:
      return (
        try read(TestFiles.readerFixture("junit/trainer-late-devices.junit"), kind: .junit, path: "report.junit"),
        "iPhone 16 (18.2)"
      )
    case .maestro:
      return (
        try read(
          "<testsuites><testsuite name=\"Test Suite\" device=\"R3GL206WKVZ\"><testcase id=\"f\" name=\"f\"/></testsuite></testsuites>"
        ), "R3GL206WKVZ"
      )
    case .flank:
      return (
        try read(
          "<testsuites><testsuite name=\"NexusLowRes-28-en-portrait#a.B\"><testcase classname=\"a.B\" name=\"c\"/></testsuite></testsuites>"
        ), "NexusLowRes-28-en-portrait"
      )
    case .marathon:
      return (try read(suite, path: "build/reports/marathon/tests/omni/emulator-5554/a.B#c.xml"), "emulator-5554")
    case .spoon:
      // ddmlib's shape in Spoon's report per device; result.json names the device fully.
      let ddmlib =
        #"<testsuite name="a.test" tests="1" hostname="localhost"><properties /><testcase classname="a.B" name="c"/></testsuite>"#
      let output = "spoon/app/build/spoon-output/debugAndroidTest/"
      var evidence = try read(ddmlib, path: "build/spoon-output/debug/junit-reports/0A1B2C3D4E5F.xml")
      #expect(evidence.deviceIdentities["0A1B2C3D4E5F"] == DeviceRule.of(.spoon).identity(spelled: "0A1B2C3D4E5F"))
      let result = TestFiles.readerFixture(output + "result.json")
      let record = FileRecord(
        root: "evidence", path: "result.json", kind: .runnerRecord, bytes: 0, sha256: nil,
        format: RunnerRecordFormat.spoonResult)
      evidence.merge(EvidenceReader.read(DiscoveredFile(record: record, url: result)))
      return (evidence, "Pixel 8 - 14")
    case .saucectl:
      let xml = """
        <testsuites><testsuite name="x"><properties>
        <property name="platform" value="Android 14"/><property name="device" value="Google Pixel 8"/>
        </properties><testcase classname="a.B" name="c"/></testsuite></testsuites>
        """
      return (try read(xml), "Google Pixel 8 - 14")
    case .xcresulttool:
      let path = "examples/two-simulators/ios/xcresult/tests.json"
      return (try read(PackageRoot.url(path), kind: .xcresultJSON, path: path), "iPhone 16 (18.6)")
    }
  }

  /// Every producer in the device table hands its devices over by its own rule: a reader that
  /// names a device without building the identity from its producer's rule fails here.
  @Test(arguments: DeviceProducer.allCases)
  func everyProducersReaderHandsOverItsIdentity(producer: DeviceProducer) throws {
    let (evidence, device) = try sample(producer)
    let identity = try #require(evidence.deviceIdentities[device], "\(producer) named \(evidence.files.map(\.devices))")
    // saucectl's device is read from its `device` and `platform` properties, not from the spelling.
    let expected =
      producer == .saucectl
      ? DeviceRule.saucectl(device: "Google Pixel 8", platform: "Android 14")
      : DeviceRule.of(producer).identity(spelled: device)
    #expect(identity == expected)
  }

  private func read(_ url: URL, kind: FileKind, path: String) throws -> EvidenceSet {
    let record = FileRecord(root: "evidence", path: path, kind: kind, bytes: 0, sha256: nil)
    return EvidenceReader.read(DiscoveredFile(record: record, url: url))
  }

  private func read(_ xml: String, path: String = "results/report.xml") throws -> EvidenceSet {
    let url = try TemporaryFolder.make("identity").appendingPathComponent("report.xml")
    try Data(xml.utf8).write(to: url)
    let record = FileRecord(root: "evidence", path: path, kind: .junit, bytes: 0, sha256: nil)
    return EvidenceReader.read(DiscoveredFile(record: record, url: url))
  }
}
