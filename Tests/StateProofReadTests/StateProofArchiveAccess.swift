import StateProofArchive
import StateProofSystem

/// Reads one entry of an archive in memory, for tests that rebuild a real package with a change.
enum StateProofArchiveAccess {
  static func contents(_ bytes: [UInt8], _ name: String) throws -> [UInt8] {
    let archive = try ZipArchive(MemoryBytes(bytes)) { $0.name == name }
    guard let entry = try archive.entry(named: name) else { throw ZipError.notAZip }
    return try archive.contents(of: entry, limit: 1 << 20)
  }
}
