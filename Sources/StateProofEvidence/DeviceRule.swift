import StateProofModel

/// How one producer of test results records the device a test ran on: where it writes it, how it
/// spells it, and what the spelling says of the OS and platform. ``all`` is the one table of these
/// rules: the readers take a device's folder rules from it (in its order) and hand over each
/// device as the identity its rule reads (``DeviceIdentity``), which matching compares; the
/// `device-unknown` text and the "Device farms and runners" table in docs/evidence.md are written
/// from it (a test checks the doc).
package struct DeviceRule: Sendable {
  /// A place in a JUnit file or its path where the producer names the device, for the
  /// `device-unknown` text.
  package enum JUnitPlace: Sendable, Hashable {
    /// A `device` property; the producer as the text names it.
    case property(by: String)
    /// The suite's `device` attribute.
    case suiteAttribute(by: String)
    /// The suite's name, in `spelling`'s spelling.
    case suiteName(spelling: String, by: String)
    /// The file's name, as the text writes it.
    case fileName(String)
    /// A folder of the path, as the text writes it.
    case folder(String)
  }

  /// A path pattern that names a device, which the readers apply in the table's order.
  package enum PathPattern: Sendable, Hashable {
    /// AGP's `TEST-<device>-<project>-<flavor>.xml`.
    case agpFileName
    /// A folder under `connected/` or `managedDevice/` that reads like AGP's `<model> - <release>`.
    case agpFolder
    /// Test Lab's `<model>-<version>-<locale>-<orientation>[-rerun_N]/` (``TestLabDevice``).
    case testLabFolder
    /// `managedDevice/[<variant>/[flavors/<flavor>/]]<device>/`.
    case managedDeviceFolder
    /// Marathon's older `tests/<pool>/<serial>/`, the serial escaped.
    case marathonSerialFolder
    /// Spoon's screenshots, `image/<serial>/<class>/<method>/<time>_<tag>.png`.
    case spoonImageFolder

    /// Whether a farm writes it (every pattern but AGP's own connected-test names).
    package var isFarm: Bool { self != .agpFileName && self != .agpFolder }
  }

  package var producer: DeviceProducer
  /// The producer as the docs' table names it.
  package var name: String
  /// Where the device is, as Markdown for the docs' table.
  package var whereRecorded: String
  /// What StateProof reads from the spelling (the OS too, where it is given), as Markdown.
  package var fieldsRead: String
  /// Where in a JUnit file or its path the device is named, for the `device-unknown` text.
  package var junitPlaces: [JUnitPlace]
  /// The path patterns the readers apply for this producer.
  package var paths: [PathPattern]

  /// The identity a reader hands over for a device this producer spelled `spelling`: the parts
  /// of the spelling this producer writes (``fieldsRead``), and no others.
  package func identity(spelled spelling: String) -> DeviceIdentity {
    var identity = DeviceSpelling.unread(spelling, by: producer)
    switch producer {
    case .agpConnected:
      // `<model> - <release>`, an emulator `<avd>(AVD) - <release>`, or by its serial
      // (`emulator-5554 - 14`, `Pixel 8 - 14 (emulator-5554)`).
      DeviceSpelling.readSerial(&identity)
      DeviceSpelling.readRelease(&identity)
      DeviceSpelling.readAVD(&identity)
      DeviceSpelling.readBareSerial(&identity)
    case .firebaseTestLab, .flank:
      guard let testLab = TestLabDevice(identity.name), testLab.rerun == nil else { break }
      identity.name = testLab.model
      identity.os = testLab.version
      identity.osIsAPILevel = !testLab.isApple
      identity.platform = testLab.isApple ? .ios : .android
      identity.setting = "\(testLab.locale)-\(testLab.orientation)"
    case .gradleManagedDevices:
      break
    case .fastlaneTrainer:
      // `<model> (<iOS version>)`.
      DeviceSpelling.readAppleVersion(&identity)
    case .maestro, .saucectl:
      // A device id (`emulator-5554`, a serial, an AVD's name), or saucectl's device as written.
      DeviceSpelling.readBareSerial(&identity)
    case .marathon:
      // `<model> - <release>[ (<emulator serial>)]`, `<model> (<iOS version>)`, or the serial alone.
      DeviceSpelling.readSerial(&identity)
      DeviceSpelling.readRelease(&identity)
      DeviceSpelling.readAppleVersion(&identity)
      DeviceSpelling.readBareSerial(&identity)
    case .spoon:
      // `<model> - <release>`, `<avd>(AVD) - <release> (<emulator serial>)`, or the serial alone.
      DeviceSpelling.readSerial(&identity)
      DeviceSpelling.readRelease(&identity)
      DeviceSpelling.readAVD(&identity)
      DeviceSpelling.readBareSerial(&identity)
    case .xcresulttool:
      // `iPhone 16`, `iPhone 16 (18.6)`, a parallel run's `Clone 1 of iPhone 16`.
      DeviceSpelling.readAppleVersion(&identity)
      DeviceSpelling.readClone(&identity)
    }
    return identity
  }

  /// saucectl's device with the OS its `platform` property gives (`Android 14` → `<device> - 14`,
  /// `iOS 17.5` → `<device> (17.5)`, spelled as AGP and fastlane trainer spell them), read from
  /// the two properties rather than from that spelling; nil when the platform adds no OS (none
  /// given, another system, or the name already carries a version).
  package static func saucectl(device: String, platform: String?) -> DeviceIdentity? {
    guard let platform, !device.hasSuffix(")"), !device.contains(" - ") else { return nil }
    let words = platform.split(separator: " ")
    guard words.count == 2, words[1].first?.isNumber == true,
      words[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    else { return nil }
    let spelling: String
    switch words[0].lowercased() {
    case "android": spelling = "\(device) - \(words[1])"
    case "ios", "ipados": spelling = "\(device) (\(words[1]))"
    default: return nil
    }
    var identity = of(.saucectl).identity(spelled: device)
    identity.spelling = spelling
    identity.os = String(words[1])
    return identity
  }

  /// A device a person wrote (a release device, a seed record's own field, a folder named like a
  /// release device): a Test Lab spelling as Test Lab's rule reads it, any other with every part
  /// people borrow from the producers' spellings (``DeviceSpelling/written(_:)``).
  package static func identity(written text: String) -> DeviceIdentity {
    let testLab = of(.firebaseTestLab).identity(spelled: text)
    return testLab.setting != nil ? testLab : DeviceSpelling.written(text)
  }

  /// The rule whose ``paths`` hold `pattern`.
  package static func of(_ pattern: PathPattern) -> DeviceRule {
    all.first { $0.paths.contains(pattern) }!
  }

  /// Every path pattern, in the table's order: the order the readers try them.
  package static var pathPatterns: [PathPattern] { all.flatMap(\.paths) }

  /// The ways a JUnit file could have named its device, in a few words.
  package static var junitPlaces: String {
    let places = all.flatMap(\.junitPlaces)
    var properties: [String] = []
    var attributes: [String] = []
    var suiteNames: [String] = []
    var fileNames: [String] = []
    var folders: [String] = []
    for place in places {
      switch place {
      case .property(let by): properties.append(by)
      case .suiteAttribute(let by): attributes.append(by)
      case .suiteName(let spelling, let by): suiteNames.append("a \(spelling) suite name (\(by))")
      case .fileName(let name): fileNames.append(name)
      case .folder(let folder): folders.append(folder)
      }
    }
    var parts: [String] = []
    if !properties.isEmpty { parts.append("a device property (\(properties.joined(separator: ", ")))") }
    if !attributes.isEmpty { parts.append("a suite's device attribute (\(attributes.joined(separator: ", ")))") }
    parts += suiteNames
    if !fileNames.isEmpty { parts.append("a file name (\(listed(fileNames)))") }
    if !folders.isEmpty { parts.append("a folder (\(listed(folders)))") }
    return "JUnit names it in \(listed(parts, serial: false))"
  }

  /// `a, b, or c` (`a, b or c` without the serial comma).
  private static func listed(_ items: [String], serial: Bool = true) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + (serial ? ", or " : " or ") + items.last!
  }

  /// The table of Markdown rows the docs' "Device farms and runners" section holds.
  package static var markdownTable: String {
    (["| Producer | Where the device is | Fields read |", "|---|---|---|"]
      + all.map { "| \($0.name) | \($0.whereRecorded) | \($0.fieldsRead) |" }).joined(separator: "\n")
  }

  /// Every producer's rule, in the order the readers try their path patterns.
  package static let all: [DeviceRule] = DeviceProducer.allCases.map(of)

  /// The rule of `producer`: a new producer does not compile until its rule is written here.
  package static func of(_ producer: DeviceProducer) -> DeviceRule {
    switch producer {
    case .agpConnected:
      DeviceRule(
        producer: producer, name: "AGP connected tests",
        whereRecorded:
          "suite property `device`, file name `TEST-<device>-<project>-<flavor>.xml`, folder `connected/<device>/`",
        fieldsRead: "`Pixel 8 - 14`: model and Android release; `Name(AVD) - 15`",
        junitPlaces: [.property(by: "AGP"), .folder("AGP connected/<device>/")], paths: [.agpFileName, .agpFolder])
    case .firebaseTestLab:
      DeviceRule(
        producer: producer, name: "Firebase Test Lab (`gcloud`, Flank downloads)",
        whereRecorded:
          "the folder `…/<model>-<version>-<locale>-<orientation>/test_result_N.xml`; a retried attempt in `…-rerun_N/`",
        fieldsRead: "model id, API level (Android) or iOS version, locale, orientation; `N` orders the attempts",
        junitPlaces: [.folder("Test Lab <model>-<version>-<locale>-<orientation>/")], paths: [.testLabFolder])
    case .gradleManagedDevices:
      DeviceRule(
        producer: producer, name: "Gradle Managed Devices",
        whereRecorded:
          "suite property `device`, folder `androidTest-results/managedDevice/[<variant>/]<device>/` (and the additional-output folder)",
        fieldsRead: "the DSL name, `pixel2api30`",
        junitPlaces: [.folder("managedDevice/<variant>/<device>/")], paths: [.managedDeviceFolder])
    case .fastlaneTrainer:
      DeviceRule(
        producer: producer, name: "fastlane trainer",
        whereRecorded: "target suite's `device` property (after its child suites)",
        fieldsRead: "`iPhone 16 (18.6)`: model and iOS version",
        junitPlaces: [.property(by: "fastlane trainer")], paths: [])
    case .maestro:
      DeviceRule(
        producer: producer, name: "Maestro (`maestro test --format junit`)",
        whereRecorded: "the suite's `device` attribute: `<testsuite name=\"Test Suite\" device=\"R3GL206WKVZ\">`",
        fieldsRead: "the device id `adb` or `xcrun simctl` gives (serial, `emulator-5554`, simulator UDID)",
        junitPlaces: [.suiteAttribute(by: "Maestro")], paths: [])
    case .flank:
      DeviceRule(
        producer: producer, name: "Flank merged `JUnitReport.xml`",
        whereRecorded:
          "each suite's name, `<device>` or `<device>#<class>`, one suite per device and run; cases' `flaky` and `webLink`",
        fieldsRead:
          "as Test Lab; the suite `timestamp` orders the runs, `flaky=\"true\"` is a flaky case (`webLink` names the matrix, not the device, and is not read)",
        junitPlaces: [.suiteName(spelling: "Test Lab", by: "Flank's merged report")], paths: [])
    case .marathon:
      DeviceRule(
        producer: producer, name: "Marathon",
        whereRecorded:
          "its records beside its report per pool (`tests/<pool>/marathon_junit_report.xml`, which names no device): each test's final result on a device, `test_result/<pool>/<serial>/<package.Class#method>.json`, and each device of the pool, `devices/<pool>/<serial>.json`; the older layout's folder `tests/<pool>/<serial>/` (under a `marathon` folder, holding `marathon_junit_report.xml` or one-test files `<package.Class#method>.xml`, or named with adam's escaped serial)",
        fieldsRead:
          "the record's model, API level and serial: `Pixel 8 - 14`, an emulator as `sdk_gphone64_x86_64 - 15 (emulator-5554)`, the serial alone when the model is unknown, an iOS simulator by its UDID; a folder's serial as Marathon escapes it (every character but letters, digits, `.` and `#` as `-`): adam's `127.0.0.1:5037:emulator-5554` (`127.0.0.1-5037-emulator-5554`) is `emulator-5554`, `127.0.0.1-5037-192.168.1.20-5555` is `192.168.1.20:5555`. A test whose records name two devices is an execution on each, with each record's result; `test_result/raw.json` is not read",
        junitPlaces: [
          .folder("Marathon tests/<pool>/<serial>/"),
          .folder("Marathon's records beside its report per pool: test_result/<pool>/<serial>/<test>.json"),
        ],
        paths: [.marathonSerialFolder])
    case .spoon:
      DeviceRule(
        producer: producer, name: "Spoon (`spoon-runner`, `gradle-spoon-plugin`)",
        whereRecorded:
          "its output folder (`spoon-output/`; the Gradle plugin's `build/spoon-output/<variant>/`): the file name `junit-reports/<serial>.xml` (ddmlib's XML, a `testsuite` root with `hostname`), screenshots in `image/<serial>/<class>/<method>/`, and `result.json`, whose `results` give each serial's `deviceDetails`; the serial as Spoon writes it into names (every character but letters, digits, `_` and `-` as `_`)",
        fieldsRead:
          "`result.json`'s model, release (or API level), `isEmulator` and `avdName`: `Pixel 8 - 14`, an emulator by its AVD and serial as `Pixel_8_API_34(AVD) - 14 (emulator-5554)` (without an AVD name `sdk_gphone64_x86_64 - 14 (emulator-5554)`), the serial alone when the model or release is unknown; without `result.json`, the serial (`0A1B2C3D4E5F`, `emulator-5554`)",
        junitPlaces: [.fileName("Spoon junit-reports/<serial>.xml")], paths: [.spoonImageFolder])
    case .saucectl:
      DeviceRule(
        producer: producer, name: "Sauce Labs (`saucectl` JUnit reporter)",
        whereRecorded: "suite properties `device` and `platform`",
        fieldsRead: "`Google Pixel 8` with `Android 14` is `Google Pixel 8 - 14` (`iOS 17.5`: `iPhone 15 (17.5)`)",
        junitPlaces: [.property(by: "saucectl")], paths: [])
    case .xcresulttool:
      DeviceRule(
        producer: producer, name: "xcresulttool JSON, attachments manifest",
        whereRecorded: "`Device` nodes, `deviceName`", fieldsRead: "name and OS", junitPlaces: [], paths: [])
    }
  }
}
