/// How much work one render may do, so a template that repeats itself without end (partials each
/// including the next twice, a section over a list nested inside itself) stops with an error
/// instead of running for ever. The allowance grows with the template and the data: every part
/// of every template loaded may visit every value of the data several times over.
struct RenderBudget {
  /// Work any render may do, however small its template and data.
  static let floor = 10_000
  /// How many times each template part may visit each value on average.
  static let visitsPerPart = 16
  /// Output bytes that cost one step, so output is bounded too.
  static let bytesPerStep = 64

  /// The data's size: one per value, plus a string's bytes in steps.
  private let weight: Int
  /// Nodes in every template the render has loaded so far.
  private(set) var parts: Int
  private(set) var spent = 0

  init(value: TemplateValue, parts: Int) {
    self.weight = Self.weight(of: value)
    self.parts = parts
  }

  var allowance: Int {
    let (product, overflow) = (weight * Self.visitsPerPart).multipliedReportingOverflow(by: parts)
    return overflow ? .max : Self.floor + product
  }

  /// Whether the work done so far is within the allowance.
  var isWithinAllowance: Bool { spent <= allowance }

  /// Counts rendering one node.
  mutating func spendNode() { spent &+= 1 }

  /// Counts writing `text`.
  mutating func spend(writing text: String) { spent &+= text.utf8.count / Self.bytesPerStep }

  /// Adds a newly loaded partial's nodes to the allowance.
  mutating func add(parts more: Int) { parts &+= more }

  /// Values in `value`, strings weighing more by their length. Recursion is as deep as the
  /// data, which rendering walks as deep anyway.
  private static func weight(of value: TemplateValue) -> Int {
    switch value {
    case .string(let text): 1 &+ text.utf8.count / bytesPerStep
    case .list(let items): items.reduce(1) { $0 &+ weight(of: $1) }
    case .object(let members): members.values.reduce(1) { $0 &+ weight(of: $1) }
    case .null, .bool, .int, .double: 1
    }
  }
}
