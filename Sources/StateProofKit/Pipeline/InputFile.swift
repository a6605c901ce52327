import Foundation
import StateProofModel
import StateProofSystem

/// Reads an input the command line names that is not evidence (the configuration, a baseline, a
/// template, render data) through ``RegularFile``, so a FIFO or a device given there is refused
/// at once instead of hanging the run, and a file larger than `limit` is refused, not read.
/// SPI for the command line (`render` reads its template and data with it), not library API.
@_spi(CLI) public enum InputFile {
  /// The whole file, at most `limit` bytes; `what` names it in the error ("--baseline FILE").
  public static func read(_ path: String, limit: Int, what: String) throws(StateProofError) -> Data {
    let file = try open(path, limit: limit, what: what)
    switch file.read(upTo: limit + 1) {
    case .success(let data) where data.count > limit:
      throw .inputFile(path: path, name: what, reason: .grew(limit: limit))
    case .success(let data): return data
    case .failure(let error): throw .inputFile(path: path, name: what, reason: .unreadable(reason: "\(error)"))
    }
  }

  /// The file opened, to be read as it is parsed; refused when larger than `limit` bytes.
  static func open(_ path: String, limit: Int, what: String) throws(StateProofError) -> RegularFile {
    let file: RegularFile
    switch RegularFile.open(path) {
    case .success(let opened): file = opened
    case .failure(let error): throw .inputFile(path: path, name: what, reason: .unreadable(reason: "\(error)"))
    }
    guard file.size <= limit else {
      throw .inputFile(path: path, name: what, reason: .tooLarge(bytes: file.size, limit: limit))
    }
    return file
  }
}
