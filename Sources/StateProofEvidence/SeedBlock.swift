/// Where in its log a seed line was printed, which is what says whose line it is.
package enum SeedBlock: String, Codable, Sendable, Hashable {
  /// The log names no package and no shared user at all: the line a seed script's read-back
  /// printed for its own app.
  case headerless
  /// A `Package [name]` block under `Packages:`.
  case package
  /// A `Package [name]` block under `Hidden system packages:` (the factory copy of an updated
  /// system app, which holds the same permission state).
  case hiddenSystemPackage = "hidden-system-package"
  /// A `SharedUser [name]` block, where apps sharing a uid keep their runtime permissions.
  case sharedUser = "shared-user"
  /// A log that does name packages, but the line is in none of their blocks.
  case outside
}
