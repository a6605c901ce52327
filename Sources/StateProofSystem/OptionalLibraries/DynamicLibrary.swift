import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An opened shared library, kept open for the process's life (its functions are held in
/// tables), whose symbols are looked up by name as the C function type the caller declares.
final class DynamicLibrary: @unchecked Sendable {
  private let handle: UnsafeMutableRawPointer

  init(handle: UnsafeMutableRawPointer) { self.handle = handle }

  /// The function `name` as `T` (a C function pointer type from `optional_libraries.h`);
  /// nil when the library lacks it.
  func function<T>(_ name: String, as type: T.Type = T.self) -> T? {
    guard let symbol = dlsym(handle, name) else { return nil }
    return unsafeBitCast(symbol, to: T.self)
  }
}
