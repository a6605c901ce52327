/// Why an ``ArchiveSink`` could not take the archive's next bytes (a source that cannot give
/// its bytes throws ``ByteSourceError``, and ``ArchiveWriter`` names the entry it concerns).
package struct ArchiveIOError: Error, Sendable, Hashable {
  /// What went wrong, worded for the user: "Input/output error", "the disk is full".
  package var reason: String

  package init(reason: String) {
    self.reason = reason
  }
}
