/// One permission line of a dump, with the scope it was printed in: the package (or shared user)
/// block, the user and the section. Lines from different users or sections are separate entries
/// and are never merged.
package struct DumpsysEntry: Sendable, Hashable {
  package var line: PermissionLine
  /// The 1-based line number in the text.
  package var lineNumber: Int
  /// The package the line belongs to; for a shared-user block, the package whose
  /// `sharedUser=SharedUserSetting{… name/uid}` names it, when exactly one does.
  package var package: String?
  /// The `SharedUser [name]` block the line is in.
  package var sharedUser: String?
  /// The `User N:` block, or the line's own `, userId=N`; nil when the text has no user header.
  package var user: Int?
  package var section: DumpsysSection
  package var block: DumpsysBlock
  /// Which dump in the text the line came from (a CI log may hold several); counts from 0.
  package var dump: Int

  package init(
    line: PermissionLine, lineNumber: Int, package: String?, sharedUser: String?, user: Int?,
    section: DumpsysSection, block: DumpsysBlock, dump: Int
  ) {
    self.line = line
    self.lineNumber = lineNumber
    self.package = package
    self.sharedUser = sharedUser
    self.user = user
    self.section = section
    self.block = block
    self.dump = dump
  }

  /// Whether the line can show a seeded state: runtime permissions, or a line with no section
  /// header at all (what a seed script prints). Install permissions cannot be seeded.
  package var isRuntimeEvidence: Bool { section == .runtime || section == .unspecified }
}
