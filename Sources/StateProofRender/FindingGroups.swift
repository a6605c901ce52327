import Mustache
import StateProofModel

/// Findings arranged for reading: by code, each group saying once what to do about it, and for
/// the lists under the verdict (what blocks the release, the warnings) by platform and device
/// first. Presentation, computed from the report model the templates see.
enum FindingGroups {
  /// A code group of more findings than this lists each as a link only (its row tells the rest),
  /// so a farm's hundreds of gaps stay a few screens long.
  static let compactAbove = 3

  /// `finding` with what the templates show of it: `remedy` (what to do, from its code), `tone`
  /// (`error`, `warning`, `info`, or `muted` when accepted), `label` (what it is about, in a few
  /// words: `camera · blocked`, `iOS receipt`, a file or device name), `text` (its message's first
  /// line) and `detail` (its whole message), both without the `On DEVICE: ` that the device groups
  /// say already, `target` (the id in `index.html` where its story is told), `targetLink` (where a
  /// Markdown link leads: `target`, percent-encoded, or `linkTarget` when given) and, when given,
  /// `anchor` (its own row in the findings table).
  static func finding(_ finding: Finding, target: String, linkTarget: String? = nil, anchor: String? = nil) throws
    -> FindingView
  {
    var detail = finding.message
    if let device = finding.device, detail.hasPrefix("On \(device): ") { detail.removeFirst("On \(device): ".count) }
    let remedy = finding.code.remedy
    let tone = finding.accepted == nil ? Tone(finding.severity) : .muted
    let data = FindingData(
      model: finding, remedy: remedy, tone: tone, label: label(finding), text: MessageLines(detail).first,
      detail: detail,
      target: target, targetLink: ReportView.link(linkTarget ?? target), anchor: anchor)
    return FindingView(
      finding: finding, code: finding.code.rawValue, device: finding.device, detail: detail, remedy: remedy, tone: tone,
      acceptedReason: finding.accepted?.reason,
      accepted: try finding.accepted.map { try TemplateValueEncoder.encode($0) } ?? .null,
      value: try TemplateValueEncoder.encode(data))
  }

  /// What a finding is about, in a few words.
  private static func label(_ finding: Finding) -> String {
    if let row = finding.row?.description {
      let parts = row.split(separator: "/", maxSplits: 2).map(String.init)
      return parts.count == 3 ? "\(parts[1]) · \(parts[2])" : row
    }
    let file = finding.files.first.map { String($0.split(separator: "/").last ?? "") }
    switch finding.code {
    case .missingReceipt, .receiptFailed, .receiptOffReleaseDevice, .receiptFlaky, .duplicateReceipt, .deviceUnknown:
      return finding.platform.map { "\($0.displayName) receipt" } ?? "receipt"
    case .runIncomplete: return file.map { "stopped run in \($0)" } ?? "stopped run"
    case .releaseDeviceUnseen, .ambiguousDevice: return finding.device ?? finding.code.rawValue
    default: return file ?? finding.code.rawValue
    }
  }

  /// `findings` (as ``finding(_:target:linkTarget:anchor:)`` makes them) by code, in the order each code
  /// first appears: a list of `{code, remedy, tone, count, compact, findings, entries}`, `tone` the
  /// group's most severe, `compact` when it holds more than ``compactAbove``. `entries` says each
  /// thing once: findings that say the same (`detail`) on several devices, alike accepted or not,
  /// are one `{detail, where, accepted}`, `where` naming the devices (`On Pixel 8 - 14`,
  /// `On 3 devices: …`), null for findings of no device.
  static func byCode(_ findings: [FindingView]) -> [FindingGroup] {
    grouped(findings, by: \.code).map { code, members in
      let tones = Set(members.map(\.tone))
      // Alike: the same text, and open or accepted for the same reason.
      let entries = grouped(members) { member in
        let acceptance = member.acceptedReason.map { "accepted: \($0)" } ?? "open"
        return member.detail + "\u{0}" + acceptance
      }.map { _, alike in
        var seen: Set<String> = []
        let devices = alike.compactMap(\.device).filter { seen.insert($0).inserted }
        let place =
          devices.isEmpty
          ? nil
          : devices.count == 1 ? "On \(devices[0])" : "On \(devices.count) devices: \(devices.joined(separator: ", "))"
        return FindingEntry(detail: alike[0].detail, place: place, accepted: alike[0].accepted)
      }
      return FindingGroup(
        code: code, remedy: members[0].remedy,
        tone: [Tone.error, .warning, .info].first(where: tones.contains) ?? .muted,
        count: members.count, compact: members.count > compactAbove, findings: members.map(\.value), entries: entries)
    }
  }

  /// The lists under the verdict, from open `findings` (as ``ReportView`` leaves them, errors
  /// first) and the model's `platforms`: `blockers` (the errors) and `warnings`, each a
  /// ``list(_:platforms:title:)`` titled with the report's totals (`summary`, which may count more
  /// than `findings` lists), and `warningsOpen`, whether the warnings show unfolded (when few).
  static func overview(findings: [FindingView], platforms: [PlatformReport], summary: Summary) -> FindingOverview {
    let errors = max(summary.errors, findings.count { $0.finding.severity == .error })
    let warnings = max(summary.warnings, findings.count { $0.finding.severity == .warning })
    return FindingOverview(
      blockers: list(
        findings.filter { $0.finding.severity == .error }, platforms: platforms,
        title: errors == 0 ? "" : errors == 1 ? "1 error blocks the release" : "\(errors) errors block the release"),
      warnings: list(
        findings.filter { $0.finding.severity == .warning }, platforms: platforms,
        title: warnings == 0 ? "" : warnings == 1 ? "1 warning" : "\(warnings) warnings"),
      warningsOpen: warnings <= warningsOpenUpTo)
  }

  /// The warnings show unfolded when there are at most this many.
  static let warningsOpenUpTo = 10

  /// One list under the verdict, `findings` arranged by platform, device and code:
  /// `{count, title, platforms: [{name, count, devices: [{device, count, codes}]}]}`, `device` null
  /// for findings about no one device, `codes` as ``byCode(_:)`` makes them, `title` saying how
  /// many there are (empty when none).
  static func list(_ findings: [FindingView], platforms: [PlatformReport], title: String) -> FindingList {
    FindingList(
      count: findings.count, title: title,
      platforms: arranged(findings, platforms: platforms).map { platform in
        FindingListPlatform(
          name: platform.name, count: platform.devices.reduce(0) { $0 + $1.members.count },
          devices: platform.devices.map { device, members in
            FindingListDevice(device: device.isEmpty ? nil : device, count: members.count, codes: byCode(members))
          })
      })
  }

  /// `findings` in the order the lists under the verdict show them: errors, warnings, then the
  /// rest, each by platform, device and code. Trimming `report.md` from the end of this order
  /// leaves out what the page shows last.
  static func displayOrder(_ findings: [FindingView], platforms: [PlatformReport]) -> [FindingView] {
    let severities = Severity.allCases
    return grouped(findings) { $0.finding.severity }
      .sorted {
        (severities.firstIndex(of: $0.key) ?? severities.count)
          < (severities.firstIndex(of: $1.key) ?? severities.count)
      }
      .flatMap { _, members in
        arranged(members, platforms: platforms).flatMap { platform in
          platform.devices.flatMap { _, members in grouped(members, by: \.code).flatMap(\.members) }
        }
      }
  }

  /// `findings` by platform (the model's `platforms` order, then others by name, then findings of
  /// no platform, which come first when one is `no-evidence`), then device (none first, then the platform's release devices in their order,
  /// then the rest by name); `device` is empty for findings about no one device.
  private static func arranged(_ findings: [FindingView], platforms: [PlatformReport]) -> [(
    name: String, devices: [(device: String, members: [FindingView])]
  )] {
    let order = platforms.map(\.platform.rawValue)
    // Findings of no platform come last, unless they say there is no evidence at all: then first.
    let noEvidence = findings.contains { $0.finding.code == .noEvidence && $0.finding.platform == nil }
    func rank(_ platform: String) -> (Int, String) {
      platform.isEmpty
        ? (noEvidence ? -1 : order.count + 1, "") : (order.firstIndex(of: platform) ?? order.count, platform)
    }
    return grouped(findings) { $0.finding.platform?.rawValue ?? "" }.sorted { rank($0.key) < rank($1.key) }.map {
      platform, members in
      let report = platforms.first { $0.platform.rawValue == platform }
      let release = report?.releaseDevices ?? []
      func rank(_ device: String) -> (Int, String) {
        device.isEmpty ? (0, "") : (1 + (release.firstIndex(of: device) ?? release.count), device)
      }
      return (
        name: report?.name ?? Platform(rawValue: platform)?.displayName ?? "Not tied to a platform",
        devices: grouped(members) { $0.device ?? "" }.sorted { rank($0.key) < rank($1.key) }
          .map { (device: $0.key, members: $0.members) }
      )
    }
  }

  /// `items` split by `key`, each group in the order its key first appears, items in their order.
  private static func grouped<Item, Key: Hashable>(_ items: [Item], by key: (Item) -> Key) -> [(
    key: Key, members: [Item]
  )] {
    var groups: [(key: Key, members: [Item])] = []
    var position: [Key: Int] = [:]
    for item in items {
      let name = key(item)
      if let index = position[name] {
        groups[index].members.append(item)
      } else {
        position[name] = groups.count
        groups.append((name, [item]))
      }
    }
    return groups
  }
}
