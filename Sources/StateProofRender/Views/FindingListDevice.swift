/// A device's part of a platform's findings under the verdict: the `device` (null for findings
/// about no one device), how many, and the findings by code.
struct FindingListDevice: Encodable {
  @EncodedAsNull var device: String?
  let count: Int
  let codes: [FindingGroup]
}
