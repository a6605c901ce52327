import Mustache
import StateProofModel

/// Builds and times as the reports say them, from the model's typed values: one line per
/// platform for the first screen (the build under test, the builds the evidence names, when and
/// on which devices it was collected), the window, and a few words per file and piece of evidence.
enum BuildTimeText {
  /// The most devices a platform's line names; a farm's others are counted (the devices table
  /// and `report.json` list them all), so the line stays short beside the verdict.
  static let maxDevices = 12

  /// "4.2.0 (420) release"; nil for no build or an empty one.
  static func build(_ build: BuildIdentity?) -> String? {
    guard let build = build?.identity, !build.isEmpty else { return nil }
    return build.description
  }

  /// "2025-11-24 16:01 UTC", or "2025-11-24 16:01 (no zone)" for a time whose zone is unknown.
  /// `detailed` also says when a time written without a zone is read as UTC because its producer
  /// writes UTC.
  static func time(_ time: EvidenceTime, detailed: Bool = false) -> String {
    let iso = EvidenceTime.iso(time.seconds)
    let minute = iso.prefix(16).replacingOccurrences(of: "T", with: " ")
    switch time.zone {
    case .stated: return "\(minute) UTC"
    case .utcByProducer: return detailed ? "\(minute) UTC (no zone written; its producer writes UTC)" : "\(minute) UTC"
    case .unknown: return "\(minute) (no zone)"
    }
  }

  /// "2025-11-24 15:28–16:03 UTC", or both ends whole when they are on different days.
  static func span(_ span: EvidenceSpan?, detailed: Bool = false) -> String? {
    guard let from = span?.from, let to = span?.to else { return nil }
    let first = time(from)
    let last = time(to)
    let note =
      detailed && [from.zone, to.zone].contains(.utcByProducer) ? " (no zone written; its producer writes UTC)" : ""
    if first == last { return first + note }
    if from.zone != .unknown, to.zone != .unknown, first.prefix(10) == last.prefix(10) {
      return "\(first.prefix(16))–\(last.dropFirst(11))\(note)"
    }
    return "\(first) – \(last)\(note)"
  }

  /// A platform's line: its build under test, the builds its evidence names, when and on which
  /// devices it was collected.
  static func platform(_ build: PlatformBuild) -> (build: String, time: String, devices: String) {
    let expected = Self.build(build.expected)
    var named: [String] = []
    for item in build.named {
      guard let text = Self.build(item.build) else { continue }
      let files = item.files
      let mark = item.expected == false ? " (not the build under test)" : ""
      named.append("\(text) in \(files == 1 ? "1 file" : "\(files) files")\(mark)")
    }
    let unnamed = build.filesWithoutBuild
    var buildText = expected.map { "build under test \($0)" } ?? "no build under test configured"
    buildText +=
      named.isEmpty ? "; the evidence names no build" : "; the evidence names \(named.joined(separator: ", "))"
    if unnamed > 0, !named.isEmpty { buildText += "; \(unnamed == 1 ? "1 file names" : "\(unnamed) files name") none" }
    let untimed = build.filesWithoutTime
    var timeText = span(build.collected).map { "collected \($0)" } ?? "no evidence names a time"
    if untimed > 0, build.collected != nil {
      timeText += "; \(untimed == 1 ? "1 file names" : "\(untimed) files name") no time"
    }
    let devices = build.devices
    let shown = devices.prefix(maxDevices).joined(separator: ", ")
    let more = devices.count > maxDevices ? " and \(devices.count - maxDevices) more" : ""
    let devicesText = devices.isEmpty ? "no device named" : "on \(shown)\(more)"
    return (buildText, timeText, devicesText)
  }

  /// "Window 48h, measured back from the newest evidence (2025-11-24 16:03 UTC): evidence from
  /// before 2025-11-22 16:03 UTC proves nothing." Empty when no window is configured; with only
  /// `--built-at`, when the candidate was built.
  static func window(_ window: WindowCheck?, builtAt: String?) -> String {
    let built = builtAt.flatMap { EvidenceTime(iso8601: $0, source: "") }.map { "built \(time($0))" }
    guard let window else {
      return built.map { "Release candidate \($0)." } ?? ""
    }
    let length = window.window.text
    guard let from = window.from, let cutoff = window.cutoff.flatMap({ EvidenceTime(iso8601: $0, source: "") })
    else { return "Evidence window \(length): no evidence names a time to measure it from." }
    let reference = window.reference == .builtAt ? "the candidate's build time" : "the newest evidence"
    return
      "Evidence window \(length), measured back from \(reference) (\(time(from))): evidence from before \(Self.time(cutoff)) proves nothing."
  }
}
