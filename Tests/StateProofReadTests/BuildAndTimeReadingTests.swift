import Foundation
import StateProofModel
import StateProofEvidence
import Testing
import StateProofTestSupport

@testable import StateProofRead

/// What evidence says about its build and time, read from the shapes real tools write: dumpsys
/// package blocks (the shared corpus of real captures), CI log timestamps, JUnit `timestamp`s of
/// every producer in the corpus, xcresulttool's UNIX seconds and AGP's output folders.
@Suite struct BuildAndTimeReadingTests {
  static let corpus = SharedCorpus.corpus

  static func corpusText(_ path: String) throws -> Data {
    try Data(contentsOf: corpus.appendingPathComponent(path))
  }

  // MARK: dumpsys package

  /// Each real capture's package block, in its own version's shape: M preview (package-level
  /// `versionCode=1 targetSdk=10000`, `versionName=` of a nested package, `lastUpdateTime=`,
  /// `firstInstallTime=` at two spaces, no `Packages:` header), Android 11 (`versionCode=…
  /// minSdk=… targetSdk=…`), an Android 13 fixture trimmed to `versionCode=1` with
  /// `firstInstallTime=` per user, GrapheneOS 14.
  @Test(
    .needsSharedCorpus,
    arguments: [
      (
        "dumpsys/m-preview-2015-hex-flags.txt", "com.os.operando.m_preview_sample", "1", nil, "2015-07-08 01:40:47",
        "2015-06-20 17:08:39"
      ),
      ("dumpsys/m-preview-2015-hex-flags.txt", "com.android.launcher", "22", "M-1955487", nil, nil),
      ("dumpsys/a11-emulator-one-time.txt", "com.sunmi.displaydemo", "1", nil, nil, nil),
      ("dumpsys/a11-oneplus-restriction-exempt.txt", "bbc.mobile.weather", "30328", nil, nil, nil),
      ("dumpsys/a13plus-workprofile-policy-fixed.txt", "com.example.app", "1", nil, nil, "2025-10-15 15:19:24"),
      ("dumpsys/a14-grapheneos-multiuser.txt", "app.vanadium.browser", "631208133", nil, nil, "2009-01-01 00:00:00"),
    ] as [(String, String, String, String?, String?, String?)])
  func realCapturesNameTheirPackagesVersion(
    file: String, package: String, code: String, name: String?, updated: String?, installed: String?
  ) throws {
    let scan = DumpsysScan.scan(try Self.corpusText(file))
    let versions = scan.versions.values.compactMap { $0[package] }
    #expect(versions.count == 1)
    #expect(versions.first?.versionCode == code)
    #expect(versions.first?.versionName == name)
    #expect(versions.first?.lastUpdateTime == updated)
    #expect(versions.first?.firstInstallTime == installed)
  }

  /// Every runtime line of a block carries that block's version, never a neighbour's.
  @Test(.needsSharedCorpus) func eachLineTakesItsOwnPackagesBuild() throws {
    let result = SeedLogReader.read(
      try Self.corpusText("dumpsys/m-preview-2015-hex-flags.txt"), from: Fixture.file("m-preview.txt"))
    let sample = result.seeds.filter { $0.package == "com.os.operando.m_preview_sample" }
    let launcher = result.seeds.filter { $0.package == "com.android.launcher" }
    #expect(!sample.isEmpty && !launcher.isEmpty)
    #expect(sample.allSatisfy { $0.build == BuildIdentity(versionCode: "1", source: "dumpsys package") })
    #expect(
      launcher.allSatisfy {
        $0.build == BuildIdentity(versionName: "M-1955487", versionCode: "22", source: "dumpsys package")
      })
  }

  /// An updated system app's factory copy (`Hidden system packages:`) prints its own, older
  /// version: the installed one, under `Packages:`, is the app's, for the hidden copy's lines too.
  @Test func theHiddenSystemCopysVersionIsNotTheInstalledOne() {
    let scan = DumpsysScan.scan(
      Data(
        """
        Packages:
          Package [com.example.scanner] (4d2c1b9):
            versionCode=420 minSdk=26 targetSdk=34
            versionName=4.2.0
            lastUpdateTime=2025-11-24 15:02:11
            User 0: ceDataInode=51207 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false
              runtime permissions:
        Hidden system packages:
          Package [com.example.scanner] (9a8b7c6):
            versionCode=100 minSdk=26 targetSdk=34
            versionName=1.0.0
            User 0: ceDataInode=0 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false
              runtime permissions:
                android.permission.CAMERA: granted=true, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]

        """.utf8))
    #expect(scan.versions[1]?["com.example.scanner"]?.versionName == "4.2.0")
    #expect(scan.entries.map(\.block) == [.hiddenSystemPackage])
    #expect(scan.entries.first?.version?.versionName == "4.2.0")
  }

  /// A seed script's `dumpsys package PKG | grep -E 'versionCode|versionName|CAMERA'` (or
  /// seed-check's own output): no headers, so the version lines before a read-back are the app's;
  /// a second read-back after an update takes the new ones. In a log with package headers,
  /// version lines outside every block speak for no one.
  @Test func aHeaderlessReadBackTakesTheVersionLinesBeforeIt() {
    let result = SeedLogReader.read(
      Data(
        """
        2025-11-24T15:02:14.0012345Z     versionCode=410 minSdk=26 targetSdk=34
        2025-11-24T15:02:14.0012990Z     versionName=4.1.0
        2025-11-24T15:02:14.0013101Z         android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]
        2025-11-24T15:09:51.7730000Z     versionCode=420 minSdk=26 targetSdk=34
        2025-11-24T15:09:51.7730412Z     versionName=4.2.0
        2025-11-24T15:09:51.7731003Z         android.permission.CAMERA: granted=true, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]

        """.utf8), from: Fixture.file("seed.log"))
    #expect(result.seeds.map(\.build?.versionName) == ["4.1.0", "4.2.0"])
    #expect(result.seeds.map(\.build?.versionCode) == ["410", "420"])
    // GitHub Actions' timestamp on each line is when it was read back.
    #expect(result.seeds.map(\.time?.instant) == ["2025-11-24T15:02:14Z", "2025-11-24T15:09:51Z"])
    #expect(result.seeds.allSatisfy { $0.time?.zone == .stated && $0.time?.source == "log line timestamp" })

    let withHeaders = SeedLogReader.read(
      Data(
        """
        versionName=9.9.9
        Packages:
          Package [com.example.scanner] (4d2c1b9):
            User 0: ceDataInode=51207 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false
              runtime permissions:
                android.permission.CAMERA: granted=true, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]

        """.utf8), from: Fixture.file("dump.txt"))
    #expect(withHeaders.seeds.map(\.build) == [nil])
    #expect(withHeaders.seeds.map(\.time) == [nil])
  }

  // MARK: JUnit

  /// Every `timestamp` shape in the corpus, with how its zone is known: AGP and Gradle write UTC
  /// without a zone (said so), pytest local time without one (unknown) or with an offset, TestNG
  /// `… UTC`.
  @Test(
    .needsSharedCorpus,
    arguments: [
      (
        "junit/agp-connected/TEST-test_device(AVD) - 15-_app-.xml", "2026-06-20T16:49:12", "2026-06-20T16:49:12Z",
        EvidenceTime.Zone.utcByProducer
      ),
      (
        "junit/gradle-jvm/TEST-com.github.guenhter.junit.CalculatorTest.xml", "2023-01-11T08:51:38",
        "2023-01-11T08:51:38Z", .utcByProducer
      ),
      (
        "junit/surefire-pytest-bazel/pytest-junit.fail.xml", "2020-09-04T16:18:04.966371", "2020-09-04T16:18:04",
        .unknown
      ),
      (
        "junit/surefire-pytest-bazel/pytest-python-xunit-pytest.xml", "2025-11-15T11:51:49.548396-05:00",
        "2025-11-15T16:51:49Z", .stated
      ),
      (
        "junit/surefire-pytest-bazel/TEST-org.apache.pulsar.AddMissingPatchVersionTest.xml", "2021-03-07T10:36:56 UTC",
        "2021-03-07T10:36:56Z", .stated
      ),
    ] as [(String, String, String, EvidenceTime.Zone)])
  func junitTimestampsOfEveryProducer(file: String, written: String, instant: String, zone: EvidenceTime.Zone) throws {
    let url = Self.corpus.appendingPathComponent(file)
    let set = EvidenceReader.read(Fixture.file(file, kind: .junit, url: url))
    let span = try #require(set.files.first?.time)
    #expect(span.from.written == written)
    #expect(span.from.instant == instant)
    #expect(span.from.zone == zone)
    #expect(span.from.source == "testsuite timestamp")
    #expect(!set.tests.isEmpty)
    #expect(set.tests.allSatisfy { $0.startedAt == span.from })
  }

  /// trunk's converter dates each test case (`timestamp="2025-02-18T16:45:47.900+00:00"`); a
  /// converter's JUnit without any `timestamp` names no time.
  @Test(.needsSharedCorpus) func caseTimestampsAndFilesWithoutAny() throws {
    let trunk = Self.corpus.appendingPathComponent("junit/xcode-converters/trunk-xcresult-test-swift-mix.junit.xml")
    let set = EvidenceReader.read(Fixture.file("trunk.xml", kind: .junit, url: trunk))
    #expect(
      set.tests.allSatisfy {
        $0.startedAt?.instant == "2025-02-18T16:45:47Z" && $0.startedAt?.source == "testcase timestamp"
      })
    let trainer = Self.corpus.appendingPathComponent(
      "junit/xcode-converters/fastlane-trainer-Xcode16-Mixed-WithRetries.junit")
    let plain = EvidenceReader.read(Fixture.file("trainer.junit", kind: .junit, url: trainer))
    #expect(plain.files.first?.time == nil)
    #expect(plain.tests.allSatisfy { $0.startedAt == nil })
  }

  // MARK: xcresulttool

  /// Real `summary` output (Xcode 26): `startTime` and `finishTime` are UNIX seconds with a
  /// fraction, and agree with the bundle's name (`2026.01.11_12-36-33-+0200`, 10:36:33 UTC);
  /// `activities` dates each attachment the same way; `tests` names no time of its own.
  @Test(.needsSharedCorpus) func xcresulttoolNamesItsRunsTimesInUnixSeconds() throws {
    let run = "xcresult/openxcresulttool__Test-RandomStuff-2026.01.11_12-36-33-+0200"
    func read(_ suffix: String) throws -> FileRecord? {
      let url = Self.corpus.appendingPathComponent(run + suffix)
      let file = DiscoveredFile(
        record: FileRecord(root: "corpus", path: url.lastPathComponent, kind: .xcresultJSON, bytes: 0, sha256: ""),
        url: url)
      return EvidenceReader.readXCResult(file, defaultDevice: nil) { _ in }.0.files.first
    }
    let summary = try #require(try read(".summary.json")?.time)
    #expect(summary.from.written == "1768127793.56" && summary.from.source == "summary startTime")
    #expect(summary.from.instant == "2026-01-11T10:36:33Z" && summary.from.zone == .stated)
    #expect(summary.to.written == "1768127986.107" && summary.to.source == "summary finishTime")
    #expect(summary.to.instant == "2026-01-11T10:39:46Z")
    let activities = try #require(try read(".activities.testLaunch.json")?.time)
    #expect(activities.from.source == "attachment timestamp")
    #expect(activities.from.instant >= summary.from.instant && activities.to.instant <= summary.to.instant)
    #expect(try read(".tests.json")?.time == nil)
  }

  // MARK: Variants from AGP's folders

  @Test(arguments: [
    (
      "app/build/outputs/androidTest-results/connected/release/TEST-Pixel 8 - 14-_app-.xml", "release",
      "AGP output folder"
    ),
    (
      "app/build/outputs/androidTest-results/connected/debug/TEST-Medium_Phone_API_36.1(AVD) - 16-_app-.xml", "debug",
      "AGP output folder"
    ),
    (
      "app/build/outputs/androidTest-results/connected/debug/flavors/beta/TEST-Medium_Phone_2(AVD) - 13-_app-beta.xml",
      "betaDebug", "AGP output folder"
    ),
    (
      "app/build/outputs/connected_android_test_additional_output/releaseAndroidTest/connected/Pixel 8 - 14/viewfinder.png",
      "release", "AGP output folder"
    ),
    (
      "app/build/outputs/connected_android_test_additional_output/freeDebugAndroidTest/connected/SM-S901E - 15/view-op-error-1.png",
      "freeDebug", "AGP output folder"
    ),
    (
      "app/build/test-results/testReleaseUnitTest/TEST-com.example.scanner.CameraScreenTest.xml", "release",
      "Gradle test task"
    ),
    (
      "app/build/test-results/testFreeDebugUnitTest/TEST-com.example.scanner.CameraScreenTest.xml", "freeDebug",
      "Gradle test task"
    ),
  ])
  func agpFoldersNameTheirVariant(path: String, variant: String, source: String) {
    #expect(AndroidVariantPath.build(in: path) == BuildIdentity(variant: variant, source: source))
  }

  @Test(arguments: [
    "app/build/outputs/androidTest-results/connected/TEST-emulator-5554 - 17.xml",
    "app/build/outputs/androidTest-results/managedDevice/pixel2Api30/TEST-pixel2Api30-_app-.xml",
    "app/build/outputs/androidTest-results/connected/Pixel 8 - 14/test-result.pb",
    "app/build/test-results/test/TEST-com.example.Foo.xml",
    "ios/junit/ScannerUITests.junit.xml",
    "android/screenshots/camera/blocked.png",
  ])
  func otherPathsNameNoVariant(path: String) {
    #expect(AndroidVariantPath.build(in: path) == nil)
  }
}
