/// Which list inside a package or user block a permission line was printed in.
package enum DumpsysSection: Sendable, Hashable {
  /// `runtime permissions:`, printed once per user: the lines seeding changes.
  case runtime
  /// `install permissions:`: granted at install, cannot be seeded, never seed evidence.
  case install
  /// `requested permissions:`: names only.
  case requested
  /// No list header before the line, e.g. the single line a seed script echoes.
  case unspecified
}
