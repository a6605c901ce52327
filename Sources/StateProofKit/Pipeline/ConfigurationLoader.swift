import Foundation
import StateProofJSON
import StateProofMatch
import StateProofModel

/// Finds and reads `stateproof.json`: the `--config` file, else one in the current folder, else
/// one at the top of the first evidence folder, else the built-in camera matrix.
package enum ConfigurationLoader {
  package static let fileName = "stateproof.json"
  /// Larger than any real configuration by far; a bigger file is refused, not parsed.
  static let maximumBytes = 1 << 20

  /// The configuration and the file it came from (nil for the built-in one).
  package static func load(explicit: String?, evidencePaths: [String]) throws(StateProofError)
    -> (Configuration, source: String?)
  {
    if let explicit { return (try read(explicit), explicit) }
    var candidates = [fileName]
    if let first = evidencePaths.first {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        candidates.append((first as NSString).appendingPathComponent(fileName))
      }
    }
    for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
      return (try read(candidate), candidate)
    }
    return (Configuration(), nil)
  }

  package static func read(_ path: String) throws(StateProofError) -> Configuration {
    let data: Data
    do {
      data = try InputFile.read(path, limit: maximumBytes, what: "the configuration")
    } catch {
      throw .unreadableConfiguration(file: path, reason: "\(error)".replacingOccurrences(of: "the configuration: ", with: ""))
    }
    let json: JSONValue
    do throws(JSONError) {
      json = try JSONValue.parse(data)
    } catch {
      if case .duplicateKey(let first) = error.reason {
        throw .configuration(
          file: path,
          ConfigurationError(
            path: error.path.description,
            message:
              "key given twice (\(first) and \(error.position)); JSON readers disagree on which one counts, so keep one"
          ))
      }
      throw .unreadableConfiguration(
        file: path, reason: "not valid JSON at \(error.position): \(error.reason.message)")
    }
    do {
      return try ConfigurationDecoder.decode(json)
    } catch {
      throw .configuration(file: path, error)
    }
  }
}
