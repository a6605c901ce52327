import StateProofDiscover
import StateProofModel
import StateProofRead
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A result bundle (`*.xcresult`) as `--bundle` packs it: whole and raw, every regular file under
/// its folder byte for byte, so `verify` reads the unpacked bundle as `report` read the original.
///
/// What "changed since the report read it" means for its files: the report hashed each attachment
/// (`Data/data.<id>`) as the reader decodes it (zstd), not the file's bytes. So a file the report
/// recorded is decoded again the same way and held to the recorded SHA-256 and size, and its raw
/// bytes on that read to the bytes packed, so what was packed is what decodes to what was
/// recorded. The files the report records no hash for (`Info.plist`, the database, `refs`, the
/// records of the object graph) are checked by `verify`, which reads the unpacked bundle again and
/// decides the report again from it: a change that alters what the bundle says is caught there.
enum ResultBundleMembers {
  /// Where the reader finds an attachment's bytes, relative to the bundle (see
  /// ``XCResultBundleEvidence/path(of:in:)``).
  private static let payloadPrefix = "Data/data."

  /// Every regular file under `folder`, relative to it (unsorted: the bundle's plan sorts).
  ///
  /// - Throws: for a link, a device or other special entry, a name that is not UTF-8, or a folder
  ///   that cannot be listed: packing around it would change what the unpacked bundle reads as,
  ///   and a link's target may lie outside the evidence.
  static func list(_ folder: String, bundle: String) throws(StateProofError) -> [String] {
    var files: [String] = []
    var folders: [String] = [""]
    while let relative = folders.popLast() {
      let location = relative.isEmpty ? folder : folder + "/" + relative
      guard let entries = DirectoryEntries.list(location) else {
        throw .bundle(path: bundle, reason: .resultBundleMember(member: location, reason: "the folder cannot be listed"))
      }
      for entry in entries {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        guard entry.isUTF8 else {
          throw .bundle(
            path: bundle, reason: .resultBundleMember(member: folder + "/" + path, reason: "its name is not valid UTF-8"))
        }
        var status = stat()
        guard lstat(folder + "/" + path, &status) == 0 else {
          throw .bundle(
            path: bundle, reason: .resultBundleMember(member: folder + "/" + path, reason: String(cString: strerror(errno))))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: files.append(path)
        case S_IFDIR: folders.append(path)
        default:
          throw .bundle(
            path: bundle,
            reason: .resultBundleMember(member: folder + "/" + path, reason: "it is a link or a special file, not a regular file"))
        }
      }
    }
    return files
  }

  /// Why `member` of the bundle at `folder`, packed with the raw SHA-256 `packed`, is no longer
  /// what the report recorded of it (`recorded`, an attachment's content); nil when it still is.
  static func difference(member: String, in folder: String, packed: String?, recorded: FileRecord) -> String? {
    guard member.utf8.starts(with: payloadPrefix.utf8) else {
      // Not an attachment: the report hashed the file itself.
      return packed == recorded.sha256 ? nil : "it changed since the report read it (SHA-256 \(recorded.sha256 ?? "") then)"
    }
    let raw = SHA256()
    let content = SHA256()
    let decoded = XCResultBundleReader.payload(
      bundle: folder, id: String(decoding: member.utf8.dropFirst(payloadPrefix.utf8.count), as: UTF8.self),
      limit: XCResultBundleEvidence.payloadLimit, raw: { raw.update($0) }, sink: { content.update($0) })
    switch decoded {
    case .failure(let error):
      return "it can no longer be decoded as the report decoded it (\(error))"
    case .success(let bytes):
      guard raw.finalize() == packed else { return "it changed while it was packed" }
      let now = content.finalize()
      guard now == recorded.sha256, bytes == recorded.bytes else {
        return "it changed since the report read it (SHA-256 \(recorded.sha256 ?? "") of its decoded content, "
          + "\(recorded.bytes) bytes, then; \(now ?? "none"), \(bytes) bytes, now)"
      }
      return nil
    }
  }
}
