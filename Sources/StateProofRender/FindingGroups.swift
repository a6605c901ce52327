import Mustache
import StateProofModel

/// Findings arranged for reading: by code, each group saying once what to do about it, and for
/// the lists under the verdict (what blocks the release, the warnings) by platform and device
/// first. Presentation, computed from the report model the templates see.
enum FindingGroups {
  /// A code group of more findings than this lists each as a link only (its row tells the rest),
  /// so a farm's hundreds of gaps stay a few screens long.
  static let compactAbove = 3

  /// `value`, a finding, with what the templates show of it: `remedy` (what to do, from its
  /// code), `tone` (`error`, `warning`, `info`, or `muted` when accepted), `label` (what it is
  /// about, in a few words: `camera · blocked`, `iOS receipt`, a file or device name), `text`
  /// (its message's first line) and `detail` (its whole message), both without the
  /// `On DEVICE: ` that the device groups say already, `target` (the id in `index.html` where its
  /// story is told) and `targetLink` (where a Markdown link leads: `target`, percent-encoded, or
  /// `linkTarget` when given).
  static func finding(_ value: TemplateValue, target: String, linkTarget: String? = nil) -> TemplateValue {
    let code = value["code"]?.text.flatMap(FindingCode.init(rawValue:))
    let device = value["device"]?.text
    var detail = value["message"]?.text ?? ""
    if let device, detail.hasPrefix("On \(device): ") { detail.removeFirst("On \(device): ".count) }
    return value.adding([
      "remedy": .string(code?.remedy ?? ""),
      "tone": .string(value.lacks("accepted") ? value["severity"]?.text ?? "info" : "muted"),
      "label": .string(label(value, code: code, device: device)),
      "text": .string(MessageLines(detail).first),
      "detail": .string(detail),
      "target": .string(target),
      "targetLink": .string(ReportView.link(linkTarget ?? target)),
    ])
  }

  /// What a finding is about, in a few words.
  private static func label(_ finding: TemplateValue, code: FindingCode?, device: String?) -> String {
    if let row = finding["row"]?.text {
      let parts = row.split(separator: "/", maxSplits: 2).map(String.init)
      return parts.count == 3 ? "\(parts[1]) · \(parts[2])" : row
    }
    let file = finding["files"]?.items.first?.text.map { String($0.split(separator: "/").last ?? "") }
    switch code {
    case .missingReceipt?, .receiptFailed?, .receiptOffReleaseDevice?, .duplicateReceipt?, .deviceUnknown?:
      let platform = finding["platform"]?.text.flatMap(Platform.init(rawValue:))
      return platform.map { "\($0.displayName) receipt" } ?? "receipt"
    case .runIncomplete?: return file.map { "stopped run in \($0)" } ?? "stopped run"
    case .releaseDeviceUnseen?, .ambiguousDevice?: return device ?? code!.rawValue
    default: return file ?? code?.rawValue ?? "finding"
    }
  }

  /// `findings` (as ``finding(_:target:linkTarget:)`` makes them) by code, in the order each code
  /// first appears: a list of `{code, remedy, tone, count, compact, findings, entries}`, `tone` the
  /// group's most severe, `compact` when it holds more than ``compactAbove``. `entries` says each
  /// thing once: findings that say the same (`detail`) on several devices, alike accepted or not,
  /// are one `{detail, where, accepted}`, `where` naming the devices (`On Pixel 8 - 14`,
  /// `On 3 devices: …`), null for findings of no device.
  static func byCode(_ findings: [TemplateValue]) -> TemplateValue {
    .list(
      grouped(findings) { $0["code"]?.text ?? "" }.map { code, members in
        let tones = Set(members.compactMap { $0["tone"]?.text })
        // Alike: the same text, and open or accepted for the same reason.
        let entries = grouped(members) { member in
          let acceptance = member.lacks("accepted") ? "open" : "accepted: \(member["accepted"]?["reason"]?.text ?? "")"
          return (member["detail"]?.text ?? "") + "\u{0}" + acceptance
        }.map { _, alike in
          var seen: Set<String> = []
          let devices = alike.compactMap { $0["device"]?.text }.filter { seen.insert($0).inserted }
          let place: TemplateValue =
            devices.isEmpty
            ? .null : .string(devices.count == 1 ? "On \(devices[0])" : "On \(devices.count) devices: \(devices.joined(separator: ", "))")
          return TemplateValue.object([
            "detail": alike[0]["detail"] ?? .string(""), "where": place, "accepted": alike[0]["accepted"] ?? .null,
          ])
        }
        return .object([
          "code": .string(code),
          "remedy": members[0]["remedy"] ?? .string(""),
          "tone": .string(["error", "warning", "info"].first(where: tones.contains) ?? "muted"),
          "count": .int(members.count),
          "compact": .bool(members.count > compactAbove),
          "findings": .list(members),
          "entries": .list(entries),
        ])
      })
  }

  /// The lists under the verdict, from open `findings` (as ``ReportView`` leaves them, errors
  /// first) and the model's `platforms`: `blockers` (the errors) and `warnings`, each a
  /// ``list(_:platforms:title:)`` titled with the report's totals (`summary`, which may count more
  /// than `findings` lists), and `warningsOpen`, whether the warnings show unfolded (when few).
  static func overview(findings: [TemplateValue], platforms: [TemplateValue], summary: TemplateValue?)
    -> [String: TemplateValue]
  {
    func total(_ key: String) -> Int { summary?[key]?.integer ?? 0 }
    let errors = max(total("errors"), findings.count { $0["severity"]?.text == Severity.error.rawValue })
    let warnings = max(total("warnings"), findings.count { $0["severity"]?.text == Severity.warning.rawValue })
    return [
      "blockers": list(
        findings.filter { $0["severity"]?.text == Severity.error.rawValue }, platforms: platforms,
        title: errors == 0 ? "" : errors == 1 ? "1 error blocks the release" : "\(errors) errors block the release"),
      "warnings": list(
        findings.filter { $0["severity"]?.text == Severity.warning.rawValue }, platforms: platforms,
        title: warnings == 0 ? "" : warnings == 1 ? "1 warning" : "\(warnings) warnings"),
      "warningsOpen": .bool(warnings <= warningsOpenUpTo),
    ]
  }

  /// The warnings show unfolded when there are at most this many.
  static let warningsOpenUpTo = 10

  /// One list under the verdict, `findings` arranged by platform, device and code:
  /// `{count, title, platforms: [{name, count, devices: [{device, count, codes}]}]}`, `device` null
  /// for findings about no one device, `codes` as ``byCode(_:)`` makes them, `title` saying how
  /// many there are (empty when none).
  static func list(_ findings: [TemplateValue], platforms: [TemplateValue], title: String) -> TemplateValue {
    .object([
      "count": .int(findings.count),
      "title": .string(title),
      "platforms": .list(
        arranged(findings, platforms: platforms).map { platform in
          .object([
            "name": .string(platform.name),
            "count": .int(platform.devices.reduce(0) { $0 + $1.members.count }),
            "devices": .list(
              platform.devices.map { device, members in
                .object([
                  "device": device.isEmpty ? .null : .string(device),
                  "count": .int(members.count),
                  "codes": byCode(members),
                ])
              }),
          ])
        }),
    ])
  }

  /// `findings` in the order the lists under the verdict show them: errors, warnings, then the
  /// rest, each by platform, device and code. Trimming `report.md` from the end of this order
  /// leaves out what the page shows last.
  static func displayOrder(_ findings: [TemplateValue], platforms: [TemplateValue]) -> [TemplateValue] {
    let severities = Severity.allCases.map(\.rawValue)
    return grouped(findings) { $0["severity"]?.text ?? "" }
      .sorted { (severities.firstIndex(of: $0.key) ?? severities.count) < (severities.firstIndex(of: $1.key) ?? severities.count) }
      .flatMap { _, members in
        arranged(members, platforms: platforms).flatMap { platform in
          platform.devices.flatMap { _, members in grouped(members) { $0["code"]?.text ?? "" }.flatMap(\.members) }
        }
      }
  }

  /// `findings` by platform (the model's `platforms` order, then others by name, then findings of
  /// no platform), then device (none first, then the platform's release devices in their order,
  /// then the rest by name); `device` is empty for findings about no one device.
  private static func arranged(_ findings: [TemplateValue], platforms: [TemplateValue]) -> [(
    name: String, devices: [(device: String, members: [TemplateValue])]
  )] {
    let order = platforms.compactMap { $0["platform"]?.text }
    func rank(_ platform: String) -> (Int, String) {
      platform.isEmpty ? (order.count + 1, "") : (order.firstIndex(of: platform) ?? order.count, platform)
    }
    return grouped(findings) { $0["platform"]?.text ?? "" }.sorted { rank($0.key) < rank($1.key) }.map { platform, members in
      let report = platforms.first { $0["platform"]?.text == platform }
      let release = report?["releaseDevices"]?.items.compactMap(\.text) ?? []
      func rank(_ device: String) -> (Int, String) {
        device.isEmpty ? (0, "") : (1 + (release.firstIndex(of: device) ?? release.count), device)
      }
      return (
        name: report?["name"]?.text ?? Platform(rawValue: platform)?.displayName ?? "Not tied to a platform",
        devices: grouped(members) { $0["device"]?.text ?? "" }.sorted { rank($0.key) < rank($1.key) }
          .map { (device: $0.key, members: $0.members) }
      )
    }
  }

  /// `items` split by `key`, each group in the order its key first appears, items in their order.
  private static func grouped(_ items: [TemplateValue], by key: (TemplateValue) -> String) -> [(
    key: String, members: [TemplateValue]
  )] {
    var groups: [(key: String, members: [TemplateValue])] = []
    var position: [String: Int] = [:]
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
