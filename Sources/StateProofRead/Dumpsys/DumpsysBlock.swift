/// Which kind of block of a `dumpsys package` dump a permission line belongs to.
package enum DumpsysBlock: Sendable, Hashable, Comparable {
  /// `Packages:` → `Package [name]`: the package's own state, preferred over the others.
  case package
  /// `Hidden system packages:` → `Package [name]`: the factory copy of an updated system app.
  case hiddenSystemPackage
  /// `Shared users:` → `SharedUser [name]`: where shared-uid apps keep their runtime permissions.
  case sharedUser
  /// Outside any package block: a bare line echoed by a seed script, or a line inside a
  /// top-level section that holds no permission blocks (`Queries:`, `Package Changes:`, …).
  case loose
}
