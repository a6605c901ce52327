import Mustache

/// What findings alike say, once: their `detail`, `where` (the devices, `On Pixel 8 - 14` or
/// `On 3 devices: …`; null for findings of no device) and their acceptance (null while open).
struct FindingEntry: Encodable {
  let detail: String
  @EncodedAsNull var place: String?
  let accepted: TemplateValue

  enum CodingKeys: String, CodingKey {
    case detail
    case place = "where"
    case accepted
  }
}
