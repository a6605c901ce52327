import Foundation
import StateProofModel

/// Writes a report folder atomically: everything goes into a temporary folder beside the
/// destination, which then replaces the destination in one rename, so an upload step never sees
/// half a report. A destination is only replaced when it is empty or holds an earlier report.
package struct ReportOutput {
  package let destination: URL
  private var files: [(name: String, data: Data)] = []
  private var copies: [(name: String, source: URL)] = []

  package init(destination: URL) {
    self.destination = destination.standardizedFileURL
  }

  package mutating func add(_ name: String, _ data: Data) { files.append((name, data)) }

  package mutating func copy(_ source: URL, as name: String) { copies.append((name, source)) }

  /// Refuses destinations that would overwrite or sit inside evidence, or that hold something
  /// other than a StateProof report.
  package func validate(evidenceRoots: [String]) throws(StateProofError) {
    let target = destination.resolvingSymlinksInPath().path
    for root in evidenceRoots {
      let rootPath = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
      if PathBytes.isSame(target, orInside: rootPath) {
        throw .output(
          "--out \(destination.path) is inside the evidence path \(root); StateProof never writes into evidence folders")
      }
      if PathBytes.isSame(rootPath, orInside: target) {
        throw .output("--out \(destination.path) would replace the evidence path \(root)")
      }
    }
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
    guard isDirectory.boolValue else {
      throw .output("--out \(destination.path) is a file, not a folder")
    }
    let contents = (try? manager.contentsOfDirectory(atPath: destination.path)) ?? []
    if !contents.isEmpty && !ReportFormat.allCases.contains(where: { contents.contains($0.fileName) }) {
      throw .output(
        "--out \(destination.path) holds files that are not a StateProof report; choose an empty or new folder")
    }
  }

  /// Writes everything, then swaps the new folder into place.
  package func commit() throws(StateProofError) {
    let manager = FileManager.default
    let parent = destination.deletingLastPathComponent()
    let staging = parent.appendingPathComponent(".stateproof-\(UUID().uuidString)")
    do {
      try manager.createDirectory(at: parent, withIntermediateDirectories: true)
      try manager.createDirectory(at: staging, withIntermediateDirectories: false)
      for (name, data) in files {
        let url = staging.appendingPathComponent(name)
        try manager.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
      }
      for folder in Set(copies.map { staging.appendingPathComponent($0.name).deletingLastPathComponent() }) {
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      // Thousands of screenshots: copied on every core, the first failure (in list order) reported.
      let failures = ConcurrentMap.map(copies, cost: { _ in 0 }) { name, source in
        Result { try FileManager.default.copyItem(at: source, to: staging.appendingPathComponent(name)) }
      }
      for case .failure(let error) in failures { throw error }
      if manager.fileExists(atPath: destination.path) {
        let retired = parent.appendingPathComponent(".stateproof-old-\(UUID().uuidString)")
        try manager.moveItem(at: destination, to: retired)
        try manager.moveItem(at: staging, to: destination)
        try? manager.removeItem(at: retired)
      } else {
        try manager.moveItem(at: staging, to: destination)
      }
    } catch {
      try? manager.removeItem(at: staging)
      throw .output("cannot write the report to \(destination.path): \(error.localizedDescription)")
    }
  }
}
