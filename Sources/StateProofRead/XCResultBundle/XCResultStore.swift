import Foundation
import StateProofJSON
import StateProofModel
import StateProofSystem

/// A result bundle's object store (`Data/`): records and payloads by id, each file opened
/// through the one regular-file boundary and decoded with bounded buffers. Ids are checked
/// before any path is made from them, so no read leaves the folder.
package struct XCResultStore {
  /// The `Data` folder.
  package let folder: String
  /// One zstd context for every record read through this store, made when first needed.
  private let contexts = Contexts()

  private final class Contexts {
    lazy var decoder = Zstd.Decoder()
  }
  /// The most a record of the graph may decode to: real ones are under 1 MiB.
  package static let recordLimit = 16 << 20

  package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    case badID(String)
    case missing(String)
    case unreadable(String, String)
    case zstd(String, Zstd.Failure)
    case decode(String, XCResultObjectError)
    /// The record is not in the tagged text encoding; its first bytes, printable.
    case notEncoded(String, String)

    package var description: String {
      switch self {
      case .badID(let id): "the object id \"\(id.prefix(80))\" is not one a bundle writes"
      case .missing(let id): "Data/data.\(id) is missing"
      case .unreadable(let id, let reason): "Data/data.\(id) could not be read: \(reason)"
      case .zstd(let id, let failure): "Data/data.\(id): \(failure)"
      case .decode(let id, let error): "Data/data.\(id) is not a record the reader understands: \(error)"
      case .notEncoded(let id, let start): "Data/data.\(id) is not in the object encoding (it starts \"\(start)\")"
      }
    }
  }

  package init(bundle: String) {
    folder = bundle + "/Data"
  }

  private func path(_ prefix: String, _ id: String) -> Result<String, Failure> {
    XCResultObjectID.isValid(id) ? .success("\(folder)/\(prefix).\(id)") : .failure(.badID(id))
  }

  /// Whether `Data/data.<id>` exists (as anything).
  package func contains(_ id: String) -> Bool {
    guard case .success(let path) = path("data", id) else { return false }
    return FileManager.default.fileExists(atPath: path)
  }

  /// Streams the bytes of `Data/data.<id>` to `sink`, decoded when they are a zstd frame (a
  /// file may also be stored raw), stopping past `limit`; returns how many came out.
  package func stream(_ id: String, limit: Int, sink: (UnsafeRawBufferPointer) -> Void) -> Result<Int, Failure> {
    stream(id, limit: limit, compressed: { _ in }, sink: sink)
  }

  /// As ``stream(_:limit:sink:)``, telling `compressed` first whether the file is a zstd frame.
  package func stream(
    _ id: String, limit: Int, compressed: (Bool) -> Void, sink: (UnsafeRawBufferPointer) -> Void
  ) -> Result<Int, Failure> {
    let file: RegularFile
    switch path("data", id).flatMap({ path in
      FileManager.default.fileExists(atPath: path)
        ? RegularFile.open(path).mapError { .unreadable(id, "\($0)") } : .failure(.missing(id))
    }) {
    case .success(let opened): file = opened
    case .failure(let failure): return .failure(failure)
    }
    // The first bytes decide: a zstd frame, or stored as is.
    let head = UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 1)
    defer { head.deallocate() }
    var headCount = 0
    while headCount < 4 {
      switch file.read(into: UnsafeMutableRawBufferPointer(rebasing: head[headCount...])) {
      case .success(0): break
      case .success(let count):
        headCount += count
        continue
      case .failure(let error): return .failure(.unreadable(id, "\(error)"))
      }
      break
    }
    let isZstd = headCount == 4 && Array(head) == Zstd.magic
    compressed(isZstd)
    var served = false
    let read: (UnsafeMutableRawBufferPointer) -> Result<Int, Zstd.Failure> = { buffer in
      if !served {
        served = true
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: head[..<headCount]))
        return .success(headCount)
      }
      return file.read(into: buffer).mapError { .unreadable("\($0)") }
    }
    if isZstd {
      let decoded =
        contexts.decoder.map { $0.decode(limit: limit, read: read, sink: sink) }
        ?? Zstd.decode(limit: limit, read: read, sink: sink)
      return decoded.mapError { .zstd(id, $0) }
    }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    defer { chunk.deallocate() }
    var total = 0
    while true {
      switch read(chunk) {
      case .success(0): return .success(total)
      case .success(let count):
        total += count
        guard total <= limit else { return .failure(.zstd(id, .tooLarge(limit: limit))) }
        sink(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
      case .failure(let failure): return .failure(.zstd(id, failure))
      }
    }
  }

  /// The bytes of `Data/data.<id>`, decoded, up to `limit`.
  package func bytes(_ id: String, limit: Int = recordLimit) -> Result<[UInt8], Failure> {
    var bytes: [UInt8] = []
    return stream(id, limit: limit) { bytes.append(contentsOf: $0) }.map { _ in bytes }
  }

  /// The record `Data/data.<id>` holds, decoded.
  package func object(_ id: String) -> Result<XCResultObject, Failure> {
    bytes(id).flatMap { bytes in
      guard XCResultObjectDecoder.looksEncoded(bytes.prefix(2)) else {
        let start = String(decoding: bytes.prefix(24), as: UTF8.self).map { $0.isASCII && !$0.isNewline ? $0 : "?" }
        return .failure(.notEncoded(id, String(start)))
      }
      do throws(XCResultObjectError) {
        return .success(try XCResultObjectDecoder.decode(bytes))
      } catch {
        return .failure(.decode(id, error))
      }
    }
  }

  /// The ids `Data/refs.<id>` lists: a count byte, then entries of 2 bytes and a 64-byte hash
  /// (the id is `0~` and the hash in base64url). Empty when there is no such file.
  package func references(_ id: String) -> [String] {
    guard case .success(let path) = path("refs", id), case .success(let file) = RegularFile.open(path),
      case .success(let data) = file.read(upTo: 1 + 255 * 66)
    else { return [] }
    let bytes = [UInt8](data)
    guard let count = bytes.first, bytes.count >= 1 + Int(count) * 66 else { return [] }
    return (0..<Int(count)).map { index in
      let start = 1 + index * 66 + 2
      return "0~" + Self.base64URL(bytes[start..<(start + 64)])
    }
  }

  /// A folder record (`[{"name":…,"type":…}]`, keys in any order, as `diagnosticsRef` points to): its entries'
  /// names with the ids `refs` gives them, in order; nil when the record is no folder.
  package func folderEntries(_ id: String) -> [(name: String, id: String)]? {
    guard case .success(let bytes) = bytes(id, limit: 4 << 20), bytes.starts(with: Array("[{".utf8)) else {
      return nil
    }
    var names: [String] = []
    var parser = JSONPullParser(MemoryBytes(bytes))
    do throws(JSONError) {
      guard try parser.next() == .arrayStart else { return nil }
      while let event = try parser.next(), event != .arrayEnd {
        guard event == .objectStart else { return nil }
        var name: String?
        while case .key(let key)? = try parser.next() {
          if key == "name" { name = try parser.lenientString() } else { try parser.skipValue() }
        }
        names.append(name ?? "")
      }
    } catch {
      return nil
    }
    let ids = references(id)
    guard ids.count == names.count else { return nil }
    return Array(zip(names, ids)).map { (name: $0.0, id: $0.1) }
  }

  private static func base64URL(_ bytes: ArraySlice<UInt8>) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    var out: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let chunk = bytes[index..<min(index + 3, bytes.endIndex)]
      var value = 0
      for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
      for position in 0..<4 {
        out.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}
