import Foundation

extension StateProof {
  /// What StateProof reads from every file under `paths` (files or folders), as
  /// `stateproof inspect` shows it: each file's kind, format, size, SHA-256 and status, then what
  /// its reader found (test executions, seed lines, images, attachments, runs that stopped early,
  /// problems with file, line and column). Entries stream to `body` as files are read, so memory
  /// stays flat whatever the input; nothing is written.
  ///
  /// - Parameters:
  ///   - device: the device for test results that do not name one.
  ///   - hashing: whether each file's SHA-256 is computed (JSON shows it; without it a big JUnit
  ///     file is read once, by its reader alone).
  ///   - environment: where `xcrun` is looked up when a result bundle is exported with it.
  ///   - body: gets each entry; returning false stops before the next file.
  public static func inspect(
    _ paths: [String], device: String? = nil, hashing: Bool = true,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    _ body: (InspectEntry) -> Bool
  ) {
    var stopped = false
    Inspector.inspect(paths, device: device, hashing: hashing, environment: environment, stopped: { stopped }) {
      item, text in
      if !body(InspectEntry(item, text: text)) { stopped = true }
    }
  }
}
