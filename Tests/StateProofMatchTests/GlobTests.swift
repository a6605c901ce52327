import Testing

@testable import StateProofMatch

@Suite struct GlobTests {
  @Test(arguments: [
    ("*#firstScanShowsSystemDialog", "com.example.ScanTest#firstScanShowsSystemDialog", true),
    ("*#firstScan*", "a.b.C#firstScanShows", true),
    ("*Receipt*#*", "CameraPromptReceiptTests#testFoo", true),
    ("*#blocked", "a#blockedX", false),
    ("a?c", "abc", true),
    ("a?c", "ac", false),
  ])
  func selectorGlobs(pattern: String, text: String, expected: Bool) {
    #expect(Glob(pattern).matches(text) == expected)
  }

  @Test(arguments: [
    ("**/blocked.png", "android/camera/blocked.png", true),
    ("**/blocked.png", "blocked.png", true),
    ("**/blocked.png", "xblocked.png", false),
    ("android/*.png", "android/camera/blocked.png", false),
    ("android/**", "android/camera/blocked.png", true),
    ("shots/*-denied.png", "shots/ios-camera-denied.png", true),
  ])
  func pathGlobs(pattern: String, path: String, expected: Bool) {
    #expect(Glob(pattern, pathMode: true).matches(path) == expected)
  }
}

@Suite struct GlobBytesTests {
  @Test(arguments: [
    ("caf?#x", "café#x", true),
    ("caf?#x", "cafe\u{301}#x", false),
    ("*😀*", "a😀b", true),
    ("?", "😀", true),
    ("??", "😀", false),
    ("a\\*b", "a*b", true),
    ("a\\*b", "axb", false),
    ("*", "", true),
    ("", "", true),
    ("", "a", false),
  ])
  func unicodeAndEscapes(pattern: String, text: String, expected: Bool) {
    #expect(Glob(pattern).matches(text) == expected)
  }

  @Test func aLongNameMatchesInOnePass() {
    let name = String(repeating: "cameraGrantedShows", count: 60_000)
    #expect(Glob("*#*Granted*Shows").matches("a.B#" + name))
    #expect(!Glob("*#*Granted*Showz").matches("a.B#" + name))
    #expect(Glob("**/x.png", pathMode: true).matches(String(repeating: "d/", count: 50_000) + "x.png"))
  }
}
