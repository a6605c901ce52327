/// A UI test run per target-application configuration (`runsForEachTargetApplicationUIConfiguration`)
/// stores its appearance and orientation as numbered arguments; xcresulttool's JSON names them
/// (`Dark Appearance, Portrait`), appearance first. Seen in Xcode 26 databases.
enum XCResultUIConfiguration {
  static let appearances = [1: "Light Appearance", 2: "Dark Appearance"]
  static let orientations = [
    1: "Portrait", 2: "Portrait Upside Down", 3: "Landscape Left", 4: "Landscape Right", 5: "Face Up", 6: "Face Down",
  ]

  /// The argument as xcresulttool names it, and its place: appearance (0), orientation (1), then
  /// every other argument (2) in its own order. A newline in a value reads as a space, as in the
  /// JSON's `Arguments` names.
  static func argument(_ value: String, parameter: String?) -> (rank: Int, text: String) {
    switch parameter {
    case "XCUIAppearanceMode":
      return (0, Int(value).flatMap { appearances[$0] } ?? "Appearance \(value)")
    case "XCUIDeviceOrientation":
      return (1, Int(value).flatMap { orientations[$0] } ?? "Orientation \(value)")
    default:
      return (2, value.replacingOccurrences(of: "\n", with: " "))
    }
  }
}
