import Foundation

/// The most bytes a run decodes from result bundles' compressed attachments, all bundles
/// together (`--max-attachment-bytes`): a small zstd frame can decode to a gigabyte, and every
/// further one to another, so past the budget an attachment is left out (its record says so),
/// never decoded whole or written. Shared by the bundles read at once; thread-safe.
final class AttachmentBudget: @unchecked Sendable {
  static let defaultBytes = ReportOptions.defaultMaxAttachmentBytes

  let total: Int
  private let lock = NSLock()
  private var spent = 0

  init(total: Int = defaultBytes) {
    self.total = max(0, total)
  }

  /// What is left.
  var remaining: Int { lock.withLock { total - spent } }

  /// Takes `bytes` from the budget; false (taking nothing) when fewer are left.
  func take(_ bytes: Int) -> Bool {
    lock.withLock {
      guard spent + bytes <= total else { return false }
      spent += bytes
      return true
    }
  }
}
