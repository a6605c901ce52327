/// A platform's part of a list under the verdict: its `name`, how many findings, by device.
struct FindingListPlatform: Encodable {
  let name: String
  let count: Int
  let devices: [FindingListDevice]
}
