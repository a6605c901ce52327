/// The keys of a test node that StateProof reads; a node giving one of them twice is refused
/// (JSON readers disagree on which of the two counts).
enum XCResultNodeKey: UInt8 {
  case nodeType
  case name
  case nodeIdentifier
  case details
  case result
  case durationInSeconds
  case children

  init?(_ key: String) {
    switch key {
    case "nodeType": self = .nodeType
    case "name": self = .name
    case "nodeIdentifier": self = .nodeIdentifier
    case "details": self = .details
    case "result": self = .result
    case "durationInSeconds": self = .durationInSeconds
    case "children": self = .children
    default: return nil
    }
  }

  /// The keys one node has given so far, as bits.
  struct Set {
    private var bits: UInt8 = 0

    /// Adds `key`; false when it was there already.
    mutating func insert(_ key: XCResultNodeKey) -> Bool {
      let bit: UInt8 = 1 << key.rawValue
      defer { bits |= bit }
      return bits & bit == 0
    }
  }
}
