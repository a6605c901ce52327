import Testing

import StateProofKnowledge
@testable import StateProofMatch
@testable import StateProofModel
import StateProofEvidence

/// Device names as real tools and people write them: what each reads as, and which evidence
/// spelling counts as which configured release device.
@Suite struct DeviceNameTests {
  /// Spelling → (folded name, OS, kind, serial).
  @Test(
    arguments: [
      // AGP connected tests: physical `<model> - <release>`, AVDs `<avd>(AVD) - <release>`.
      ("Pixel 8 - 14", "pixel 8", "14", DeviceName.Kind.device, nil),
      ("SM-S901E - 15", "sm-s901e", "15", .device, nil),
      ("Medium_Phone_API_35(AVD) - 15", "medium phone api 35", "15", .avd, nil),
      ("Medium_Phone_API_36.1(AVD) - 16", "medium phone api 36.1", "16", .avd, nil),
      ("Pixel_4_XL_API_30(AVD) - 11", "pixel 4 xl api 30", "11", .avd, nil),
      ("hudson_en-US_240_WVGA_android-18_x86(AVD) - 4.3.1", "hudson en-us 240 wvga android-18 x86", "4.3.1", .avd, nil),
      ("test_device(AVD) - 15", "test device", "15", .avd, nil),
      // Emulators by serial or by the emulator image's model name.
      ("emulator-5554", "emulator-5554", nil, .emulator, "emulator-5554"),
      ("emulator-5554 - 17", "emulator-5554", "17", .emulator, "emulator-5554"),
      ("Pixel 8 - 14 (emulator-5554)", "pixel 8", "14", .emulator, "emulator-5554"),
      ("sdk_gphone64_x86_64 - 14", "sdk gphone64 x86 64", "14", .emulator, nil),
      ("Android SDK built for x86 - 9", "android sdk built for x86", "9", .emulator, nil),
      // Config spellings: bare names, case, underscores, spaces.
      ("  PIXEL_8 - 14.0 ", "pixel 8", "14", .device, nil),
      // iOS: trainer's `<model> (<OS>)`, an xcresult's bare model, Xcode's parallel clones.
      ("iPhone 16 (18.6)", "iphone 16", "18.6", .device, nil),
      ("iPhone 16", "iphone 16", nil, .device, nil),
      ("iPhone 17 Pro Max (26.1)", "iphone 17 pro max", "26.1", .device, nil),
      ("iPad (10th generation) (17.0)", "ipad (10th generation)", "17", .device, nil),
      ("iPad Pro (12.9-inch) (6th generation)", "ipad pro (12.9-inch) (6th generation)", nil, .device, nil),
      ("Clone 1 of iPhone 16 (18.6)", "iphone 16", "18.6", .device, nil),
    ] as [(String, String, String?, DeviceName.Kind, String?)])
  func reads(spelling: String, key: String, os: String?, kind: DeviceName.Kind, serial: String?) {
    let name = DeviceName(spelling)
    #expect(name.key == key)
    #expect(name.os == os)
    #expect(name.kind == kind)
    #expect(name.serial == serial)
    #expect(name.raw == spelling)
  }

  /// Android Studio's AVD names, `<device>_API_<level>` (Maestro's device id of an emulator), are
  /// AVDs whoever writes them: spelling → (folded name, OS, the device the name starts with).
  @Test(
    arguments: [
      ("Medium_Phone_API_35", "medium phone api 35", nil, "medium phone"),
      ("medium phone  API 35", "medium phone api 35", nil, "medium phone"),
      ("Pixel_7_API_34", "pixel 7 api 34", nil, "pixel 7"),
      ("Pixel_3a_API_34_extension_level_7_x86_64", "pixel 3a api 34 extension level 7 x86 64", nil, "pixel 3a"),
      ("Pixel_7_API_34 - 14", "pixel 7 api 34", "14", "pixel 7"),
      ("Pixel_7_API_34(AVD) - 14", "pixel 7 api 34", "14", "pixel 7"),
    ] as [(String, String, String?, String)])
  func readsStudioAVDNames(spelling: String, key: String, os: String?, device: String) {
    let name = DeviceName(spelling)
    #expect(name.key == key)
    #expect(name.os == os)
    #expect(name.kind == .avd)
    #expect(name.avdDevice == device)
    // Neither `API` alone nor a name without a level is one.
    #expect(DeviceName("API 34").kind == .device)
    #expect(DeviceName("Pixel 7 API").kind == .device)
  }

  /// An AVD is never the physical device of its device's name, and is the release device that
  /// names it.
  @Test(
    arguments: [
      ("Pixel_7_API_34", "Pixel 7", false),
      ("Pixel_7_API_34", "Pixel 7 - 14", false),
      ("Pixel 7 - 14", "Pixel_7_API_34", false),
      ("Pixel_7_API_34", "pixel 7 api 34", true),
      ("Pixel_7_API_34(AVD) - 14", "Pixel_7_API_34", true),
      ("Pixel_7_API_34(AVD) - 14", "Pixel_7_API_34 - 14", true),
      ("Pixel_7_API_34(AVD) - 14", "Pixel_7_API_34 - 15", false),
    ])
  func anAVDCouldBeOnlyItself(evidence: String, release: String, expected: Bool) {
    #expect(DeviceName(evidence).couldBe(DeviceName(release)) == expected)
  }

  /// Evidence spelling, configured release device, whether the one could be the other.
  @Test(arguments: [
    // The case: the AVD's name as the release device.
    ("Medium_Phone_API_35(AVD) - 15", "Medium_Phone_API_35", true),
    ("Medium_Phone_API_35(AVD) - 15", "medium phone api 35", true),
    ("Medium_Phone_API_35(AVD) - 15", "Medium_Phone_API_35(AVD)", true),
    ("Medium_Phone_API_35(AVD) - 15", "Medium_Phone_API_35(AVD) - 15", true),
    ("Medium_Phone_API_35(AVD) - 15", "Medium_Phone_API_35(AVD) - 14", false),
    ("Medium_Phone_API_35(AVD) - 15", "Medium_Phone_API_3", false),
    // Physical devices, with or without the OS, any case or underscores.
    ("Pixel 8 - 14", "Pixel 8 - 14", true),
    ("Pixel 8 - 14", "Pixel 8", true),
    ("Pixel 8 - 14", "pixel_8", true),
    ("Pixel 8 - 14", "Pixel 8 - 15", false),
    ("Pixel 8 - 14", "Pixel 8 Pro", false),
    ("Pixel 8 Pro - 14", "Pixel 8", false),
    ("Pixel 8 - 14", "Pixel", false),
    // An emulator never passes for a physical device.
    ("Pixel 8 - 14 (emulator-5554)", "Pixel 8 - 14", false),
    ("Pixel 8 - 14 (emulator-5554)", "Pixel 8", false),
    ("Pixel_8(AVD) - 14", "Pixel 8 - 14", false),
    ("sdk_gphone64_x86_64 - 14", "Pixel 8 - 14", false),
    ("emulator-5554", "Pixel 8 - 14", false),
    // ...unless the release device names the emulator.
    ("Pixel 8 - 14 (emulator-5554)", "emulator-5554", true),
    ("Pixel 8 - 14 (emulator-5554)", "Pixel 8 - 14 (emulator-5554)", true),
    ("emulator-5554 - 17", "emulator-5554", true),
    ("emulator-5556", "emulator-5554", false),
    ("sdk_gphone64_x86_64 - 14", "sdk_gphone64_x86_64", true),
    // A physical device never passes for an emulator.
    ("Pixel 8 - 14", "emulator-5554", false),
    ("Pixel 8 - 14", "Pixel_8(AVD)", false),
    // iOS, with and without the OS.
    ("iPhone 16 (18.6)", "iPhone 16 (18.6)", true),
    ("iPhone 16 (18.6)", "iPhone 16", true),
    ("iPhone 16 (18.6)", "iphone 16 (18.6.0)", true),
    ("iPhone 16 (18.6)", "iPhone 16 (17.5)", false),
    ("iPhone 16 (18.6)", "iPhone 16 Pro", false),
    ("iPhone 16 Pro (18.6)", "iPhone 16", false),
    ("iPhone 16", "iPhone 16", true),
    ("iPhone 16", "iPhone 16 (18.6)", false),
    ("Clone 2 of iPhone 16 (18.6)", "iPhone 16 (18.6)", true),
    ("iPhone 16 (18.6)", "", false),
  ])
  func couldBe(evidence: String, release: String, expected: Bool) {
    #expect(DeviceName(evidence).couldBe(DeviceName(release)) == expected)
  }

  private func catalog(_ devices: [String], release: [String]) -> (DeviceCatalog, EvidenceSet) {
    let files = devices.enumerated().map { index, device in
      FileRecord(root: "ci", path: "run\(index)/TEST-x.xml", kind: .junit, bytes: 1, sha256: nil, devices: [device])
    }
    let evidence = EvidenceSet(files: files)
    return (DeviceCatalog(evidence: evidence, releaseDevices: release), evidence)
  }

  private func speaks(_ catalog: DeviceCatalog, _ device: String, for release: String) -> Bool {
    catalog.speaks(device: device, at: EvidenceLocation(root: "ci", path: "x"), for: release)
  }

  @Test func oneDeviceHoweverSpelled() {
    let (catalog, _) = catalog(["iPhone 16 (18.6)", "iPhone 16", "Pixel 8 - 14", "pixel_8 - 14"], release: [])
    let seen = catalog.seenDevices(releaseDevices: [], attribution: PlatformAttribution(configuration: Configuration()))
    #expect(seen.map(\.name) == ["Pixel 8 - 14", "iPhone 16 (18.6)"])
    #expect(seen.map(\.aliases) == [["pixel_8 - 14"], ["iPhone 16"]])
    #expect(seen.map(\.os) == ["14", "18.6"])
  }

  @Test func aSpellingWithoutOSStaysApartWhenTwoVersionsRan() {
    let (catalog, _) = catalog(
      ["iPhone 16 (18.6)", "iPhone 16 (17.5)", "iPhone 16"], release: ["iPhone 16", "iPhone 16 (18.6)"])
    let seen = catalog.seenDevices(releaseDevices: [], attribution: PlatformAttribution(configuration: Configuration()))
    #expect(seen.map(\.name) == ["iPhone 16", "iPhone 16 (17.5)", "iPhone 16 (18.6)"])
    // `iPhone 16` could be any of the three: ambiguous, so nothing speaks for it.
    #expect(!speaks(catalog, "iPhone 16 (18.6)", for: "iPhone 16"))
    #expect(!speaks(catalog, "iPhone 16", for: "iPhone 16"))
    #expect(speaks(catalog, "iPhone 16 (18.6)", for: "iPhone 16 (18.6)"))
    #expect(!speaks(catalog, "iPhone 16", for: "iPhone 16 (18.6)"))
    let findings = catalog.findings(
      platform: .ios, releaseDevices: ["iPhone 16", "iPhone 16 (18.6)"],
      attribution: PlatformAttribution(configuration: Configuration()))
    #expect(findings.map(\.code) == [.ambiguousDevice])
    #expect(findings.first?.message.contains("iPhone 16, iPhone 16 (17.5), iPhone 16 (18.6)") == true)
  }

  @Test func ambiguousPairs() {
    let (pixels, _) = catalog(["Pixel 8 - 14", "Pixel 8 - 15"], release: ["Pixel 8", "Pixel 8 - 15"])
    #expect(!speaks(pixels, "Pixel 8 - 14", for: "Pixel 8"))
    #expect(!speaks(pixels, "Pixel 8 - 15", for: "Pixel 8"))
    #expect(speaks(pixels, "Pixel 8 - 15", for: "Pixel 8 - 15"))
    #expect(
      pixels.findings(
        platform: .android, releaseDevices: ["Pixel 8", "Pixel 8 - 15"],
        attribution: PlatformAttribution(configuration: Configuration())
      ).map(\.code) == [.ambiguousDevice])
    // Two AVDs of one name on two OS versions: ambiguous for the bare AVD name.
    let (avds, _) = catalog(
      ["Medium_Phone_API_35(AVD) - 15", "Medium_Phone_API_35(AVD) - 16"], release: ["Medium_Phone_API_35"])
    #expect(!speaks(avds, "Medium_Phone_API_35(AVD) - 15", for: "Medium_Phone_API_35"))
  }

  @Test func aPhysicalDeviceWinsOverAnAVDOfTheSameName() {
    let (catalog, _) = catalog(["Pixel_8(AVD) - 14", "Pixel 8 - 14"], release: ["Pixel 8", "Pixel_8(AVD)"])
    #expect(speaks(catalog, "Pixel 8 - 14", for: "Pixel 8"))
    #expect(!speaks(catalog, "Pixel_8(AVD) - 14", for: "Pixel 8"))
    #expect(speaks(catalog, "Pixel_8(AVD) - 14", for: "Pixel_8(AVD)"))
    #expect(
      catalog.findings(
        platform: .android, releaseDevices: ["Pixel 8", "Pixel_8(AVD)"],
        attribution: PlatformAttribution(configuration: Configuration())
      ).isEmpty)
  }

  @Test func anUnseenReleaseDeviceSaysWhatWasSeenAndWhyItIsNotTheSame() {
    let (catalog, _) = catalog(
      ["Pixel 8 - 14 (emulator-5554)", "Galaxy S24 - 14", "iPhone 16 (18.6)"], release: ["Pixel 8 - 14"])
    #expect(!speaks(catalog, "Pixel 8 - 14 (emulator-5554)", for: "Pixel 8 - 14"))
    let findings = catalog.findings(
      platform: .android, releaseDevices: ["Pixel 8 - 14"],
      attribution: PlatformAttribution(configuration: Configuration()))
    #expect(findings.map(\.code) == [.releaseDeviceUnseen])
    let message = findings.first?.message ?? ""
    #expect(message.contains("Devices seen: Galaxy S24 - 14; Pixel 8 - 14 (emulator-5554) (emulator)."))
    #expect(message.contains("Pixel 8 - 14 (emulator-5554) is an emulator, not the physical Pixel 8 - 14"))
    #expect(!message.contains("iPhone"), "an iOS device is no candidate for an Android release device")
  }

  /// Maestro's `Pixel_7_API_34` is the AVD AGP spells `Pixel_7_API_34(AVD) - 14`: one emulator,
  /// which a release `Pixel 7` is not, and the finding says why.
  @Test func anAVDIsAnEmulatorAndNotThePhysicalDeviceOfItsName() {
    let (catalog, _) = catalog(["Pixel_7_API_34", "Pixel_7_API_34(AVD) - 14"], release: ["Pixel 7"])
    let attribution = PlatformAttribution(configuration: Configuration())
    let seen = catalog.seenDevices(releaseDevices: ["Pixel 7"], attribution: attribution)
    #expect(seen.map(\.name) == ["Pixel_7_API_34(AVD) - 14"])
    #expect(seen.map(\.aliases) == [["Pixel_7_API_34"]])
    #expect(seen.first?.emulator == true)
    #expect(!speaks(catalog, "Pixel_7_API_34", for: "Pixel 7"))
    let findings = catalog.findings(platform: .android, releaseDevices: ["Pixel 7"], attribution: attribution)
    #expect(findings.map(\.code) == [.releaseDeviceUnseen])
    let message = findings.first?.message ?? ""
    #expect(
      message.contains(
        "Not the same device: Pixel_7_API_34(AVD) - 14 is an emulator (an Android Virtual Device), not the physical Pixel 7."
      ), "\(message)")
  }

  @Test func evidenceNamingNoDeviceSpeaksForNoDevice() {
    let (catalog, _) = catalog(["Pixel 8 - 14"], release: ["Pixel 8 - 14", "Galaxy S24 - 14"])
    let host = EvidenceLocation(root: "ci", path: "host/TEST-x.xml")
    #expect(!catalog.speaks(device: nil, at: host, for: "Galaxy S24 - 14"))
    #expect(!catalog.speaks(device: " ", at: host, for: "Pixel 8 - 14"))
    #expect(!catalog.names(device: " ", at: host))
    #expect(catalog.names(device: "Pixel 8 - 14", at: host))
    #expect(
      !catalog.isOnReleaseDevice(device: nil, at: EvidenceLocation(root: "ci", path: "x"), among: ["Pixel 8 - 14"]))
  }

  @Test func aFolderNamedLikeAReleaseDeviceNamesIt() {
    let seed = SeedRecord(
      location: EvidenceLocation(root: "ci", path: "seed/Pixel_8 - 14/seed-camera-blocked.log"), raw: "",
      permission: "android.permission.CAMERA", block: .headerless, granted: false, flags: [], state: "blocked")
    let evidence = EvidenceSet(seeds: [seed])
    let catalog = DeviceCatalog(evidence: evidence, releaseDevices: ["Pixel 8 - 14", "Galaxy S24 - 14"])
    #expect(catalog.speaks(device: nil, at: seed.location, for: "Pixel 8 - 14"))
    #expect(!catalog.speaks(device: nil, at: seed.location, for: "Galaxy S24 - 14"))
    let seen = catalog.seenDevices(
      releaseDevices: ["Pixel 8 - 14"], attribution: PlatformAttribution(configuration: Configuration()))
    #expect(seen.map(\.name) == ["Pixel_8 - 14"])
    #expect(seen.first?.releaseDevices == ["Pixel 8 - 14"])
    #expect(seen.first?.files == [FileReference(root: "ci", path: "seed/Pixel_8 - 14/seed-camera-blocked.log")])
  }

  @Test func releaseDevicesMatchTestLabSpellings() {
    let lab = DeviceName("NexusLowRes-28-en-portrait")
    #expect(lab.couldBe(DeviceName("NexusLowRes")))
    #expect(lab.couldBe(DeviceName("nexuslowres-28-en-portrait")))
    #expect(lab.couldBe(DeviceName("NexusLowRes - 9")))
    #expect(!lab.couldBe(DeviceName("NexusLowRes - 10")))
    #expect(!lab.couldBe(DeviceName("NexusLowRes-29-en-portrait")))
    #expect(!lab.couldBe(DeviceName("NexusLowRes-28-en-landscape")))
    #expect(DeviceName("Pixel2-30-en-portrait").couldBe(DeviceName("Pixel 2")))
    // An API level is read as one, never as a release (`28` is Android 9, not API 48).
    #expect(lab.version == "API 28")
    #expect(OSVersion(platform: .android, release: lab.version!) == .android(api: 28))
    let iphone = DeviceName("iphonexs-12.1-en-portrait")
    #expect(iphone.version == "12.1")
    #expect(iphone.couldBe(DeviceName("iPhone XS (12.1)")))
    #expect(!iphone.couldBe(DeviceName("iPhone XS (13.0)")))
  }
}
