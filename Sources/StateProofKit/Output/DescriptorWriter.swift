import Foundation
import StateProofSystem

/// The one way the library writes its own files (the report's files, screenshots it copies, the
/// bundle): ``DescriptorWrite``'s whole writes, each failure a ``StateProofError`` naming the
/// file, which ends the run with exit status 2. The command line's standard streams, job summary
/// and seed records have their own writer in StateProofCLI.
package struct DescriptorWriter: Sendable {
  private let descriptor: Int32
  /// What the user knows the target as, for messages: the file's path.
  private let name: String

  /// A writer to `descriptor`, which messages call `name`; the caller closes it.
  package init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Writes every byte of `text`.
  package func write(_ text: String) throws(StateProofError) {
    try write(Data(text.utf8))
  }

  /// Writes every byte of `data`.
  package func write(_ data: Data) throws(StateProofError) {
    let result = data.withUnsafeBytes { bytes in Result { () throws(StateProofError) in try write(bytes) } }
    try result.get()
  }

  package func write(_ bytes: UnsafeRawBufferPointer) throws(StateProofError) {
    do {
      try DescriptorWrite.all(bytes, to: descriptor)
    } catch {
      throw .write(path: name, reason: .writeTo(reason: error.reason, hint: error.hint))
    }
  }
}
