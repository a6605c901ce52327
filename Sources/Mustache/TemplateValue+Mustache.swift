extension TemplateValue {
  /// Mustache truth: `false`, `null`, an empty list, an empty string and the number 0 are
  /// falsey, so a section over them renders nothing and an inverted section renders once.
  /// Everything else is truthy.
  public var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let value): value
    case .int(let value): value != 0
    case .double(let value): value != 0
    case .string(let value): !value.isEmpty
    case .list(let items): !items.isEmpty
    case .object: true
    }
  }

  /// The text an interpolation tag writes, or nil for a list or object, which have none.
  /// Whole doubles print without a fraction (`2.0` as `2`), as JSON writes them.
  var interpolationText: String? {
    switch self {
    case .null: ""
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value):
      if value.rounded() == value, abs(value) < 1e15 { String(Int(value)) } else { String(value) }
    case .string(let value): value
    case .list, .object: nil
    }
  }
}
