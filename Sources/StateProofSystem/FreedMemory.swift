#if canImport(Glibc)
  import Glibc
#endif

/// Hands memory already freed back to the system. glibc keeps what a thread freed for that
/// thread's later allocations; `verify` frees the recorded report on one thread and decides
/// again on every core, so without this the first phase's pages stay counted in its peak.
package enum FreedMemory {
  package static func release() {
    #if canImport(Glibc)
      // glibc's `malloc_trim`, which the Glibc module does not export; absent elsewhere.
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}
