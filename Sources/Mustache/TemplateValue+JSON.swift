import Foundation

extension TemplateValue {
  /// Decodes a JSON document (any JSON value, not only an object).
  public init(json data: Data) throws {
    self = try JSONDecoder().decode(TemplateValue.self, from: data)
  }
}
