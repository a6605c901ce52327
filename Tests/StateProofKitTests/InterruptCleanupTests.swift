import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import StateProofKit

/// The signal thread's read of its pipe: it takes a signal number when one is written, and ends
/// (rather than spinning for ever) when the pipe is closed or cannot be read at all.
@Suite struct InterruptCleanupTests {
  @Test func aWrittenSignalNumberIsRead() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    var number = UInt8(SIGTERM)
    #expect(write(ends[1], &number, 1) == 1)
    close(ends[1])
    #expect(InterruptCleanup.nextSignal(from: ends[0]) == SIGTERM)
    // The write end is closed and the byte taken: end of file, not a spin.
    #expect(InterruptCleanup.nextSignal(from: ends[0]) == nil)
  }

  @Test func aDescriptorThatCannotBeReadEndsTheWait() {
    // EBADF (never a descriptor, so no other test's file can take its number): the old loop
    // retried this for ever at full CPU.
    #expect(InterruptCleanup.nextSignal(from: -1) == nil)
  }
}
