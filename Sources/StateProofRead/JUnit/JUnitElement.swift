import Foundation

/// The JUnit element names the reader acts on, recognised from libxml2's borrowed name bytes
/// without building a `String` per element.
enum JUnitElement {
  case testsuites
  case testsuite
  case testcase
  case properties
  case property
  case failure
  case error
  case skipped
  case flakyFailure
  case flakyError
  case rerunFailure
  case rerunError
  case systemOut
  case systemErr

  /// The element named by the NUL-terminated `name`, or nil for every other element.
  init?(name: UnsafePointer<UInt8>) {
    // Dispatch on the first byte, so most names are compared with one or two spellings.
    let element: JUnitElement? =
      switch name[0] {
      case UInt8(ascii: "t"): Self.pick(name, .testcase, .testsuite, .testsuites)
      case UInt8(ascii: "p"): Self.pick(name, .property, .properties)
      case UInt8(ascii: "f"): Self.pick(name, .failure, .flakyFailure, .flakyError)
      case UInt8(ascii: "e"): Self.pick(name, .error)
      case UInt8(ascii: "s"): Self.pick(name, .skipped, .systemErr, .systemOut)
      case UInt8(ascii: "r"): Self.pick(name, .rerunFailure, .rerunError)
      default: nil
      }
    guard let element else { return nil }
    self = element
  }

  /// The candidate spelled `name` (fixed arity: a variadic list would allocate per element).
  private static func pick(
    _ name: UnsafePointer<UInt8>, _ first: Self, _ second: Self? = nil, _ third: Self? = nil
  ) -> Self? {
    if first.spelling.matches(name) { return first }
    if let second, second.spelling.matches(name) { return second }
    if let third, third.spelling.matches(name) { return third }
    return nil
  }

  /// How the element is spelled in a file.
  var spelling: XMLName {
    switch self {
    case .testsuites: "testsuites"
    case .testsuite: "testsuite"
    case .testcase: "testcase"
    case .properties: "properties"
    case .property: "property"
    case .failure: "failure"
    case .error: "error"
    case .skipped: "skipped"
    case .flakyFailure: "flakyFailure"
    case .flakyError: "flakyError"
    case .rerunFailure: "rerunFailure"
    case .rerunError: "rerunError"
    case .systemOut: "system-out"
    case .systemErr: "system-err"
    }
  }
}
