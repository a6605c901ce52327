import Foundation
import StateProofModel

/// Reads the `.jsonl` files `seed-check --record` appends to: one `SeedCheckRecord` per line.
///
/// The dumpsys line inside each record is parsed and classified again, and a record whose
/// `found` or `taken` disagrees with its own line is reported rather than trusted. Bad lines
/// become problems naming file and line; the other lines are still read. Blank lines are skipped.
package enum SeedRecordReader {
  /// The most problems kept per file; past that one more says how many were left out.
  static let maxProblems = 100

  /// Reads the records from `file`, one line at a time.
  package static func read(_ file: RegularFile, from discovered: DiscoveredFile) -> SeedReadResult {
    read(LineReader(file: file), from: discovered)
  }

  /// Reads records already in memory.
  package static func read(_ data: Data, from file: DiscoveredFile) -> SeedReadResult {
    read(LineReader(bytes: [UInt8](data)), from: file)
  }

  private static func read(_ lines: LineReader, from file: DiscoveredFile) -> SeedReadResult {
    var result = SeedReadResult()
    var problems = CappedList<ReadProblem>(limit: maxProblems)
    let decoder = JSONDecoder()
    let device = AndroidScreenshotPath.device(in: file.record.path)
    let error = lines.forEachLine { line in
      let location = file.location(line: line.number)
      guard line.droppedBytes == 0 else {
        problems.append(
          ReadProblem(
            location: location,
            message: "longer than \(LineReader.maxLineBytes >> 20) MiB; not a seed-check record"))
        return
      }
      guard line.bytes.contains(where: { !($0 == 0x20 || $0 == 0x09) }) else { return }
      switch seed(from: Data(line.bytes), decoder: decoder, at: location) {
      case .success(var seed):
        seed.device = device
        result.seeds.append(seed)
      case .failure(let problem): problems.append(problem)
      }
    }
    result.problems = problems.listed { first, message in ReadProblem(location: first.location, message: message) }
    if let error { result.problems.append(ReadProblem(location: file.location(), message: "\(error)")) }
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
      return problem("not a seed-check record: \(error.summary)")
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
    // seed-check decided whose line it was: the package it checked, through the shared user
    // that package declares when the line sat in one; no package means a headerless read-back.
    let block: SeedBlock =
      record.sharedUser != nil ? .sharedUser : record.package != nil ? .package : .headerless
    return .success(
      SeedRecord(
        location: location, raw: parsed.text, permission: record.permission, block: block,
        package: record.sharedUser == nil ? record.package : nil, sharedUser: record.sharedUser,
        sharedUserPackages: record.sharedUser == nil
          ? [] : record.package.map { [SharedUserMember(package: $0)] } ?? [],
        user: record.user, granted: parsed.granted,
        flags: parsed.flags.names, state: state.state, variant: state.variant,
        wanted: record.wanted))
  }
}
