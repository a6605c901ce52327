/// Answers about libxml2's element and attribute names, remembered by each name's address.
///
/// libxml2's parser interns every element and attribute name it reports in its dictionary, which
/// lives as long as the parse: one spelling is one pointer. So a name is compared byte by byte
/// only the first time it is seen, and after that found by its address. One cache serves one
/// parse (the addresses mean nothing to another).
struct InternedNames<Value> {
  private static var slotCount: Int { 64 }
  private var names = [UnsafePointer<UInt8>?](repeating: nil, count: slotCount)
  private var values = [Value?](repeating: nil, count: slotCount)

  /// What `decide` says of `name`, asked once per name (while its slot is not taken by another).
  mutating func value(of name: UnsafePointer<UInt8>, _ decide: (UnsafePointer<UInt8>) -> Value) -> Value {
    // Fibonacci hashing of the address: names sit a few bytes apart in the dictionary's pool.
    let slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: name)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    if names[slot] == name, let value = values[slot] { return value }
    let value = decide(name)
    names[slot] = name
    values[slot] = value
    return value
  }
}
