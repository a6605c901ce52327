import StateProofModel
import StateProofEvidence

/// One permission line of a dump, with the scope it was printed in: the package (or shared user)
/// block, the user and the section. Lines from different users or sections are separate entries
/// and are never merged.
package struct DumpsysEntry: Sendable, Hashable {
  package var line: PermissionLine
  /// The 1-based line number in the text.
  package var lineNumber: Int
  /// The `Package [name]` block the line is in (under `Packages:` or `Hidden system packages:`).
  package var package: String?
  /// The `SharedUser [name]` block the line is in.
  package var sharedUser: String?
  /// For a shared-user line: the packages of the same dump whose block declares that shared user
  /// (`sharedUser=SharedUserSetting{… name/uid}`), each with its `installed=` for the line's user.
  package var members: [SharedUserMember] = []
  /// The `installed=` of the `User N:` line the line sits under, when it has one.
  package var installed: Bool?
  /// The `User N:` block, or the line's own `, userId=N`; nil when the text has no user header.
  package var user: Int?
  package var section: DumpsysSection
  package var block: DumpsysBlock
  /// Which dump in the text the line came from (a CI log may hold several); counts from 0.
  package var dump: Int
  /// Which read-back the line belongs to: a run of consecutive permission lines of one block,
  /// owner and user, without a permission twice. Unique within the text.
  package var readBack: Int = 0
  /// The API level the last `[ro.build.version.sdk]: [N]` line before it gave.
  package var sdk: Int?
  /// The version its package's block names (under `Packages:`, also for a hidden-system line);
  /// in a headerless read-back, the version lines printed before it. Shared-user lines have
  /// their members' instead.
  package var version: PackageVersion?
  /// The CI log's timestamp on its line, when it has one with a date.
  package var time: EvidenceTime?

  package init(
    line: PermissionLine, lineNumber: Int, package: String?, sharedUser: String?,
    installed: Bool? = nil, user: Int?, section: DumpsysSection, block: DumpsysBlock, dump: Int
  ) {
    self.line = line
    self.lineNumber = lineNumber
    self.package = package
    self.sharedUser = sharedUser
    self.installed = installed
    self.user = user
    self.section = section
    self.block = block
    self.dump = dump
  }

  /// Whether the line can show a seeded state: runtime permissions, or a line with no section
  /// header at all (what a seed script prints). Install permissions cannot be seeded.
  package var isRuntimeEvidence: Bool { section == .runtime || section == .unspecified }

  /// The packages the line can belong to: its package block's, or the members of its shared user.
  package var owners: [String] {
    block == .sharedUser ? members.map(\.package) : package.map { [$0] } ?? []
  }
}
