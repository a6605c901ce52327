import Foundation
import StateProofModel
import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// The parts `verify` and `--bundle` are built from: where a bundle puts an evidence path, how
/// given paths pair with recorded ones, SHA256SUMS read strictly, files compared.
@Suite struct AuditPartsTests {
  @Test func bundleFoldersNeverLeaveTheBundle() {
    #expect(BundleLayout.folder(forRoot: "examples/scanner") == "examples/scanner")
    #expect(BundleLayout.folder(forRoot: "./examples/scanner/") == "examples/scanner")
    #expect(BundleLayout.folder(forRoot: "/builds/42/artifacts") == "builds/42/artifacts")
    #expect(BundleLayout.folder(forRoot: "../ci/out") == "_parent/ci/out")
    #expect(BundleLayout.folder(forRoot: "a/../../b") == "a/_parent/_parent/b")
    #expect(BundleLayout.folder(forRoot: ".") == "_current")
    #expect(BundleLayout.folder(forRoot: "/") == "_current")
  }

  @Test func pathsPairAsGivenAsUnpackedOrByElimination() throws {
    let recorded = ["android-results", "ios/results", "/ci/42/seed"]
    // None given: each where the report found it.
    #expect(try RootPairing.pair(given: [], recorded: recorded).map(\.given) == recorded)
    // As spelled, in any order, with ./ and a trailing slash.
    #expect(
      try RootPairing.pair(given: ["./ios/results/", "android-results"], recorded: recorded).map(\.given)
        == ["android-results", "./ios/results/", nil])
    // As a bundle unpacks them.
    #expect(
      try RootPairing.pair(
        given: ["x/evidence/ci/42/seed", "x/evidence/ios/results", "x/evidence/android-results"], recorded: recorded
      ).map(\.given) == ["x/evidence/android-results", "x/evidence/ios/results", "x/evidence/ci/42/seed"])
    // One left on each side: moved elsewhere.
    #expect(
      try RootPairing.pair(given: ["android-results", "ios/results", "/mnt/kept/seed-logs"], recorded: recorded)
        .map(\.given) == ["android-results", "ios/results", "/mnt/kept/seed-logs"])
    // The longest suffix wins: evidence/ci/a is ci/a, not a.
    #expect(
      try RootPairing.pair(given: ["evidence/ci/a"], recorded: ["a", "ci/a"]).map(\.given) == [nil, "evidence/ci/a"])
  }

  @Test func pathsThatPairWithNothingOrTwiceAreUsageErrors() {
    #expect(throws: StateProofError.self) {
      try RootPairing.pair(given: ["elsewhere", "other"], recorded: ["a", "b"])
    }
    #expect(throws: StateProofError.self) {
      try RootPairing.pair(given: ["a", "./a"], recorded: ["a", "b"])
    }
    // /a/b and a/b unpack to the same folder: which one is meant cannot be told.
    #expect(throws: StateProofError.self) {
      try RootPairing.pair(given: ["evidence/a/b"], recorded: ["/a/b", "a/b"])
    }
  }

  @Test func sha256sumsIsReadStrictly() throws {
    let digest = String(repeating: "ab", count: 32)
    let good = ReportDigests(["index.html": digest, "assets/\(digest).png": digest, "report.json": digest])
    #expect(try ReportDigests(parsing: good.text, file: "SHA256SUMS") == good)
    #expect(String(decoding: good.text, as: UTF8.self).hasPrefix("\(digest)  assets/"))
    // sha256sum's binary marker is read too.
    #expect(
      try ReportDigests(parsing: Data("\(digest) *index.html\n".utf8), file: "S").digests == ["index.html": digest])
    for bad in [
      "\(digest)  ../../etc/passwd\n", "\(digest)  notes.txt\n", "\(digest.uppercased())  index.html\n",
      "\(digest) index.html\n", "\(digest)  index.html\n\(digest)  index.html\n", "\(digest)  SHA256SUMS\n",
      "\(digest)  .stateproof-report.json\n", "abc  index.html\n",
    ] {
      #expect(throws: StateProofError.self, "\(bad)") { try ReportDigests(parsing: Data(bad.utf8), file: "S") }
    }
  }

  @Test func filesCompareBySizeAndDigest() {
    let a = String(repeating: "a", count: 64)
    let b = String(repeating: "b", count: 64)
    #expect(VerifiedFile(path: "x", recorded: (3, a), current: (3, a)).state == .unchanged)
    #expect(VerifiedFile(path: "x", recorded: (3, a), current: (3, b)).state == .changed)
    #expect(VerifiedFile(path: "x", recorded: (3, a), current: (4, a)).state == .changed)
    #expect(VerifiedFile(path: "x", recorded: (3, a), current: nil).state == .missing)
    #expect(VerifiedFile(path: "x", recorded: nil, current: (3, a)).state == .new)
    #expect(VerifiedFile(path: "x", recorded: (3, nil), current: (3, nil)).state == .notHashed)
    #expect(VerifiedFile(path: "x", recorded: (3, nil), current: (3, a)).state == .notHashed)
    #expect(VerifiedFile(path: "x", recorded: (3, nil), current: nil).state == .notHashed)
    let root = merged(
      recorded: "r", checkedAt: nil,
      recordedFiles: [FileRecord(root: "r", path: "p", kind: .junit, bytes: 1, sha256: a)], currentFiles: [])
    #expect(root.files.map(\.state) == [.notChecked])
    #expect(root.differs)
  }

  /// The root `verify` makes of `recordedFiles`, handed in the order `report.json` lists them
  /// (their paths' bytes, a path given twice in its order), and of `currentFiles` in any order.
  private func merged(
    recorded: String, checkedAt: String?, recordedFiles: [FileRecord], currentFiles: [FileRecord]
  ) -> VerifiedRoot {
    var merge = VerifiedRoot.Merge(
      recorded: recorded, checkedAt: checkedAt, current: currentFiles, indices: Array(currentFiles.indices))
    let inOrder = recordedFiles.indices.sorted { lhs, rhs in
      let (left, right) = (recordedFiles[lhs].path.utf8, recordedFiles[rhs].path.utf8)
      return left.lexicographicallyPrecedes(right) || (left.elementsEqual(right) && lhs < rhs)
    }
    for index in inOrder { merge.add(recordedFiles[index]) }
    return merge.finish()
  }

  /// Recorded and current files merged by their paths' bytes, current ones in any order: Unicode
  /// normalisation twins are two files, a path recorded twice counts once.
  @Test func rootsPairFilesByTheirBytes() {
    let a = String(repeating: "a", count: 64)
    let b = String(repeating: "b", count: 64)
    func file(_ path: String, _ sha: String) -> FileRecord {
      FileRecord(root: "r", path: path, kind: .screenshot, bytes: 1, sha256: sha)
    }
    let composed = "shot-\u{00C5}.png"
    let angstrom = "shot-\u{212B}.png"
    let root = merged(
      recorded: "r", checkedAt: "r",
      recordedFiles: [file("z", a), file(composed, a), file("m", a), file(angstrom, a), file("m", b)],
      currentFiles: [file(angstrom, b), file("new", a), file(composed, a), file("m", a)])
    #expect(
      root.files.map(\.path)
        == ["m", "new", "shot-\u{00C5}.png", "shot-\u{212B}.png", "z"].sorted {
          $0.utf8.lexicographicallyPrecedes($1.utf8)
        })
    let states = Dictionary(uniqueKeysWithValues: root.files.map { (Array($0.path.utf8), $0.state) })
    #expect(states[Array("m".utf8)] == .unchanged)
    #expect(states[Array("new".utf8)] == .new)
    #expect(states[Array(composed.utf8)] == .unchanged)
    #expect(states[Array(angstrom.utf8)] == .changed)
    #expect(states[Array("z".utf8)] == .missing)
  }
}
