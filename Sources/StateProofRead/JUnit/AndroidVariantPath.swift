import StateProofModel

/// The build variant an Android Gradle Plugin output path names, so evidence of a `debug` run
/// is not taken for the `release` candidate.
///
/// - Connected-test JUnit: `…/androidTest-results/connected/<buildType>/TEST-….xml`, with
///   flavours `…/connected/<buildType>/flavors/<flavor>/TEST-….xml` (variant `<flavor><BuildType>`).
/// - Screenshots and other additional output:
///   `…/connected_android_test_additional_output/<variant>AndroidTest/connected/<device>/…`.
/// - JVM unit tests: `…/test-results/test<Variant>UnitTest/TEST-<class>.xml`.
///
/// Anything else names no variant: a managed device's folders (`managedDevice/<device>/`) say
/// nothing certain of it.
package enum AndroidVariantPath {
  /// The build `path` (relative, `/`-separated) names, or nil when it names no variant.
  package static func build(in path: String) -> BuildIdentity? {
    let folders = path.split(separator: "/").dropLast()
    if let results = folders.lastIndex(of: "androidTest-results"), folders.index(after: results) < folders.endIndex,
      folders[folders.index(after: results)] == "connected"
    {
      let rest = folders[(folders.index(after: results) + 1)...]
      guard let buildType = rest.first, isName(buildType) else { return nil }
      let flavor = rest.dropFirst().first == "flavors" ? rest.dropFirst(2).first : nil
      let variant = flavor.map { "\($0)\(capitalized(buildType))" } ?? String(buildType)
      return BuildIdentity(variant: variant, source: "AGP output folder")
    }
    if let output = folders.lastIndex(where: { $0.hasSuffix("_android_test_additional_output") }),
      let folder = folders[(output + 1)...].first, folder.hasSuffix("AndroidTest")
    {
      let variant = folder.dropLast("AndroidTest".count)
      return isName(variant) ? BuildIdentity(variant: String(variant), source: "AGP output folder") : nil
    }
    if let task = folders.last(where: { $0.hasPrefix("test") && $0.hasSuffix("UnitTest") }),
      folders.contains("test-results")
    {
      let variant = task.dropFirst("test".count).dropLast("UnitTest".count)
      guard let first = variant.first, first.isUppercase, isName(variant) else { return nil }
      return BuildIdentity(variant: first.lowercased() + variant.dropFirst(), source: "Gradle test task")
    }
    return nil
  }

  /// A variant or build type as Gradle names them: letters and digits, starting with a letter.
  private static func isName(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }

  private static func capitalized(_ text: Substring) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
