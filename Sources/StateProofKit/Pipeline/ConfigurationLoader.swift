import Foundation
import StateProofJSON
import StateProofMatch
import StateProofModel
import StateProofSystem

/// Finds and reads `stateproof.json`: the `--config` file, else one in the current folder, else
/// one at the top of the first evidence folder, else the built-in camera matrix. Every other
/// configuration that could have applied and differs is named (`config-shadowed`). SPI for the
/// file name `init` writes by default.
@_spi(CLI) public enum ConfigurationLoader {
  /// The name looked for beside the evidence and in the working folder. SPI: `init` writes a
  /// starter under this name by default.
  @_spi(CLI) public static let fileName = "stateproof.json"
  /// Larger than any real configuration by far; a bigger file is refused, not parsed.
  static let maximumBytes = 1 << 20
  /// The order configurations are looked for in, as the warnings say it.
  static let order =
    "--config, stateproof.json in the working folder, stateproof.json at the top of the first evidence path, the built-in camera matrix"

  /// A configuration file read and checked: what it decides, its JSON as read (to place the
  /// matrix's errors) and without comments, and the SHA-256 of its bytes.
  package struct Loaded {
    package var configuration: Configuration
    package var document: JSONNode
    package var settings: ConfigurationValue
    package var sha256: String?
  }

  /// A place a configuration could be: its path as it would be given, where it is, and whether
  /// `report` loads it from there (only the first evidence path's top is loaded).
  private struct Candidate {
    var path: String
    var place: String
    var source: ConfigurationSource
    var loads: Bool
  }

  /// The configuration `report` uses without `--config`, with a `config-shadowed` warning for
  /// each other candidate (the working folder's, one at the top of any evidence folder) that
  /// exists and differs from it.
  package static func find(evidencePaths paths: [String]) throws(StateProofError) -> ReportConfiguration {
    var candidates = [Candidate(path: fileName, place: "in the working folder", source: .workingFolder, loads: true)]
    for (index, path) in paths.enumerated() {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        continue
      }
      candidates.append(
        Candidate(
          path: PathBytes.appending(fileName, to: path),
          place: "at the top of the evidence path \(path)", source: .evidence, loads: index == 0))
    }
    let present = candidates.filter { FileManager.default.fileExists(atPath: $0.path) }
    var found = ReportConfiguration.builtIn
    var used: Candidate?
    if let chosen = present.first(where: \.loads) {
      found = ReportConfiguration(try read(chosen.path), file: chosen.path, source: chosen.source)
      used = chosen
    }
    for other in present where other.path != used?.path {
      guard let note = difference(other, from: found, used: used) else { continue }
      let usedName = used.map { "\($0.path) (\($0.place))" } ?? "the built-in camera matrix"
      found.shadowing.append(
        Finding(
          code: .configShadowed, severity: .warning,
          message:
            "The report used \(usedName); \(other.path) (\(other.place)) \(note) and was not used. A configuration is looked for in this order: \(order).",
          files: [used?.path, other.path].compactMap(\.self)))
    }
    return found
  }

  /// How the configuration at `other` differs from the one found ("differs", "could not be
  /// read: …"); nil when it is the same file, or says the same once comments are taken out.
  private static func difference(_ other: Candidate, from found: ReportConfiguration, used: Candidate?) -> String? {
    if let used, let first = try? RealPath.resolve(used.path), let second = try? RealPath.resolve(other.path),
      first == second
    {
      return nil
    }
    do {
      let data = try InputFile.read(other.path, limit: maximumBytes, what: "the file")
      let settings = ConfigurationValue(removingComments: try JSONNode.parse(data))
      return settings == found.settings ? nil : "differs"
    } catch {
      return "could not be read (\(error))"
    }
  }

  package static func read(_ path: String) throws(StateProofError) -> Loaded {
    let data: Data
    do throws(StateProofError) {
      data = try InputFile.read(path, limit: maximumBytes, what: "the configuration")
    } catch {
      guard case .inputFile(_, _, let reason) = error else { throw error }
      throw .unreadableConfiguration(file: path, reason: reason.description)
    }
    let document: JSONNode
    do throws(JSONError) {
      document = try JSONNode.parse(data)
    } catch {
      if case .duplicateKey(let first) = error.reason {
        throw .configuration(
          file: path,
          ConfigurationError(
            path: error.path.description,
            message:
              "key given twice (\(first) and \(error.position)); JSON readers disagree on which one counts, so keep one",
            line: error.position.line, column: error.position.column))
      }
      throw .unreadableConfiguration(
        file: path, reason: "not valid JSON at \(error.position): \(error.reason.message)")
    }
    do throws(ConfigurationError) {
      return Loaded(
        configuration: try Configuration(document), document: document,
        settings: ConfigurationValue(removingComments: document), sha256: SHA256.hex(of: data))
    } catch {
      throw .configuration(file: path, error)
    }
  }
}
