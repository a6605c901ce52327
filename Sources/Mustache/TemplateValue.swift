/// A typed value a template renders: what JSON can hold, with Mustache's notion of truth.
public enum TemplateValue: Sendable, Hashable, Decodable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([TemplateValue])
  case object([String: TemplateValue])

  public init(from decoder: any Decoder) throws {
    // JSON's kinds do not overlap, so the order only decides how many failed tries (each a thrown
    // error) a value costs: strings and objects, most of a report, are tried first.
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([String: TemplateValue].self) {
      self = .object(value)
    } else if let value = try? container.decode([TemplateValue].self) {
      self = .list(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else {
      self = .double(try container.decode(Double.self))
    }
  }
}
