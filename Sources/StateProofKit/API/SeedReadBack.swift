import Foundation
import StateProofKnowledge
import StateProofModel
import StateProofSystem
import StateProofRead

/// `stateproof seed-check`'s read-back: one permission's state for one user, read from
/// `dumpsys package` output, and whether the seeded state (and, when asked, the build) took.
/// SPI: the command line prints it; the reading is the library's (``SeedCheck``).
@_spi(CLI) public struct SeedReadBack: Sendable {
  private let result: SeedCheckResult
  private let wantedVersion: String?

  /// Reads the dump from the file at `path`, else from `input()`. Throws for a dump that has no
  /// such line or package, and for `wantedVersion` when the dump prints no versionName.
  public init(
    path: String?, input: () -> Data, permission: String, want: String, user: Int, package: String?,
    wantedVersion: String?
  ) throws(StateProofError) {
    var file: RegularFile?
    if let path {
      switch RegularFile.open(path) {
      case .success(let opened): file = opened
      case .failure(let error): throw .inputFile(path: path, name: path, reason: .unreadable(reason: "\(error)"))
      }
    }
    do throws(SeedCheckError) {
      if let file {
        result = try SeedCheck.check(file: file, permission: permission, want: want, user: user, package: package)
      } else {
        result = try SeedCheck.check(dump: input(), permission: permission, want: want, user: user, package: package)
      }
    } catch {
      throw .seedCheck(.check(reason: "\(error)"))
    }
    if let wantedVersion, result.version?.versionName == nil {
      throw .seedCheck(.noVersionName(wanted: wantedVersion, package: result.package))
    }
    self.wantedVersion = wantedVersion
  }

  /// What the read-back prints, a line each, as read (escape them for a log): the version lines
  /// as dumpsys prints them, so a log of this output names the build; the permission lines used;
  /// the sensor privacy line.
  public var lines: [String] {
    var lines: [String] = []
    if let code = result.version?.versionCode {
      let target = result.version?.targetSdk.map { " targetSdk=\($0)" } ?? ""
      lines.append("versionCode=\(code)\(target)")
    }
    if let name = result.version?.versionName { lines.append("versionName=\(name)") }
    lines += result.lines.map(\.text)
    if let sensor = result.sensor { lines.append("# \(sensor)") }
    return lines
  }

  /// Why the check fails (exit status 1), a line each: the wrong build installed, the state not
  /// taken. Empty when it took.
  public var failures: [String] {
    var failures: [String] = []
    if let wantedVersion, let found = result.version?.versionName, found != wantedVersion {
      let code = result.version?.versionCode.map { " (versionCode \($0))" } ?? ""
      failures.append("wrong build: wanted versionName \(wantedVersion), found \(found)\(code) installed")
    }
    if !result.taken, result.found == result.wanted, !result.oneTime.isEmpty {
      failures.append(
        "\(SeedLogReader.notTakenMarker)\(result.wanted), found \(result.found) “Only this time” (ONE_TIME on \(result.oneTime.joined(separator: " and "))): such a grant lapses about a minute after the app leaves the foreground, so it is no seeded grant. pm grant does not clear ONE_TIME: reinstall the app, then seed with pm grant"
      )
    } else if !result.taken {
      let why = result.note.map { " (\($0))" } ?? ""
      failures.append("\(SeedLogReader.notTakenMarker)\(result.wanted), found \(result.found)\(why)")
    }
    return failures
  }

  /// The result as the one JSON line (with its newline) `--record` appends, which `report`
  /// reads as seed evidence.
  public func record(time: String?, sdk: Int?) throws -> Data {
    Data((try result.record(time: time, sdk: sdk).jsonLine() + "\n").utf8)
  }

  /// "camera: not-asked, granted, …" per built-in permission, for the manual page.
  public static var stateLists: String {
    PlatformKnowledge.permissions.compactMap { permission in
      SeedCheck.states(for: permission.id).map { "\(permission.id): \($0.joined(separator: ", "))" }
    }.joined(separator: "\n")
  }
}
