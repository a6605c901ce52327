import Mustache
import StateProofModel

/// Builds and times as the reports say them, from their JSON in the template data: one line per
/// platform for the first screen (the build under test, the builds the evidence names, when and
/// on which devices it was collected), the window, and a few words per file and piece of evidence.
enum BuildTimeText {
  /// The most devices a platform's line names; a farm's others are counted (the devices table
  /// and `report.json` list them all), so the line stays short beside the verdict.
  static let maxDevices = 12

  /// "4.2.0 (420) release", from a BuildIdentity object; nil for null or an empty build.
  static func build(_ value: TemplateValue?) -> String? {
    guard let value, case .object = value else { return nil }
    let build = BuildIdentity(
      versionName: value["versionName"]?.text, versionCode: value["versionCode"]?.text, variant: value["variant"]?.text)
    return build.isEmpty ? nil : build.description
  }

  /// The EvidenceTime the JSON object describes; nil for null.
  static func evidenceTime(_ value: TemplateValue?) -> EvidenceTime? {
    guard let value, let zoneText = value["zone"]?.text, let zone = EvidenceTime.Zone(rawValue: zoneText),
      let earliest = value["earliest"]?.text.flatMap({ EvidenceTime(iso8601: $0, source: "") })
    else { return nil }
    // A time of unknown zone is written as its earliest (its clock reading at UTC+14).
    let seconds = zone == .unknown ? earliest.seconds + 14 * 3600 : earliest.seconds
    return EvidenceTime(
      written: value["written"]?.text ?? "", source: value["source"]?.text ?? "", zone: zone, seconds: seconds)
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
  static func span(_ value: TemplateValue?, detailed: Bool = false) -> String? {
    guard let from = evidenceTime(value?["from"]), let to = evidenceTime(value?["to"]) else { return nil }
    let first = time(from)
    let last = time(to)
    let note = detailed && [from.zone, to.zone].contains(.utcByProducer) ? " (no zone written; its producer writes UTC)" : ""
    if first == last { return first + note }
    if from.zone != .unknown, to.zone != .unknown, first.prefix(10) == last.prefix(10) {
      return "\(first.prefix(16))–\(last.dropFirst(11))\(note)"
    }
    return "\(first) – \(last)\(note)"
  }

  /// A platform's line: its build under test, the builds its evidence names, when and on which
  /// devices it was collected.
  static func platform(_ build: TemplateValue) -> (build: String, time: String, devices: String) {
    let expected = Self.build(build["expected"])
    var named: [String] = []
    for item in build["named"]?.items ?? [] {
      guard let text = Self.build(item["build"]) else { continue }
      let files = item["files"]?.integer ?? 0
      let mark = item["expected"] == .bool(false) ? " (not the build under test)" : ""
      named.append("\(text) in \(files == 1 ? "1 file" : "\(files) files")\(mark)")
    }
    let unnamed = build["filesWithoutBuild"]?.integer ?? 0
    var buildText = expected.map { "build under test \($0)" } ?? "no build under test configured"
    buildText += named.isEmpty ? "; the evidence names no build" : "; the evidence names \(named.joined(separator: ", "))"
    if unnamed > 0, !named.isEmpty { buildText += "; \(unnamed == 1 ? "1 file names" : "\(unnamed) files name") none" }
    let untimed = build["filesWithoutTime"]?.integer ?? 0
    var timeText = span(build["collected"]).map { "collected \($0)" } ?? "no evidence names a time"
    if untimed > 0, build["collected"] != .null {
      timeText += "; \(untimed == 1 ? "1 file names" : "\(untimed) files name") no time"
    }
    let devices = (build["devices"]?.items ?? []).compactMap(\.text)
    let shown = devices.prefix(maxDevices).joined(separator: ", ")
    let more = devices.count > maxDevices ? " and \(devices.count - maxDevices) more" : ""
    let devicesText = devices.isEmpty ? "no device named" : "on \(shown)\(more)"
    return (buildText, timeText, devicesText)
  }

  /// "Window 48h, measured back from the newest evidence (2025-11-24 16:03 UTC): evidence from
  /// before 2025-11-22 16:03 UTC proves nothing." Empty when no window is configured; with only
  /// `--built-at`, when the candidate was built.
  static func window(_ window: TemplateValue?, builtAt: TemplateValue?) -> String {
    let built = builtAt?.text.flatMap { EvidenceTime(iso8601: $0, source: "") }.map { "built \(time($0))" }
    guard let window, case .object = window, let length = window["window"]?.text else {
      return built.map { "Release candidate \($0)." } ?? ""
    }
    guard let from = evidenceTime(window["from"]), let cutoff = window["cutoff"]?.text.flatMap({ EvidenceTime(iso8601: $0, source: "") })
    else { return "Evidence window \(length): no evidence names a time to measure it from." }
    let reference = window["reference"]?.text == WindowCheck.Reference.builtAt.rawValue ? "the candidate's build time" : "the newest evidence"
    return "Evidence window \(length), measured back from \(reference) (\(time(from))): evidence from before \(Self.time(cutoff)) proves nothing."
  }
}
