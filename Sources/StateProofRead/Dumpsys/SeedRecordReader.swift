import Foundation
import StateProofModel

/// Reads the `.jsonl` files `seed-check --record` appends to: one `SeedCheckRecord` per line.
///
/// The dumpsys line inside each record is parsed and classified again, and a record whose
/// `found` or `taken` disagrees with its own line is reported rather than trusted. Bad lines
/// become problems naming file and line; the other lines are still read. Blank lines are skipped.
package enum SeedRecordReader {
  package static func read(_ data: Data, from file: DiscoveredFile) -> SeedReadResult {
    var result = SeedReadResult()
    let bytes = [UInt8](data)
    let decoder = JSONDecoder()
    for (offset, range) in LogLine.ranges(in: bytes).enumerated() {
      let line = bytes[range]
      guard line.contains(where: { !($0 == 0x20 || $0 == 0x09) }) else { continue }
      let location = file.location(line: offset + 1)
      switch seed(from: Data(line), decoder: decoder, at: location) {
      case .success(let seed): result.seeds.append(seed)
      case .failure(let problem): result.problems.append(problem)
      }
    }
    return result
  }

  private static func seed(from json: Data, decoder: JSONDecoder, at location: EvidenceLocation)
    -> Result<SeedRecord, ReadProblem>
  {
    func problem(_ message: String) -> Result<SeedRecord, ReadProblem> {
      .failure(ReadProblem(location: location, message: message))
    }
    let record: SeedCheckRecord
    do {
      record = try decoder.decode(SeedCheckRecord.self, from: json)
    } catch let error as DecodingError {
      return problem("not a seed-check record: \(describe(error))")
    } catch {
      return problem("not a seed-check record: \(error)")
    }
    guard case .success(let parsed)? = PermissionLine.parse(record.line),
      parsed.name == record.permission
    else {
      return problem("line is not a dumpsys line for \(record.permission): \(record.line)")
    }
    let state = AndroidPermissionState.classify(granted: parsed.granted, flags: parsed.flags)
    guard state.state == record.found else {
      return problem("found is \(record.found) but its line reads as \(state.state)")
    }
    guard record.taken == (record.wanted == record.found) else {
      return problem("taken is \(record.taken) but wanted \(record.wanted) and found \(record.found)")
    }
    return .success(
      SeedRecord(
        location: location, raw: parsed.text, permission: record.permission,
        package: record.package, user: record.user, granted: parsed.granted,
        flags: parsed.flags.names, state: state.state, variant: state.variant,
        wanted: record.wanted))
  }

  /// A short message for a decoding error: which field, not the decoder's whole context.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map(\.stringValue).joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "wrong type for \"\(path(context))\""
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not valid JSON" : "bad value for \"\(path(context))\""
    @unknown default: return "not valid JSON"
    }
  }
}
