/// JSON text in pieces of at most a megabyte, and the containers still being filled between
/// them: an array of 100,000 elements grows by adding pieces instead of copying itself into ever
/// larger buffers, and is let go piece by piece as it is written out.
struct SortedJSONChunks {
  enum Piece {
    case bytes([UInt8])
    /// A container handed out with `nestedContainer`, filled by its caller later.
    case node(SortedJSONNode)
  }

  static let pieceBytes = 1 << 20
  private(set) var pieces: [Piece] = []

  init() {}

  init(_ bytes: [UInt8]) {
    pieces = [.bytes(bytes)]
  }

  mutating func append(_ bytes: [UInt8]) {
    if case .bytes(var last)? = pieces.last, last.count + bytes.count <= Self.pieceBytes {
      pieces[pieces.count - 1] = .bytes([])
      last += bytes
      pieces[pieces.count - 1] = .bytes(last)
    } else {
      pieces.append(.bytes(bytes))
    }
  }

  mutating func append(_ chunks: consuming SortedJSONChunks) {
    for piece in chunks.pieces {
      switch piece {
      case .bytes(let bytes): append(bytes)
      case .node(let node): pieces.append(.node(node))
      }
    }
  }

  mutating func append(node: SortedJSONNode) {
    pieces.append(.node(node))
  }

  /// The bytes written so far; containers still being filled count as none.
  var byteCount: Int {
    pieces.reduce(0) { total, piece in
      if case .bytes(let bytes) = piece { total + bytes.count } else { total }
    }
  }

  /// Writes every piece to `out`, letting each go once written.
  mutating func write<Output: RangeReplaceableCollection<UInt8>>(to out: inout Output) {
    for index in pieces.indices {
      let piece = pieces[index]
      pieces[index] = .bytes([])
      switch piece {
      case .bytes(let bytes): out += bytes
      case .node(let node): node.write(to: &out)
      }
    }
    pieces = []
  }
}
