import StateProofModel
import StateProofEvidence

/// Configured globs that matched nothing: a glob written for one layout of the evidence (one
/// folder) and given another (two artifacts), or misspelt, would otherwise prove nothing and say
/// nothing.
extension CoverageMatcher {
  /// A `glob-matched-nothing` warning for each glob of the configuration that no file (or test)
  /// of the evidence matched: a platform's `evidence` globs and a row's `screenshots` and `seeds`
  /// globs against every file's path under its evidence path, as written and with that path's
  /// last folders before it (``EvidencePathForms``); a row's `tests` selectors against every test,
  /// only where another selector of the row matched one (where none did, `missing-test` says it,
  /// with the closest tests). `roots` are the evidence paths, named in the message.
  func unmatchedGlobs(_ evidence: EvidenceSet, roots: [String], facts: TestFacts) -> [Finding] {
    var forms: [String: EvidencePathForms] = [:]
    var paths: [(path: String, forms: EvidencePathForms)] = []
    var seen = Set<EvidenceLocation>()
    let locations =
      evidence.files.lazy.map { EvidenceLocation(root: $0.root, path: $0.path) }
      + evidence.screenshots.lazy.map(\.location)
    for location in locations where seen.insert(location).inserted {
      let rootForms = forms[location.root] ?? EvidencePathForms(root: location.root)
      forms[location.root] = rootForms
      paths.append((location.path, rootForms))
    }
    func matchesAny(_ text: String) -> Bool {
      let glob = Glob(text, pathMode: true)
      return paths.contains { $0.forms.matches(glob, path: $0.path) }
    }
    let tried = Self.tried(roots)
    var findings: [Finding] = []
    for platform in Platform.allCases {
      for text in Self.unique(policy.configuration.platforms[platform]?.evidence ?? []) where !matchesAny(text) {
        findings.append(
          Finding(
            code: .globMatchedNothing, severity: .warning, platform: platform,
            message: "The \(platform.displayName) evidence glob `\(text)` matched no file\(tried)"))
      }
    }
    for row in policy.matrix.rows {
      let globs = [("screenshots", row.screenshots), ("seeds", row.seeds)]
      for (key, texts) in globs {
        for text in Self.unique(texts) where !matchesAny(text) {
          findings.append(
            Finding(
              code: .globMatchedNothing, severity: .warning, platform: row.id.platform, row: row.id,
              message: "The \(key) glob `\(text)` of \(row.id) matched no file\(tried)"))
        }
      }
      let selectors = policy.relevance.rowSelectors[row.id] ?? []
      let unmatched = selectors.filter { facts.tests(matching: $0).isEmpty }
      guard !unmatched.isEmpty, unmatched.count < selectors.count else { continue }
      for selector in Self.unique(unmatched) {
        let text = policy.relevance.index.selectors[selector].text
        findings.append(
          Finding(
            code: .globMatchedNothing, severity: .warning, platform: row.id.platform, row: row.id,
            message:
              "The tests selector `\(text)` of \(row.id) matched no test in the evidence; the row's other selectors did."
              + TestFacts.closest(facts.hints(for: selector))))
      }
    }
    return findings
  }

  /// " under the evidence path A (each file's path tried as written, then with the folders of
  /// its evidence path before it: `a/…` and up).": what a path glob was tried against.
  static func tried(_ roots: [String]) -> String {
    guard !roots.isEmpty else { return ": no evidence path was given." }
    let paths =
      roots.count == 1 ? "the evidence path \(roots[0])" : "the evidence paths \(roots.joined(separator: ", "))"
    let prefixes = EvidencePathForms.shown(roots)
    let folders =
      prefixes.isEmpty
      ? "each file's path tried as written"
      : "each file's path tried as written, then with the folders of its evidence path before it: "
        + prefixes.map { "`\($0)`" }.joined(separator: ", ") + " and up"
    return " under \(paths) (\(folders))."
  }

  /// `items` without repeats, in their order.
  private static func unique<Item: Hashable>(_ items: [Item]) -> [Item] {
    var seen = Set<Item>()
    return items.filter { seen.insert($0).inserted }
  }
}
