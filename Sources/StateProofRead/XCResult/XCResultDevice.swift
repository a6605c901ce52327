/// A run destination as xcresulttool describes it (`devices`, a summary's
/// `devicesAndConfigurations`, an activities run's `device`), named the way StateProof names
/// devices everywhere else.
package struct XCResultDevice: Sendable, Hashable {
  package var deviceId: String?
  package var deviceName: String?
  package var modelName: String?
  package var osVersion: String?
  package var osBuildNumber: String?
  package var platform: String?

  package init(
    deviceId: String? = nil, deviceName: String? = nil, modelName: String? = nil, osVersion: String? = nil,
    osBuildNumber: String? = nil, platform: String? = nil
  ) {
    self.deviceId = deviceId
    self.deviceName = deviceName
    self.modelName = modelName
    self.osVersion = osVersion
    self.osBuildNumber = osBuildNumber
    self.platform = platform
  }

  /// `iPhone 16 (18.6)`: the model and the OS version, as fastlane trainer writes a JUnit
  /// `device` property, so the same run read from JUnit and from JSON is one device. The model,
  /// not the device's own name (`Jane's iPhone`, `Clone 1 of iPhone 16`), is what a release
  /// manager writes in `releaseDevices`; nil when neither is given.
  package var display: String? {
    guard let model = Self.nonEmpty(modelName) ?? Self.nonEmpty(deviceName) else { return nil }
    return Self.nonEmpty(osVersion).map { "\(model) (\($0))" } ?? model
  }

  /// `iOS Simulator 18.6 (22G86)`: the system the run used.
  package var os: String? {
    let parts = [Self.nonEmpty(platform), Self.nonEmpty(osVersion)].compactMap(\.self)
    guard !parts.isEmpty else { return nil }
    return parts.joined(separator: " ") + (Self.nonEmpty(osBuildNumber).map { " (\($0))" } ?? "")
  }

  /// The device a `Device` node names: its `nodeIdentifier` is the device's id, its `name` the
  /// device's name and its `details` the system (`iOS Simulator 26.2`).
  package init(node name: String?, identifier: String?, details: String?) {
    deviceId = identifier
    deviceName = name
    modelName = nil
    let words = (details ?? "").split(separator: " ")
    if let version = words.last, version.first?.isNumber == true {
      osVersion = String(version)
      let platform = words.dropLast().joined(separator: " ")
      self.platform = platform.isEmpty ? nil : platform
    }
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
    return text
  }
}
