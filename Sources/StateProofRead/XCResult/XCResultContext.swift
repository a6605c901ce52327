/// What the runs below a node of a `tests` tree inherit from it and the nodes above it.
struct XCResultContext {
  var device: XCResultDevice?
  var configuration: String?
  var arguments: String?
  /// The nearest `Test Suite`'s name, and the bundle's: a test case's class when its
  /// `nodeIdentifier` names none.
  var suite: String?
  var bundle: String?
  /// Inside a `Test Case`: its run nodes are its executions.
  var inCase = false
}
