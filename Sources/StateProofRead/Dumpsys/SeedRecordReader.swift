import Foundation
import StateProofJSON
import StateProofKnowledge
import StateProofModel
import StateProofSystem
import StateProofEvidence

/// Reads the `.jsonl` files `seed-check --record` appends to: one `SeedCheckRecord` per line.
///
/// The dumpsys lines inside each record are parsed and their state composed again, and a record
/// whose `found` or `taken` disagrees with its own lines is reported rather than trusted. Each
/// line becomes a seed record; the lines of one record are one read-back. Bad lines
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
      if let simulator = simulatorSeed(from: line.bytes, at: location) {
        switch simulator {
        case .success(var seed):
          seed.device = device
          result.simulatorSeeds.append(seed)
        case .failure(let problem): problems.append(problem)
        }
        return
      }
      switch seeds(from: line.bytes, at: location) {
      case .success(let (seeds, declared)):
        // A record appended run after run repeats the same list: kept once.
        if let declared, !result.declarations.contains(where: { Self.sameList($0, declared) }) {
          result.declarations.append(declared)
        }
        result.seeds += seeds.map { seed in
          var seed = seed
          seed.device = device
          seed.readBack = line.number
          return seed
        }
      case .failure(let problem): problems.append(problem)
      }
    }
    result.problems = problems.listed { first, message in ReadProblem(location: first.location, message: message) }
    if let error { result.problems.append(ReadProblem(location: file.location(), message: "\(error)")) }
    return result
  }

  /// The `platform` a record names: `ios` for a `seed-check --ios` record, absent for Android's.
  private struct RecordPlatform: Decodable {
    var platform: String?
  }

  /// One line's `seed-check --ios` record, its rows decided again (a record whose `found` or
  /// `taken` disagrees with its own rows, or that keeps another app's row, is a problem); nil
  /// when the line is no iOS record.
  private static func simulatorSeed(from json: [UInt8], at location: EvidenceLocation) -> Result<
    SimulatorSeed, ReadProblem
  >? {
    guard let kind = try? JSONDecoding.decode(RecordPlatform.self, from: json), kind.platform == "ios" else {
      return nil
    }
    func problem(_ message: String) -> Result<SimulatorSeed, ReadProblem> {
      .failure(ReadProblem(location: location, message: message))
    }
    let record: SimulatorSeedRecord
    do throws(JSONDecodingError) {
      record = try JSONDecoding.decode(SimulatorSeedRecord.self, from: json)
    } catch {
      return problem("not a seed-check --ios record: column \(error.position.column): \(error.detail)")
    }
    guard let permission = PlatformKnowledge.permission(record.permission), let store = permission.ios?.store,
      store.kind.rawValue == record.store
    else {
      return problem(
        "permission \(record.permission) is no built-in permission kept in the Simulator's \(record.store) store")
    }
    if store.kind == .tcc,
      let other = record.rows.first(where: {
        $0["service"] != store.service || $0["client"] != record.bundle || ($0["client_type"] ?? "0") != "0"
      })
    {
      return problem(
        "a row of another client or service is no read-back of \(record.bundle): \(other["client"] ?? "?") \(other["service"] ?? "?")"
      )
    }
    let reading: SimulatorReading
    do throws(SimulatorStoreError) {
      reading = try SimulatorReading.decided(
        rows: record.rows, schema: record.columns.map(TCCSchema.init(columns:)), store: store, bundle: record.bundle)
    } catch {
      return problem("\(error)")
    }
    let found = reading.state(of: permission)
    guard found == record.found else { return problem("found is \(record.found) but its rows read as \(found)") }
    guard record.taken == (record.found == record.wanted) else {
      return problem("taken is \(record.taken) but wanted \(record.wanted) and found \(record.found)")
    }
    let versions = [record.runtime.map { "iOS \($0)" }, record.xcode.map { "Xcode \($0)" }].compactMap(\.self)
    let raw =
      "\(store.service ?? store.file) \(record.bundle): \(reading.raw)"
      + (record.schema.map { " (TCC.db, \($0))" } ?? "")
      + (versions.isEmpty ? "" : "; \(versions.joined(separator: ", "))")
    return .success(
      SimulatorSeed(
        location: location, bundle: record.bundle, permission: record.permission, state: found, wanted: record.wanted,
        store: record.store, confidence: record.confidence, raw: raw, runtime: record.runtime, xcode: record.xcode,
        time: record.time.flatMap { EvidenceTime(iso8601: $0, source: "seed-check --ios record time") }))
  }

  /// Whether two record lists name the same app, build, device level and names.
  private static func sameList(_ lhs: AppDeclarations, _ rhs: AppDeclarations) -> Bool {
    lhs.appId == rhs.appId && lhs.build?.identity == rhs.build?.identity && lhs.deviceSdk == rhs.deviceSdk
      && lhs.targetSdk == rhs.targetSdk && lhs.declarations.map(\.name) == rhs.declarations.map(\.name)
  }

  /// One line's record, through the strict JSON reader (a record is untrusted evidence); a
  /// line that is not one is a problem naming the column and key.
  private static func seeds(from json: [UInt8], at location: EvidenceLocation)
    -> Result<([SeedRecord], AppDeclarations?), ReadProblem>
  {
    func problem(_ message: String) -> Result<([SeedRecord], AppDeclarations?), ReadProblem> {
      .failure(ReadProblem(location: location, message: message))
    }
    let record: SeedCheckRecord
    do throws(JSONDecodingError) {
      record = try JSONDecoding.decode(SeedCheckRecord.self, from: json)
    } catch {
      return problem("not a seed-check record: column \(error.position.column): \(error.detail)")
    }
    guard let reading = PlatformKnowledge.reading(for: record.permission) else {
      return problem("permission \(record.permission) is neither a built-in id nor an Android name")
    }
    var parsed: [PermissionLine] = []
    for text in [record.line] + (record.otherLines ?? []) {
      guard case .success(let line)? = PermissionLine.parse(text), reading.names.contains(line.name),
        !parsed.contains(where: { $0.name == line.name })
      else {
        return problem("line is not a dumpsys line for \(record.permission): \(text)")
      }
      parsed.append(line)
    }
    let composition = reading.compose(
      Dictionary(
        uniqueKeysWithValues: parsed.map { ($0.name, AndroidLineFacts(granted: $0.granted, flags: $0.flags.set)) }),
      sensorBlocked: record.sensorBlocked, targetSdk: record.targetSdk, whole: record.package != nil)
    let wanted = AndroidPermissionState.current(record.wanted)
    guard let found = composition.state, found == AndroidPermissionState.current(record.found) else {
      return problem(
        "found is \(record.found) but its lines read as \(composition.state ?? "nothing (a line is missing)")")
    }
    // seed-check refuses a one-time grant (taken false); records written before it did say true,
    // and the matcher reads their lines as one-time-grant either way.
    let taken = wanted == found && composition.oneTime.isEmpty
    guard record.taken == taken || (record.taken && wanted == found) else {
      return problem("taken is \(record.taken) but wanted \(record.wanted) and found \(record.found)")
    }
    // seed-check decided whose lines they were: the package it checked, through the shared user
    // that package declares when they sat in one; no package means a headerless read-back.
    let block: SeedBlock =
      record.sharedUser != nil ? .sharedUser : record.package != nil ? .package : .headerless
    let build = BuildIdentity(
      versionName: record.versionName, versionCode: record.versionCode, source: "seed-check record")
    let known = build.isEmpty ? nil : build
    let time = record.time.flatMap { EvidenceTime(iso8601: $0, source: "seed-check record time") }
    let declared = record.requested.map { names in
      AppDeclarations(
        location: location, platform: .android, source: .requestedPermissions, appId: record.package, build: known,
        targetSdk: record.targetSdk, deviceSdk: record.sdk, declarations: names.map { Declaration(name: $0) })
    }
    return .success(
      (
        parsed.map { line in
          let state = AndroidPermissionState.classify(granted: line.granted, flags: line.flags.set)
          let sensor = line.name == reading.primary && reading.sensor != nil
          return SeedRecord(
            location: location, raw: line.text, permission: line.name, block: block,
            package: record.sharedUser == nil ? record.package : nil, sharedUser: record.sharedUser,
            sharedUserPackages: record.sharedUser == nil
              ? [] : record.package.map { [SharedUserMember(package: $0, build: known)] } ?? [],
            user: record.user, granted: line.granted, flags: line.flags.names, state: state.state,
            variant: state.variant, wanted: wanted, sdk: record.sdk, sensorBlocked: sensor ? record.sensorBlocked : nil,
            sensorLine: sensor ? record.sensor : nil, build: record.sharedUser == nil ? known : nil, time: time,
            targetSdk: record.targetSdk)
        }, declared
      ))
  }
}
