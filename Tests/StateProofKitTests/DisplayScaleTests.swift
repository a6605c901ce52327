import Foundation
import Testing

@testable import StateProofKit

/// The display PNG of a wide screenshot is the image averaged down, every row of it: a 960×20
/// image whose rows each have their own grey becomes 480×10, row by row the two rows' average.
@Suite struct DisplayScaleTests {
  @Test func everyOutputRowAveragesItsOwnSourceRows() throws {
    let width = 960
    let height = 20
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width * 3 { pixels[y * width * 3 + x] = UInt8(y * 10) }
    }
    let png = pixels.withUnsafeBytes {
      DisplayScale.png(width: width, height: height, channels: 3, pixels: $0, stride: width * 3)
    }
    let rows = try Self.rows(ofPNG: png)
    #expect(rows.count == 10)
    for (index, row) in rows.enumerated() {
      #expect(row.count == 480 * 3)
      // Rows 2i and 2i+1 hold 20i and 20i+10: their average.
      #expect(row.allSatisfy { $0 == UInt8(index * 20 + 5) }, "row \(index)")
    }
  }

  /// The unfiltered rows of an 8-bit RGB PNG from ``PNGEncoder`` (filter type 0 on each row).
  static func rows(ofPNG png: [UInt8]) throws -> [[UInt8]] {
    var offset = 8
    var data = Data()
    var width = 0
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
      let body = png[offset + 8..<offset + 8 + length]
      if type == "IHDR" { width = body.prefix(4).reduce(0) { $0 << 8 | Int($1) } }
      if type == "IDAT" { data.append(contentsOf: body) }
      offset += 12 + length
    }
    let inflated = try Self.inflate(data)
    let raw = try #require(inflated)
    let rowBytes = width * 3 + 1
    return stride(from: 0, to: raw.count, by: rowBytes).map { start in
      #expect(raw[start] == 0, "the encoder filters rows")
      return Array(raw[start + 1..<start + rowBytes])
    }
  }

  /// zlib's inflate of `data`, through `python3` (no zlib binding in the package).
  static func inflate(_ data: Data) throws -> [UInt8]? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("display-scale-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in")
    let output = folder.appendingPathComponent("out")
    try data.write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sys, zlib; open(sys.argv[2], 'wb').write(zlib.decompress(open(sys.argv[1], 'rb').read()))",
      input.path, output.path,
    ]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return [UInt8](try Data(contentsOf: output))
  }
}
