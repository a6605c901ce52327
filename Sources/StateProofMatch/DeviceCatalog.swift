import StateProofModel
import StateProofSystem
import StateProofEvidence

/// Every device the evidence names, each spelling tied to one device (`iPhone 16` in a manifest
/// and `iPhone 16 (18.6)` in a JUnit property are one device when no other iPhone 16 OS is
/// seen), and each configured release device resolved to the one device it means, by
/// ``DeviceName/couldBe(_:)``:
/// - no device could be it: the release device is unseen, and nothing proves anything on it;
/// - more than one could (`Pixel 8` when both `Pixel 8 - 14` and `Pixel 8 - 15` ran): it is
///   ambiguous, and evidence from none of them counts as it;
/// - a physical device and an AVD of the same name could: the physical device (an emulator never
///   passes for a physical release device).
///
/// Evidence names its device in its own fields, or by a folder named like a release device
/// (`seed/Pixel 8 - 14/…`).
struct DeviceCatalog: Sendable {
  private struct Identity: Sendable {
    /// The fullest spelling, read.
    var name: DeviceName
    var spellings: Set<String> = []
    var files: Set<FileReference> = []
  }

  private enum Resolution: Sendable {
    case seen(Int)
    case unseen
    case ambiguous([Int])
  }

  private var identities: [Identity] = []
  private var bySpelling: [String: Int] = [:]
  private var resolutions: [String: Resolution] = [:]
  /// The release device a folder names, by folder path, for evidence that names none itself.
  private var folderDevices: [Substring: String] = [:]
  /// The platform each release device is configured for, to place a device whose name and files
  /// say none (a Maestro flow on a serial).
  private var releasePlatforms: [String: Platform] = [:]

  /// - Parameters:
  ///   - releaseDevices: every platform's release devices.
  ///   - releasePlatforms: the platform each release device is configured for, where one is.
  init(evidence: EvidenceSet, releaseDevices: [String], releasePlatforms: [String: Platform] = [:]) {
    self.releasePlatforms = releasePlatforms
    let releases = releaseDevices.map(DeviceName.init)
    var named: [String: Set<FileReference>] = [:]
    var folders: [Substring: String?] = [:]
    func note(_ device: String?, root: String, path: String) {
      let spelling: String
      if let device, let trimmed = Self.spelling(device) {
        spelling = trimmed
      } else {
        let folder = Self.folder(of: path)
        if folders[folder] == nil {
          let device = PathBytes.components(String(folder)).last { component in
            let name = DeviceName(component)
            return releases.contains(where: name.couldBe)
          }
          folders[folder] = .some(device)
        }
        guard let device = folders[folder] ?? nil else { return }
        spelling = device
      }
      named[spelling, default: []].insert(FileReference(root: root, path: path))
    }
    for file in evidence.files {
      for device in file.devices { note(device, root: file.root, path: file.path) }
    }
    for test in evidence.tests + evidence.nearMisses {
      note(test.device, root: test.location.root, path: test.location.path)
    }
    for seed in evidence.seeds { note(seed.device, root: seed.location.root, path: seed.location.path) }
    for shot in evidence.screenshots { note(shot.device, root: shot.location.root, path: shot.location.path) }
    for attachment in evidence.attachments where attachment.device != nil {
      note(attachment.device, root: attachment.manifest.root, path: attachment.manifest.path)
    }
    folderDevices = folders.compactMapValues { $0 }

    // Spellings that give an OS first, each to its device; then the others, each to the one
    // device of its name when there is exactly one, else to a device of its own.
    // A spelling a reader handed over is read as its rule read it; a folder's, as written.
    let spellings = named.keys.sorted().map { spelling in
      (spelling, evidence.deviceIdentities[spelling].map(DeviceName.init) ?? DeviceName(spelling))
    }
    var byKey: [DeviceKey: Int] = [:]
    var versions: [DeviceKey: Set<String>] = [:]
    for (spelling, name) in spellings.filter({ $0.1.os != nil }) + spellings.filter({ $0.1.os == nil }) {
      var key = DeviceKey(name, os: name.os)
      let model = DeviceKey(name, os: nil)
      if let os = name.os {
        versions[model, default: []].insert(os)
      } else if let only = versions[model], only.count == 1 {
        key = DeviceKey(name, os: only.first)
      }
      if byKey[key] == nil {
        byKey[key] = identities.count
        identities.append(Identity(name: name))
      }
      identities[byKey[key]!].spellings.insert(spelling)
      identities[byKey[key]!].files.formUnion(named[spelling]!)
    }
    identities.sort { $0.name.raw < $1.name.raw }
    for (index, identity) in identities.enumerated() {
      for spelling in identity.spellings { bySpelling[spelling] = index }
    }
    for (text, release) in zip(releaseDevices, releases) where resolutions[text] == nil {
      resolutions[text] = resolve(release)
    }
  }

  /// Whether evidence naming `device` (or, when nil, found at `location`) speaks for `release`:
  /// evidence that names no device speaks for none (see ``names(device:at:)``).
  func speaks(device: String?, at location: EvidenceLocation, for release: String) -> Bool {
    guard let spelling = spelling(device, at: location) else { return false }
    guard case .seen(let target) = resolutions[release] else { return false }
    return bySpelling[spelling] == target
  }

  /// Whether evidence names a device, in its own fields (`device`) or by its folder.
  func names(device: String?, at location: EvidenceLocation) -> Bool {
    spelling(device, at: location) != nil
  }

  /// Whether two pieces of evidence name the same device, each in its own fields or by its
  /// folder; false when either names none, since nothing then says they are one.
  func sameDevice(
    _ device: String?, at location: EvidenceLocation, as other: String?, at otherLocation: EvidenceLocation
  ) -> Bool {
    guard let first = spelling(device, at: location), let second = spelling(other, at: otherLocation),
      let index = bySpelling[first]
    else { return false }
    return bySpelling[second] == index
  }

  /// Whether evidence naming `device` (or found at `location`) ran on one of `releaseDevices`.
  func isOnReleaseDevice(device: String?, at location: EvidenceLocation, among releaseDevices: [String]) -> Bool {
    guard let spelling = spelling(device, at: location) else { return false }
    return releaseDevices.contains { release in
      guard case .seen(let target) = resolutions[release] else { return false }
      return bySpelling[spelling] == target
    }
  }

  /// Whether evidence naming `device` (or found at `location`) ran on a named device that is
  /// none of `releaseDevices`: it speaks for none of them.
  func isOffReleaseDevices(device: String?, at location: EvidenceLocation, among releaseDevices: [String]) -> Bool {
    spelling(device, at: location) != nil && !isOnReleaseDevice(device: device, at: location, among: releaseDevices)
  }

  /// The OS version (as the fullest spelling gives it, `14`, `18.6`) of the device evidence names
  /// (or, when it names none, the one its folder names); nil when unknown.
  func os(device: String?, at location: EvidenceLocation) -> String? {
    guard let spelling = spelling(device, at: location), let index = bySpelling[spelling] else { return nil }
    return identities[index].name.version
  }

  /// The OS version of a release device: the one its name gives, else that of the device it
  /// resolves to in the evidence (`Pixel 8` → `Pixel 8 - 14`); nil when neither tells.
  func os(release: String) -> String? {
    if let os = DeviceName(release).version { return os }
    guard case .seen(let index) = resolutions[release] else { return nil }
    return identities[index].name.version
  }

  /// The OS versions of the devices whose name or files say they are `platform`'s.
  func osVersions(platform: Platform, attribution: PlatformAttribution) -> [String] {
    identities.indices.filter { self.platform(of: $0, attribution: attribution) == platform }
      .compactMap { identities[$0].name.version }
  }

  /// `release-device-unseen` and `ambiguous-device` warnings for one platform's release devices.
  func findings(
    platform: Platform, releaseDevices: [String], attribution: PlatformAttribution
  ) -> [Finding] {
    var findings: [Finding] = []
    var done: Set<String> = []
    for release in releaseDevices where done.insert(release).inserted {
      switch resolutions[release] {
      case .unseen:
        let seen = identities.indices.filter { self.platform(of: $0, attribution: attribution) != platform.other }
        let listed =
          seen.prefix(20).map { describe($0) }.joined(separator: "; ")
          + (seen.count > 20 ? "; and \(seen.count - 20) more" : "")
        let closest = seen.compactMap { index in
          whyNot(identities[index].name, DeviceName(release)).map { "\(identities[index].name.raw) \($0)" }
        }
        findings.append(
          Finding(
            code: .releaseDeviceUnseen, severity: .warning, platform: platform, device: release,
            message:
              "No evidence names the release device \(release), so nothing is proven on it."
              + (seen.isEmpty ? " No evidence names any \(platform.displayName) device." : " Devices seen: \(listed).")
              + (closest.isEmpty ? "" : " Not the same device: \(closest.joined(separator: "; ")).")
              + " Write the release device as the evidence names it, or run on it."))
      case .ambiguous(let candidates):
        findings.append(
          Finding(
            code: .ambiguousDevice, severity: .warning, platform: platform, device: release,
            message:
              "The release device \(release) could be any of \(candidates.map { identities[$0].name.raw }.joined(separator: ", ")), so evidence from none of them counts as it. Name one of them exactly (with its OS) in releaseDevices.",
            files: Array(Set(candidates.flatMap { identities[$0].files.map(\.path) }))))
      case .seen, nil:
        break
      }
    }
    return findings
  }

  /// The report's device list: every device, its spellings and files, and the release devices
  /// (of `releaseDevices`, every platform's) it counts as.
  func seenDevices(releaseDevices: [String], attribution: PlatformAttribution) -> [SeenDevice] {
    identities.indices.map { index in
      let identity = identities[index]
      return SeenDevice(
        name: identity.name.raw, aliases: Array(identity.spellings.subtracting([identity.name.raw])),
        os: identity.name.version, emulator: identity.name.kind != .device,
        platform: platform(of: index, attribution: attribution),
        releaseDevices: Array(Set(releaseDevices)).sorted().filter { release in
          if case .seen(index) = resolutions[release] { return true }
          return false
        },
        files: Array(identity.files))
    }.sorted()
  }

  /// The names of the devices files under `root` name.
  func devices(under root: String) -> [String] {
    identities.filter { $0.files.contains { $0.root == root } }.map(\.name.raw)
  }

  // MARK: Helpers

  private func resolve(_ release: DeviceName) -> Resolution {
    var candidates = identities.indices.filter { identities[$0].name.couldBe(release) }
    if release.kind == .device, candidates.contains(where: { identities[$0].name.kind == .device }) {
      candidates.removeAll { identities[$0].name.kind != .device }
    }
    switch candidates.count {
    case 0: return .unseen
    case 1: return .seen(candidates[0])
    default: return .ambiguous(candidates)
    }
  }

  /// Why a device with the release device's name (or an AVD named for it) is not it, or nil when
  /// the names differ.
  private func whyNot(_ name: DeviceName, _ release: DeviceName) -> String? {
    guard
      name.key == release.key || (release.serial != nil && name.serial == release.serial)
        || (name.avdDevice != nil && name.avdDevice == release.key)
    else { return nil }
    if name.kind != .device, release.kind == .device {
      // An emulator is never the physical release device, whatever its name.
      return "is an emulator" + (name.kind == .avd ? " (an Android Virtual Device)" : "")
        + ", not the physical \(release.raw)"
    }
    if let os = release.version, name.version != os {
      return name.version.map { "runs \($0), not \(os)" } ?? "names no OS version"
    }
    return "is another kind of device"
  }

  private func describe(_ index: Int) -> String {
    let identity = identities[index]
    let aliases = identity.spellings.subtracting([identity.name.raw]).sorted()
    return identity.name.raw + (identity.name.kind == .device ? "" : " (emulator)")
      + (aliases.isEmpty ? "" : " (also \(aliases.joined(separator: ", ")))")
  }

  /// The platform a device's name says, else the one all its files are attributed to, else the
  /// one platform whose release devices name it.
  private func platform(of index: Int, attribution: PlatformAttribution) -> Platform? {
    let identity = identities[index]
    if let platform = attribution.platform(root: "", path: "", device: identity.name.raw) { return platform }
    let platforms = Set(identity.files.map { attribution.platform(root: $0.root, path: $0.path, device: nil) })
    if platforms.count == 1, let platform = platforms.first ?? nil { return platform }
    let configured = Set(
      releasePlatforms.compactMap { release, platform -> Platform? in
        if case .seen(index) = resolutions[release] { return platform }
        return nil
      })
    return configured.count == 1 ? configured.first : nil
  }

  private func spelling(_ device: String?, at location: EvidenceLocation) -> String? {
    if let device, let spelling = Self.spelling(device) { return spelling }
    return folderDevices[Self.folder(of: location.path)]
  }

  /// A device name as given, unless it names nothing (empty or blank).
  private static func spelling(_ device: String) -> String? {
    device.allSatisfy(\.isWhitespace) ? nil : device
  }

  private static func folder(of path: String) -> Substring {
    path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
  }

  /// What makes two spellings one device: the name, the kind, the serial, the OS and Test Lab's
  /// locale and orientation.
  private struct DeviceKey: Hashable {
    var key: String
    var kind: DeviceName.Kind
    var serial: String?
    var os: String?
    var setting: String?

    init(_ name: DeviceName, os: String?) {
      key = name.key
      kind = name.kind
      serial = name.serial
      self.os = os
      setting = name.setting
    }
  }
}
