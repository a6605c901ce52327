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
