/// Why a DEFLATE stream could not be inflated, worded for the user; the caller names the file
/// or the entry it came from.
package enum InflateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The input ended before the stream's last block did.
  case truncated
  /// A block header names type 3, which DEFLATE reserves.
  case reservedBlockType
  /// A stored block's length and its one's complement disagree.
  case storedLengthMismatch
  /// A dynamic block's Huffman code lengths describe no code (`reason` says how).
  case invalidCodeLengths(reason: String)
  /// The bits match no code of the block's table, or a length or distance symbol DEFLATE reserves.
  case invalidSymbol
  /// A back-reference reaches further back than the output so far.
  case distanceTooFar(distance: Int, available: Int)
  /// The output would pass `limit` bytes.
  case outputLimit(Int)
  /// The compressed bytes could not be read.
  case unreadable(reason: String)

  package var description: String {
    switch self {
    case .truncated: "the compressed data ends before its last block"
    case .reservedBlockType: "a block has the type DEFLATE reserves (3)"
    case .storedLengthMismatch: "a stored block's length and its complement disagree"
    case .invalidCodeLengths(let reason): "a block's Huffman code is invalid: \(reason)"
    case .invalidSymbol: "a code that the block's Huffman tables do not hold, or that DEFLATE reserves"
    case .distanceTooFar(let distance, let available):
      "a back-reference reaches \(distance) bytes back, with only \(available) written"
    case .outputLimit(let limit): "it inflates to more than \(limit) bytes"
    case .unreadable(let reason): "cannot read the compressed data: \(reason)"
    }
  }
}
