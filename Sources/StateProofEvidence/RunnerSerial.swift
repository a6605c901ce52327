import StateProofModel

/// A device a runner's summary names by the serial the runner's other files are named for: Spoon's
/// `result.json` says `0A1B2C3D4E5F` is `Pixel 8 - 14`, while its JUnit file
/// `junit-reports/0A1B2C3D4E5F.xml` and screenshots `image/0A1B2C3D4E5F/…` give only the serial.
package struct RunnerSerial: Sendable, Hashable {
  /// The summary file that names it.
  package var location: EvidenceLocation
  /// The serial as the runner writes it into file names.
  package var serial: String
  /// The device as StateProof names it.
  package var device: String

  package init(location: EvidenceLocation, serial: String, device: String) {
    self.location = location
    self.serial = serial
    self.device = device
  }
}
