/// The shape of a `tests` file's node tree, taken in a first pass: every node's type by its place
/// in document order, and the names of the nodes whose name applies to the runs below them
/// (devices, configurations, arguments, suites). xcresulttool writes an object's keys in no fixed
/// order, often `children` before `nodeType`; with the skeleton, the second pass knows each node
/// before its children and never has to hold them. It costs a byte per node.
struct XCResultSkeleton {
  /// What a context-giving node says of the runs below it.
  struct Facts {
    var name: String?
    var identifier: String?
    var details: String?
  }

  private(set) var types: [XCResultNodeType] = []
  private(set) var facts: [Int: Facts] = [:]

  /// Adds the next node's place, before its type is known; returns its index.
  mutating func open() -> Int {
    types.append(.unlisted)
    return types.count - 1
  }

  /// Records the node at `index` once its keys have been read.
  mutating func close(_ index: Int, type: XCResultNodeType, facts nodeFacts: Facts) {
    types[index] = type
    if type.givesContext { facts[index] = nodeFacts }
  }

  /// The node's type; `unlisted` for a node the first pass did not finish.
  func type(of index: Int) -> XCResultNodeType {
    index < types.count ? types[index] : .unlisted
  }

  func facts(of index: Int) -> Facts? { facts[index] }
}
