/// Why ``RegularFile`` could not open or read a file, worded for the evidence inventory.
package enum RegularFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `open` or `fstat` failed; `reason` is the system's message.
  case cannotOpen(reason: String)
  /// The path leads to something other than a regular file, e.g. "a FIFO (named pipe)".
  case notRegular(kind: String)
  /// A read failed part way.
  case cannotRead(reason: String)

  public var description: String {
    switch self {
    case .cannotOpen(let reason): "cannot open the file: \(reason)"
    case .notRegular(let kind):
      "not a regular file but \(kind); StateProof reads only regular files"
    case .cannotRead(let reason): "cannot read the file: \(reason)"
    }
  }
}
