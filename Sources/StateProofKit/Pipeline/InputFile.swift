import Foundation
import StateProofModel

/// Reads an input the command line names that is not evidence (the configuration, a baseline, a
/// template, render data) through ``RegularFile``, so a FIFO or a device given there is refused
/// at once instead of hanging the run, and a file larger than `limit` is refused, not read.
enum InputFile {
  /// The whole file, at most `limit` bytes; `what` names it in the error ("--baseline FILE").
  static func read(_ path: String, limit: Int, what: String) throws(StateProofError) -> Data {
    let file = try open(path, limit: limit, what: what)
    switch file.read(upTo: limit + 1) {
    case .success(let data) where data.count > limit:
      throw .input("\(what): the file grew past \(limit) bytes while it was read")
    case .success(let data): return data
    case .failure(let error): throw .input("\(what): \(error)")
    }
  }

  /// The file opened, to be read as it is parsed; refused when larger than `limit` bytes.
  static func open(_ path: String, limit: Int, what: String) throws(StateProofError) -> RegularFile {
    let file: RegularFile
    switch RegularFile.open(path) {
    case .success(let opened): file = opened
    case .failure(let error): throw .input("\(what): \(error)")
    }
    guard file.size <= limit else {
      throw .input("\(what): the file is \(file.size) bytes; at most \(limit) are read")
    }
    return file
  }
}
