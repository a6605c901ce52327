/// The `nodeType` of a node in xcresulttool's test tree (`get test-results tests`), as Apple's
/// schema lists them. A type the schema does not list is ``unlisted``: its node is read like a
/// folder (its children still count) and its spelling is counted, never an error.
package enum XCResultNodeType: UInt8, Sendable, CaseIterable {
  /// A node whose type is not known: unlisted, missing, or not read yet.
  case unlisted
  case testPlan
  case unitTestBundle
  case uiTestBundle
  case testSuite
  case testCase
  case device
  case testPlanConfiguration
  case arguments
  case repetition
  case testCaseRun
  case failureMessage
  case sourceCodeReference
  case attachment
  case expression
  case testValue
  case runtimeWarning

  package init(_ spelling: String) {
    self = Self.bySpelling[spelling] ?? .unlisted
  }

  /// As xcresulttool writes it.
  package var spelling: String {
    switch self {
    case .unlisted: "unlisted"
    case .testPlan: "Test Plan"
    case .unitTestBundle: "Unit test bundle"
    case .uiTestBundle: "UI test bundle"
    case .testSuite: "Test Suite"
    case .testCase: "Test Case"
    case .device: "Device"
    case .testPlanConfiguration: "Test Plan Configuration"
    case .arguments: "Arguments"
    case .repetition: "Repetition"
    case .testCaseRun: "Test Case Run"
    case .failureMessage: "Failure Message"
    case .sourceCodeReference: "Source Code Reference"
    case .attachment: "Attachment"
    case .expression: "Expression"
    case .testValue: "Test Value"
    case .runtimeWarning: "Runtime Warning"
    }
  }

  /// A run of a test case, or a part of one: inside a `Test Case`, the innermost of these with a
  /// result is one execution (a device, a configuration, a set of arguments, an attempt).
  package var isRun: Bool {
    switch self {
    case .device, .testPlanConfiguration, .arguments, .repetition, .testCaseRun: true
    default: false
    }
  }

  /// Whether the reader needs the node's name before its children: what it says applies to every
  /// run below it (a device, a configuration, arguments, the suite a test belongs to).
  package var givesContext: Bool {
    switch self {
    case .device, .testPlanConfiguration, .arguments, .testSuite, .unitTestBundle, .uiTestBundle: true
    default: false
    }
  }

  private static let bySpelling: [String: XCResultNodeType] = Dictionary(
    uniqueKeysWithValues: allCases.filter { $0 != .unlisted }.map { ($0.spelling, $0) })
}
