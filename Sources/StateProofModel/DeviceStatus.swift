/// One cell of the row × device grid: how a row stands on one release device.
public struct DeviceStatus: Codable, Sendable, Hashable {
  public var device: String
  public var status: RowStatus

  public init(device: String, status: RowStatus) {
    self.device = device
    self.status = status
  }
}
