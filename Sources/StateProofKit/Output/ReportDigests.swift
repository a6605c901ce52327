import Foundation
import StateProofDiscover
import StateProofModel

/// `SHA256SUMS` in a report folder: the SHA-256 of every other file StateProof wrote there, in
/// the format `sha256sum -c SHA256SUMS` checks, so the folder can be checked with no StateProof
/// at all. `stateproof verify` reads it back.
package struct ReportDigests: Sendable, Equatable {
  package static let fileName = ReportFolder.digestsFile

  /// File name (relative to the report folder) to SHA-256, 64 lowercase hex digits.
  package var digests: [String: String]

  package init(_ digests: [String: String]) { self.digests = digests }

  /// One line per file, `DIGEST  NAME`, sorted by name's bytes.
  package var text: Data {
    let names = digests.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    return Data(names.map { "\(digests[$0]!)  \($0)\n" }.joined().utf8)
  }

  /// Reads `SHA256SUMS` as written by ``text``, also accepting `sha256sum`'s binary marker
  /// (`DIGEST *NAME`). Every name must be one StateProof writes in a report folder: the file is
  /// read from an archive or a share and is untrusted.
  package init(parsing data: Data, file: String) throws(StateProofError) {
    var digests: [String: String] = [:]
    for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty { continue }
      let bytes = Array(line)
      let hex = bytes.prefix(64)
      guard bytes.count > 66, hex.allSatisfy(Self.isLowerHex), bytes[64] == UInt8(ascii: " "),
        bytes[65] == UInt8(ascii: " ") || bytes[65] == UInt8(ascii: "*")
      else {
        throw .digestList(file: file, line: index + 1, reason: .notSHA256SumFormat)
      }
      let name = String(decoding: bytes[66...], as: UTF8.self)
      guard Self.isListable(name) else {
        throw .digestList(file: file, line: index + 1, reason: .notAReportFile(name: name))
      }
      guard digests.updateValue(String(decoding: hex, as: UTF8.self), forKey: name) == nil else {
        throw .digestList(file: file, line: index + 1, reason: .listedTwice(name: name))
      }
    }
    self.digests = digests
  }

  /// Whether `name` may be listed: a report file other than this one and the marker.
  package static func isListable(_ name: String) -> Bool {
    name != fileName && name != ReportMarker.fileName && ReportMarker.isReportFile(name)
  }

  private static func isLowerHex(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
  }
}
