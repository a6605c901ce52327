/// One list under the verdict (``FindingGroups/list(_:platforms:title:)``): how many findings,
/// a `title` saying so (empty when none), and the findings by platform and device.
struct FindingList: Encodable {
  let count: Int
  let title: String
  let platforms: [FindingListPlatform]
}
