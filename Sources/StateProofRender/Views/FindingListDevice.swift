/// A device's part of a platform's findings under the verdict: the `device` (null for findings
/// about no one device), how many, and the findings by code.
struct FindingListDevice: Encodable {
  let device: String?
  let count: Int
  let codes: [FindingGroup]

  enum CodingKeys: String, CodingKey { case device, count, codes }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(device, forKey: .device)
    try container.encode(count, forKey: .count)
    try container.encode(codes, forKey: .codes)
  }
}
