import Foundation
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A history rendered (``StateProof/historyPages(_:file:options:)``): the page, with the trend
/// as SVG and no script, and the Markdown for a pull-request comment or a job summary. The same
/// history and options give the same bytes.
public struct HistoryPages: Sendable {
  /// The page's file name in the folder ``write(to:)`` writes.
  public static let htmlFileName = "index.html"
  /// The Markdown's file name.
  public static let markdownFileName = "history.md"
  /// What the page names itself by, which tells a folder `stateproof history` wrote.
  static let generator = "<meta name=\"generator\" content=\"StateProof history\">"

  /// `index.html`.
  public var html: Data
  /// `history.md`, within the options' budget.
  public var markdown: Data

  /// Writes `index.html` and `history.md` into `folder` (made, with the folders above it, when it
  /// is not there), each to a new file beside it renamed into place. A folder holding anything
  /// else but `.jsonl` files (the history itself may sit beside its page), or an `index.html`
  /// StateProof's history did not write (a report's), is refused and nothing is written. Returns
  /// the files' paths.
  public func write(to folder: String) throws(StateProofError) -> [String] {
    try Self.check(folder)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .write(path: folder, reason: .create(reason: "\(error)"))
    }
    var written: [String] = []
    for (name, data) in [(Self.markdownFileName, markdown), (Self.htmlFileName, html)] {
      let path = PathBytes.appending(name, to: folder)
      let temporary = PathBytes.appending(".\(name).stateproof-\(getpid())-\(UUID().uuidString).tmp", to: folder)
      guard FileManager.default.createFile(atPath: temporary, contents: data) else {
        throw .write(path: path, reason: .create(reason: String(cString: strerror(errno))))
      }
      guard rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw .write(path: path, reason: .move(name: name, reason: reason))
      }
      written.append(path)
    }
    return written
  }

  /// Refuses a folder that holds anything but the two files, or an `index.html` that is not a
  /// history page: never a report folder, never a user's files.
  static func check(_ folder: String) throws(StateProofError) {
    var status = stat()
    guard stat(folder, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFDIR else { throw .outputFolder(path: folder, reason: .notAFolder) }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      !($0.hasPrefix(".") && $0.hasSuffix(".tmp"))
    }
    let foreign = names.filter { $0 != htmlFileName && $0 != markdownFileName && !$0.hasSuffix(".jsonl") }.sorted()
    guard foreign.isEmpty else { throw .outputFolder(path: folder, reason: .foreignFiles(foreign)) }
    guard names.contains(htmlFileName) else { return }
    let page = PathBytes.appending(htmlFileName, to: folder)
    let head = (try? InputFile.read(page, limit: 1 << 30, what: page).prefix(4096)) ?? Data()
    guard head.range(of: Data(generator.utf8)) != nil else {
      throw .outputFolder(path: folder, reason: .foreignFiles([htmlFileName]))
    }
  }
}
