/// The Xcode version a bundle's own logs name: the first test session log
/// (`Session-*.log`) under an action's diagnostics folder says `Xcode version: 26.1.1 (17B100)`
/// (Xcode 16 and later) or `… with Xcode 11M382q` (the build, earlier). Only that log's first
/// 256 KiB are read; folders are walked at most 8 deep and 2,000 entries wide.
enum XCResultXcodeVersion {
  static func find(in store: XCResultStore, diagnostics: [String]) -> String? {
    var pending = diagnostics.map { (id: $0, name: "", depth: 0) }
    var visited = 0
    while !pending.isEmpty, visited < 2_000 {
      let entry = pending.removeFirst()
      visited += 1
      if entry.name.hasPrefix("Session-"), entry.name.hasSuffix(".log") {
        if let version = version(inLog: entry.id, store: store) { return version }
        continue
      }
      guard entry.depth < 8, let entries = store.folderEntries(entry.id) else { continue }
      pending += entries.map { (id: $0.id, name: $0.name, depth: entry.depth + 1) }
    }
    return nil
  }

  private static func version(inLog id: String, store: XCResultStore) -> String? {
    var head: [UInt8] = []
    _ = store.stream(id, limit: 1 << 20) { chunk in
      if head.count < 256 << 10 { head.append(contentsOf: chunk.prefix((256 << 10) - head.count)) }
    }
    let text = String(decoding: head, as: UTF8.self)
    for line in text.split(whereSeparator: \.isNewline) {
      if let range = line.range(of: "Xcode version: ") {
        return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
      }
      if let range = line.range(of: " with Xcode ") {
        return line[range.upperBound...].split(separator: " ").first.map(String.init)
      }
    }
    return nil
  }
}
