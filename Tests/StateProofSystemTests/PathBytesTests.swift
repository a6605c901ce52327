import Foundation
import StateProofSystem
import StateProofTestSupport
import Testing

/// The one helper every path given on the command line is taken apart and put together by:
/// every form means what the file system makes of it, and none traps (Foundation's
/// `deletingLastPathComponent` does, on Linux, for a one-character path).
@Suite struct PathBytesTests {
  @Test(arguments: [
    ("r", ".", "r"), ("r/", ".", "r"), ("r//", ".", "r"), ("./r", ".", "r"), ("a/b", "a", "b"), ("a/b/", "a", "b"),
    ("a//b", "a", "b"), ("/r", "/", "r"), ("/a/b", "/a", "b"), ("/", "/", "/"), ("//", "/", "/"), (".", "..", "."),
    ("./", "..", "."), ("..", "../..", ".."), ("../", "../..", ".."), ("a/..", "a/../..", ".."), ("a/.", "a/./..", "."),
    ("../r", "..", "r"), ("my report", ".", "my report"), ("a/é", "a", "é"), ("報告/r", "報告", "r"), ("", ".", ""),
  ])
  func parentAndLastComponent(path: String, parent: String, last: String) {
    #expect(PathBytes.parent(of: path) == parent, "parent of \(path)")
    #expect(PathBytes.lastComponent(of: path) == last, "last component of \(path)")
  }

  @Test(arguments: [
    ("report", "evidence"), ("report/", "evidence"), ("./report", "./evidence"), ("u/report", "u/evidence"),
    ("/u/report/", "/u/evidence"), (".", "../evidence"), ("..", "../../evidence"), ("u/..", "u/../../evidence"),
    ("/", "/evidence"), ("r", "evidence"),
  ])
  func sibling(path: String, sibling: String) {
    #expect(PathBytes.sibling("evidence", of: path) == sibling, "beside \(path)")
  }

  @Test func appendingAndNamingAFolder() {
    #expect(PathBytes.appending("x", to: "a") == "a/x")
    #expect(PathBytes.appending("x", to: "a/") == "a/x")
    #expect(PathBytes.appending("x", to: "/") == "/x")
    #expect(PathBytes.appending("x", to: ".") == "./x")
    #expect(PathBytes.appending("x", to: "") == "x")
    for folder in ["r/", ".", "..", "a/.", "a/..", "/"] { #expect(PathBytes.namesFolder(folder), "\(folder)") }
    for file in ["r", "a/r", "/a/r", "my report", "..r", ".r", "é"] { #expect(!PathBytes.namesFolder(file), "\(file)") }
  }

  /// A combining mark after `/` does not hide the separator, as it would from `String`'s
  /// characters.
  @Test func separatorsAreBytes() {
    #expect(PathBytes.parent(of: "a/\u{301}x") == "a")
    #expect(PathBytes.lastComponent(of: "a/\u{301}x") == "\u{301}x")
  }

  /// No source takes a path apart with Foundation's string path API (which traps on a
  /// one-character path on Linux and takes `.` and `..` for names): `PathBytes` does.
  @Test func noSourceUsesFoundationsPathComponents() throws {
    let sources = PackageRoot.url("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String])
    for file in files where file.hasSuffix(".swift") && !file.hasSuffix("PathBytes.swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for call in [
        "deletingLastPathComponent", "as NSString).lastPathComponent", "as NSString).appendingPathComponent",
      ] {
        #expect(!text.contains(call), "\(file) uses \(call); take the path apart with PathBytes")
      }
    }
  }
}
