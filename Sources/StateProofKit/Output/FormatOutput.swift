import Foundation
import StateProofModel
import StateProofSystem

/// One format's output as ``ReportRun`` makes it (``ReportFormat/writing``): bytes rendered whole,
/// or a writer handing them to a sink a chunk at a time, so `report` writes and `verify` hashes the
/// JSON and JUnit of a report with 100,000 files without ever holding their text.
package enum FormatOutput {
  case whole(Data)
  /// Hands every byte, in order, to the sink it is given.
  case chunked((_ sink: @escaping (Data) throws(StateProofError) -> Void) throws(StateProofError) -> Void)

  /// Its bytes, whole.
  package func data() throws(StateProofError) -> Data {
    switch self {
    case .whole(let data): return data
    case .chunked(let make):
      var collected = Data()
      try make { (chunk: Data) throws(StateProofError) in collected.append(chunk) }
      return collected
    }
  }

  /// Its SHA-256, hashed a chunk at a time when it is made so; `name` is for the error.
  package func sha256(_ name: String) throws(StateProofError) -> String {
    let hasher = SHA256()
    switch self {
    case .whole(let data): data.withUnsafeBytes { hasher.update($0) }
    case .chunked(let make):
      try make { (chunk: Data) throws(StateProofError) in chunk.withUnsafeBytes { hasher.update($0) } }
    }
    guard let sha = hasher.finalize() else { throw .hashFailed(file: name) }
    return sha
  }
}
