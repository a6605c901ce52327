import Foundation
import StateProofModel

/// Walks the evidence paths, hashes every file and decides from its content what it holds.
///
/// Links are followed only to files inside the same root; a link out of the root, or one that
/// leads nowhere, is listed as unreadable instead of being read.
package enum EvidenceDiscovery {
  /// Walks `roots` (files or folders, as given on the command line) in a stable order.
  package static func discover(roots: [String]) -> [DiscoveredFile] {
    var files: [DiscoveredFile] = []
    for root in roots {
      let rootURL = URL(fileURLWithPath: root).standardizedFileURL
      let resolvedRoot = rootURL.resolvingSymlinksInPath()
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory) else {
        files.append(refused(root: root, path: "", url: rootURL, error: "no such file or folder"))
        continue
      }
      if isDirectory.boolValue {
        walk(resolvedRoot, relative: "", root: root, resolvedRoot: resolvedRoot, into: &files)
      } else {
        files.append(examine(url: rootURL, root: root, path: rootURL.lastPathComponent))
      }
    }
    return files
  }

  private static func walk(
    _ folder: URL, relative: String, root: String, resolvedRoot: URL,
    into files: inout [DiscoveredFile]
  ) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    } catch {
      files.append(refused(root: root, path: relative, url: folder, error: "cannot list the folder"))
      return
    }
    for name in names {
      let url = folder.appendingPathComponent(name)
      let path = relative.isEmpty ? name : relative + "/" + name
      let type = (try? FileManager.default.attributesOfItem(atPath: url.path)[.type])
        as? FileAttributeType
      switch type {
      case .typeDirectory?:
        walk(url, relative: path, root: root, resolvedRoot: resolvedRoot, into: &files)
      case .typeRegular?:
        files.append(examine(url: url, root: root, path: path))
      case .typeSymbolicLink?:
        let target = url.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        if !isInside(target, resolvedRoot) {
          files.append(
            refused(root: root, path: path, url: url, error: "a link that points outside the evidence root"))
        } else if !FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) {
          files.append(refused(root: root, path: path, url: url, error: "a link that leads nowhere"))
        } else if !isDirectory.boolValue {
          files.append(examine(url: target, root: root, path: path))
        }
      // Linked folders inside the root are reached by their own path; following them too
      // would read files twice or loop.
      default:
        break
      }
    }
  }

  private static func isInside(_ url: URL, _ root: URL) -> Bool {
    let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
    return url.path == root.path || url.path.hasPrefix(rootPath)
  }

  private static func refused(root: String, path: String, url: URL, error: String)
    -> DiscoveredFile
  {
    DiscoveredFile(
      record: FileRecord(
        root: root, path: path, kind: .other, bytes: 0, sha256: "", status: .unreadable,
        error: error),
      url: url)
  }

  /// Hashes the file in chunks (flat memory) while looking at its content to classify it.
  private static func examine(url: URL, root: String, path: String) -> DiscoveredFile {
    guard let handle = try? FileHandle(forReadingFrom: url) else {
      return refused(root: root, path: path, url: url, error: "cannot open the file")
    }
    defer { try? handle.close() }
    let hasher = SHA256()
    var sniffer = ContentSniffer(fileName: url.lastPathComponent)
    var bytes = 0
    do {
      while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        bytes += chunk.count
        chunk.withUnsafeBytes { hasher.update($0) }
        sniffer.feed(chunk)
      }
    } catch {
      return refused(root: root, path: path, url: url, error: "cannot read the file")
    }
    let record = FileRecord(
      root: root, path: path, kind: sniffer.kind, bytes: bytes, sha256: hasher.finalize())
    return DiscoveredFile(record: record, url: url)
  }
}
