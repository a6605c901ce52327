import Foundation

/// The line of each `<key>NAME</key>` in an XML property list, found in one pass, so a
/// declaration and a problem point at their key; a key written twice keeps its first line.
struct KeyLines {
  private var lines: [String: Int] = [:]

  init(_ data: Data) {
    let open = Array("<key>".utf8)
    let close = UInt8(ascii: "<")
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var line = 1
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
          line += 1
        } else if byte == open[0], bytes.count - index > open.count,
          open.indices.allSatisfy({ bytes[index + $0] == open[$0] })
        {
          let start = index + open.count
          var end = start
          while end < bytes.count, bytes[end] != close, bytes[end] != UInt8(ascii: "\n") { end += 1 }
          let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
          if lines[name] == nil { lines[name] = line }
          index = end
          continue
        }
        index += 1
      }
    }
  }

  /// The 1-based line of `<key>key</key>`, or nil when the file does not hold it as written.
  func line(of key: String) -> Int? {
    lines[key]
  }
}
