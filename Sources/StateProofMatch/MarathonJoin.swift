import StateProofModel
import StateProofEvidence

/// Gives Marathon's JUnit its devices from Marathon's own records, which lie beside it in the same
/// output folder: `tests/<pool>/marathon_junit_report.xml` names no device, while each test's
/// final result on a device is `test_result/<pool>/<serial>/<package.Class#method>.json`, and each
/// device of the pool `devices/<pool>/<serial>.json` (see ``MarathonRecordReader``).
///
/// - A JUnit execution of `tests/<pool>/…` whose test has records of the same output folder and
///   pool runs on their device: with one record it takes the record's device (its outcome stays
///   the JUnit's, which knows the retries, unless the record failed where the JUnit passed: a
///   failure is never hidden); with records on several devices it is one execution per device,
///   each with its record's outcome. The records it takes are not counted again.
/// - The older layout `tests/<pool>/<serial>/…` takes only its serial folder's records, and
///   failing those, the name its device record gives that serial.
/// - A record no JUnit execution takes is an execution of its own.
package enum MarathonJoin {
  /// Where a Marathon file lies: its output folder (the path before `tests/`, `test_result/` or
  /// `devices/`), its pool, and the serial folder when there is one.
  struct Place: Hashable {
    var root: String
    var output: String
    var pool: String
    var serial: String?
  }

  private struct TestKey: Hashable {
    var root: String
    var output: String
    var pool: String
    var classname: String
    var name: String
  }

  package static func join(_ evidence: EvidenceSet) -> [TestExecution] {
    let records = Set(
      evidence.files.filter { $0.kind == .runnerRecord }.map { EvidenceLocation(root: $0.root, path: $0.path) })
    guard !records.isEmpty else { return evidence.tests }
    // Device records: a pool's serial folder → the device's name.
    var devices: [Place: String] = [:]
    for file in evidence.files where file.kind == .runnerRecord && file.format == RunnerRecordFormat.marathonDevice {
      guard let place = place(of: file.path, under: "devices", root: file.root, fileIsSerial: true),
        let device = file.devices.first
      else { continue }
      devices[place] = device
    }
    // Test records by output folder, pool and test.
    var byTest: [TestKey: [(index: Int, serial: String?)]] = [:]
    for (index, test) in evidence.tests.enumerated()
    where records.contains(EvidenceLocation(root: test.location.root, path: test.location.path)) {
      guard
        let place = place(of: test.location.path, under: "test_result", root: test.location.root, fileIsSerial: false)
      else { continue }
      byTest[key(place, test), default: []].append((index, place.serial))
    }
    var taken = Set<Int>()
    var joined: [TestExecution] = []
    joined.reserveCapacity(evidence.tests.count)
    for test in evidence.tests {
      if records.contains(EvidenceLocation(root: test.location.root, path: test.location.path)) { continue }
      guard test.location.path.hasSuffix(".xml"),
        let place = place(of: test.location.path, under: "tests", root: test.location.root, fileIsSerial: false)
      else {
        joined.append(test)
        continue
      }
      let matches = (byTest[key(place, test)] ?? []).filter { place.serial == nil || $0.serial == place.serial }
      taken.formUnion(matches.map(\.index))
      let found = matches.map { evidence.tests[$0.index] }
      switch found.count {
      case 0:
        var test = test
        if place.serial != nil, let device = devices[place] { test.device = device }
        joined.append(test)
      case 1:
        var test = test
        test.device = found[0].device
        test.os = test.os ?? found[0].os
        if test.outcome.isPass, found[0].outcome.isFailure {
          test.outcome = found[0].outcome
          test.message = found[0].message ?? test.message
        }
        joined.append(test)
      default:
        for record in found {
          var one = test
          one.device = record.device
          one.os = record.os
          // Which device the JUnit's failed attempt ran on is not recorded: a pass after a retry
          // stays flaky on each.
          one.outcome = test.outcome == .flaky && record.outcome == .passed ? .flaky : record.outcome
          one.message = record.outcome.isPass && one.outcome != .flaky ? nil : (record.message ?? test.message)
          joined.append(one)
        }
      }
    }
    // Records no JUnit execution took are executions of their own.
    for (index, test) in evidence.tests.enumerated()
    where !taken.contains(index)
      && records.contains(EvidenceLocation(root: test.location.root, path: test.location.path))
    {
      joined.append(test)
    }
    return joined
  }

  private static func key(_ place: Place, _ test: TestExecution) -> TestKey {
    TestKey(root: place.root, output: place.output, pool: place.pool, classname: test.classname, name: test.name)
  }

  /// `<output>/<folder>/<pool>/<file>` or `<output>/<folder>/<pool>/<serial>/<file>` (with
  /// `fileIsSerial`, `<output>/devices/<pool>/<serial>.json`): the place, or nil elsewhere.
  static func place(of path: String, under folder: String, root: String, fileIsSerial: Bool) -> Place? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let at = parts.lastIndex(of: folder) else { return nil }
    let below = parts[(at + 1)...]
    let output = parts[..<at].joined(separator: "/")
    switch (fileIsSerial, below.count) {
    case (true, 2):
      let file = below.last!
      let serial = file.hasSuffix(".json") ? String(file.dropLast(".json".count)) : file
      return Place(root: root, output: output, pool: below.first!, serial: serial)
    case (false, 2): return Place(root: root, output: output, pool: below.first!, serial: nil)
    case (false, 3): return Place(root: root, output: output, pool: below.first!, serial: below.dropFirst().first!)
    default: return nil
    }
  }
}
