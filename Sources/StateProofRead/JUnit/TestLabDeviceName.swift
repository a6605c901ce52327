/// The way Firebase Test Lab spells a device and its configuration, `<model>-<version>-<locale>-<orientation>`
/// (`NexusLowRes-28-en-portrait`, `iphonexs-12.1-en_GB-landscape`): its result folders are named
/// so, and Flank names its merged suites so (`…-portrait#ClassName` on iOS).
enum TestLabDeviceName {
  /// Whether `name` is such a spelling, optionally followed by `#` and a class (Flank's iOS
  /// suites) or `-rerun_N` (a retried attempt's folder).
  static func isSuiteName(_ name: String) -> Bool {
    // Most suites are classes: one search rules them out.
    guard name.contains("-portrait") || name.contains("-landscape") else { return false }
    var spelling = Substring(name.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    if let rerun = spelling.range(of: "-rerun_", options: .backwards),
      !spelling[rerun.upperBound...].isEmpty, spelling[rerun.upperBound...].allSatisfy(\.isASCIIDigit)
    {
      spelling = spelling[..<rerun.lowerBound]
    }
    let parts = spelling.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 4, let orientation = parts.last, ["portrait", "landscape"].contains(orientation) else {
      return false
    }
    let locale = parts[parts.count - 2]
    let version = parts[parts.count - 3]
    let model = parts[..<(parts.count - 3)].joined(separator: "-")
    return !model.isEmpty
      && !locale.isEmpty && locale.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      && version.first?.isASCIIDigit == true && version.allSatisfy { $0.isASCIIDigit || $0 == "." }
  }
}

extension Character {
  /// An ASCII `0`–`9`.
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
