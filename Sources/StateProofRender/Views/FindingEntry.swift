import Mustache

/// What findings alike say, once: their `detail`, `where` (the devices, `On Pixel 8 - 14` or
/// `On 3 devices: …`; null for findings of no device) and their acceptance (null while open).
struct FindingEntry: Encodable {
  let detail: String
  let place: String?
  let accepted: TemplateValue

  enum CodingKeys: String, CodingKey {
    case detail
    case place = "where"
    case accepted
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(detail, forKey: .detail)
    try container.encode(place, forKey: .place)
    try container.encode(accepted, forKey: .accepted)
  }
}
