/// One `Package [name]` block's `requested permissions:`: the installed app's merged
/// declarations, filtered for the device's API level, as one dump printed them.
package struct DumpsysRequested: Sendable, Hashable {
  package var dump: Int
  package var package: String
  /// The names in the order printed, each with its line; a `: restricted=true` suffix dropped.
  package var names: [(name: String, line: Int)]
  /// The device's API level, when the text says (`getprop ro.build.version.sdk`).
  package var sdk: Int?

  package static func == (lhs: DumpsysRequested, rhs: DumpsysRequested) -> Bool {
    lhs.dump == rhs.dump && lhs.package == rhs.package && lhs.sdk == rhs.sdk
      && lhs.names.map(\.name) == rhs.names.map(\.name) && lhs.names.map(\.line) == rhs.names.map(\.line)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(dump)
    hasher.combine(package)
    hasher.combine(names.map(\.name))
  }
}
