extension Array where Element == UInt8 {
  /// The 16-bit little-endian number at `offset` (the caller has checked it lies inside).
  func uint16(_ offset: Int) -> Int { Int(self[offset]) | Int(self[offset + 1]) << 8 }

  /// The 32-bit little-endian number at `offset` (the caller has checked it lies inside).
  func uint32(_ offset: Int) -> Int { uint16(offset) | uint16(offset + 2) << 16 }
}
