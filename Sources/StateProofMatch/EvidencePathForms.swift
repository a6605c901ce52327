import StateProofSystem

/// The texts a configured path glob (a platform's `evidence`, a row's `screenshots` and `seeds`)
/// is tried against for one file, so a glob means the same whether the evidence comes as one
/// folder or as several.
///
/// A file's path is relative to the evidence path it was found under. Written for the evidence's
/// top (`android/screenshots/camera/granted.png` for `stateproof report evidence`), a glob would
/// match nothing when the same files come as `evidence/android` and `evidence/ios` (as two
/// artifacts download), where the path is `screenshots/camera/granted.png`. So the path is tried
/// as it is first, then with the evidence path's last folders before it, nearest first:
/// `android/screenshots/camera/granted.png`, then `evidence/android/screenshots/camera/granted.png`.
/// The folders stop at `.`, `..` and empty components, which name no folder of the evidence.
package struct EvidencePathForms: Sendable, Hashable {
  /// The evidence path's last folders, nearest first, each ending in `/`: `android/`,
  /// `evidence/android/` for `evidence/android`.
  package let prefixes: [String]

  package init(root: String) {
    var components = PathBytes.components(root)[...]
    // Trailing slashes (`evidence/android/`) end in empty components: not a stop.
    while components.last == "" { components = components.dropLast() }
    var prefixes: [String] = []
    var prefix = ""
    for component in components.reversed() {
      guard !component.isEmpty, component != ".", component != ".." else { break }
      prefix = component + "/" + prefix
      prefixes.append(prefix)
    }
    self.prefixes = prefixes
  }

  /// `path` with each prefix before it, nearest first (`path` itself not among them).
  package func prefixed(_ path: String) -> [String] { prefixes.map { $0 + path } }

  /// Whether `glob` matches `path` as it is or with one of the evidence path's last folders
  /// before it.
  package func matches(_ glob: Glob, path: String) -> Bool {
    glob.matches(path) || prefixes.contains { glob.matches($0 + path) }
  }

  /// The nearest prefixes of each root, for a message: `android/…`, `ios/…`.
  package static func shown(_ roots: [String]) -> [String] {
    roots.compactMap { EvidencePathForms(root: $0).prefixes.first.map { $0 + "…" } }
  }
}
