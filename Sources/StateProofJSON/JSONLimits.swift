/// What one parse may hold at once, so a hostile document cannot exhaust memory or the stack.
/// Values skipped with ``JSONPullParser/skipValue()`` are checked but never held, so only the
/// nesting limit applies to them.
public struct JSONLimits: Sendable, Hashable {
  /// Objects and arrays open at once.
  public var maximumDepth: Int
  /// Bytes of one string value, as UTF-8 after unescaping.
  public var maximumStringBytes: Int
  /// Bytes of one object key; keys of every open object are held at once for the key path.
  public var maximumKeyBytes: Int
  /// Characters of one number.
  public var maximumNumberBytes: Int

  public init(
    maximumDepth: Int = 256, maximumStringBytes: Int = 10 << 20, maximumKeyBytes: Int = 64 << 10,
    maximumNumberBytes: Int = 1024
  ) {
    self.maximumDepth = maximumDepth
    self.maximumStringBytes = maximumStringBytes
    self.maximumKeyBytes = maximumKeyBytes
    self.maximumNumberBytes = maximumNumberBytes
  }
}
