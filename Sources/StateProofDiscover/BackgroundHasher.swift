import Dispatch
import StateProofSystem

/// SHA-256 on a second thread: ``update(_:)`` copies the bytes into one of a few fixed buffers and
/// returns, so a reader streaming a big file goes on parsing while the digest catches up.
///
/// At most `slots` chunks are in flight; past that ``update(_:)`` waits for the oldest to be
/// hashed, so memory stays at `slots × slotSize` bytes whatever the file's size. Chunks are hashed
/// in the order given. Use one hasher from one thread at a time.
package final class BackgroundHasher: @unchecked Sendable {
  private let hasher = SHA256()
  private let queue = DispatchQueue(label: "stateproof.background-hasher")
  private let free: DispatchSemaphore
  private let buffers: [UnsafeMutableRawBufferPointer]
  private var next = 0

  /// - Parameters:
  ///   - slots: How many chunks may wait to be hashed.
  ///   - slotSize: The size of each chunk's buffer; longer inputs are split.
  package init(slots: Int = 4, slotSize: Int = 256 << 10) {
    free = DispatchSemaphore(value: slots)
    buffers = (0..<max(1, slots)).map { _ in
      UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, slotSize), alignment: 16)
    }
  }

  deinit {
    for buffer in buffers { buffer.deallocate() }
  }

  /// Queues `bytes` for hashing; they are copied, so the caller may reuse its buffer at once.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let count = min(buffers[next].count, bytes.count - offset)
      free.wait()
      // The queue is serial and first in, first out: the slot freed is the oldest, which is `next`.
      let slot = next
      next = (next + 1) % buffers.count
      buffers[slot].baseAddress!.copyMemory(from: base + offset, byteCount: count)
      queue.async { self.hash(slot: slot, count: count) }
      offset += count
    }
  }

  /// Waits for every queued chunk, then returns the digest as 64 lowercase hex digits (nil when
  /// the crypto library failed); call it once, after the last ``update(_:)``.
  package func finalize() -> String? {
    queue.sync { hasher.finalize() }
  }

  private func hash(slot: Int, count: Int) {
    hasher.update(UnsafeRawBufferPointer(rebasing: buffers[slot][..<count]))
    free.signal()
  }
}
