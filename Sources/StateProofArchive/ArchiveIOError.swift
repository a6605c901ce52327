/// Why an ``ArchiveByteSource`` could not give its next bytes or an ``ArchiveSink`` could not take
/// them; ``ArchiveWriter`` says which entry or the archive itself it concerns.
package struct ArchiveIOError: Error, Sendable, Hashable {
  /// What went wrong, worded for the user: "Input/output error", "the disk is full".
  package var reason: String

  package init(reason: String) {
    self.reason = reason
  }
}
