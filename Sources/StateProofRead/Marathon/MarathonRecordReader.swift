import Foundation
import StateProofJSON
import StateProofModel
import StateProofEvidence

/// Reads Marathon's per-test and per-device records (see ``MarathonRecord``), which name the
/// device its one JUnit per pool does not: a test record becomes one execution on its device, a
/// device record names a device. Which pool report a record speaks for is decided when the
/// evidence is joined (`MarathonJoin`), from where both lie.
package enum MarathonRecordReader {
  /// What a record gave: the execution of a test record, and the device it names.
  package struct Read: Sendable {
    package var execution: TestExecution?
    package var device: String?
    package var format: String
  }

  /// Why a JSON file of that shape is not a record, or what it holds.
  package enum Outcome: Sendable {
    case record(Read)
    case notRecord(String)
    case problem(ReadProblem)
  }

  /// The most a record may hold: a stack trace or two.
  package static let maxBytes = 8 << 20

  package static func read(_ data: Data, from file: DiscoveredFile) -> Outcome {
    let record: MarathonRecord
    do throws(JSONDecodingError) {
      record = try JSONDecoding.decode(MarathonRecord.self, from: data)
    } catch {
      return .problem(
        ReadProblem(
          location: file.location(), message: "not a Marathon record: column \(error.position.column): \(error.detail)")
      )
    }
    if let test = record.test {
      guard let device = record.device else { return .notRecord("a Marathon test record without its device") }
      guard let outcome = outcome(record.status) else {
        return .problem(
          ReadProblem(
            location: file.location(),
            message:
              "a Marathon test record with status \(record.status.map { "\"\($0.prefix(40))\"" } ?? "missing"), which Marathon does not write (PASSED, FAILURE, IGNORED, INCOMPLETE, ASSUMPTION_FAILURE)"
          ))
      }
      let name = Self.name(device)
      let classname = (test.pkg ?? "").isEmpty ? test.clazz : "\(test.pkg!).\(test.clazz)"
      var execution = TestExecution(
        location: file.location(), classname: classname, name: test.method, device: name,
        outcome: outcome, message: record.stacktrace.flatMap { $0.isEmpty ? nil : $0 },
        os: device.operatingSystem?.version.flatMap(Self.os))
      if let start = record.startTime, let end = record.endTime, start > 0, end >= start {
        execution.time = (end - start) / 1000
      }
      execution.startedAt = record.startTime.flatMap {
        $0 > 0
          ? EvidenceTime(unixSeconds: $0 / 1000, written: String(Int64($0)), source: "Marathon test record startTime")
          : nil
      }
      return .record(Read(execution: execution, device: name, format: RunnerRecordFormat.marathonTest))
    }
    if let serial = record.serialNumber {
      let device = MarathonRecord.Device(
        operatingSystem: record.operatingSystem, serialNumber: serial, model: record.model,
        manufacturer: record.manufacturer)
      return .record(Read(execution: nil, device: name(device), format: RunnerRecordFormat.marathonDevice))
    }
    return .notRecord("JSON with Marathon's serialNumber but neither a test record nor a device record")
  }

  private static func name(_ device: MarathonRecord.Device) -> String {
    MarathonDevice.name(
      serial: device.serialNumber, model: device.model, osVersion: device.operatingSystem?.version,
      manufacturer: device.manufacturer)
  }

  /// `API 34` for Android's API level; an Apple version as written.
  private static func os(_ version: String) -> String? {
    guard !version.isEmpty, version != "Unknown" else { return nil }
    return Int(version) != nil ? "API \(version)" : version
  }

  /// Marathon's `TestStatus`: an incomplete run is a failure, as its own JUnit writes it; nil
  /// for a status it does not write.
  private static func outcome(_ status: String?) -> TestOutcome? {
    switch status {
    case "PASSED": .passed
    case "FAILURE", "INCOMPLETE": .failed
    case "IGNORED", "ASSUMPTION_FAILURE": .skipped
    default: nil
    }
  }
}
