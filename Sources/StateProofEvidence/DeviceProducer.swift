/// A producer of test results that records the device each test ran on in its own way; each has
/// one ``DeviceRule``.
package enum DeviceProducer: String, Sendable, Hashable, CaseIterable {
  case agpConnected
  case firebaseTestLab
  case gradleManagedDevices
  case fastlaneTrainer
  case maestro
  case flank
  case marathon
  case spoon
  case saucectl
  case xcresulttool
}
