/// Android's release names against API levels: device names (AGP's `Pixel 8 - 14`) carry the
/// release, dumpsys and `getprop ro.build.version.sdk` the API level.
/// [S:BUILD] https://source.android.com/docs/setup/reference/build-numbers (codename, version, API level)
package enum AndroidRelease {
  /// API level → release, from Android 5 on (6.0 is API 23, 12L is API 32).
  static let names: [(api: Int, release: String)] = [
    (21, "5"), (22, "5.1"), (23, "6"), (24, "7"), (25, "7.1"), (26, "8"), (27, "8.1"), (28, "9"),
    (29, "10"), (30, "11"), (31, "12"), (32, "12L"), (33, "13"), (34, "14"), (35, "15"), (36, "16"),
  ]

  /// Preview builds name the release by its codename (AGP prints `Pixel 9 - VanillaIceCream`).
  static let codenames: [String: Int] = [
    "tiramisu": 33, "upsidedowncake": 34, "vanillaicecream": 35, "baklava": 36,
  ]

  /// The release's name for an API level (`32` → `12L`); nil outside the table.
  package static func name(api: Int) -> String? {
    names.first { $0.api == api }?.release
  }

  /// The API level of a release as device names write it: `14`, `14.0`, `8.1.0`, `12L`, a
  /// preview's codename, or `API 34`. A whole release above the table is taken as release + 20,
  /// the rule every release since Android 10 has kept except 12L. Nil when it reads as none.
  package static func apiLevel(release text: String) -> Int? {
    let folded = text.lowercased().filter { !$0.isWhitespace }
    if folded.hasPrefix("api"), let api = Int(folded.dropFirst(3)), api > 0, api < 1000 { return api }
    if let api = codenames[folded] { return api }
    var parts = folded.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    while parts.count > 1, parts.last == "0" { parts.removeLast() }
    for count in stride(from: min(parts.count, 2), through: 1, by: -1) {
      let prefix = parts.prefix(count).joined(separator: ".")
      if let known = names.first(where: { $0.release.lowercased() == prefix }) { return known.api }
    }
    guard parts.count == 1, let major = Int(parts[0]), major > 16, major < 100 else { return nil }
    return major + 20
  }
}
