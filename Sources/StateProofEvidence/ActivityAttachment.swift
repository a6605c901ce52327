import StateProofModel

/// One attachment an `xcrun xcresulttool get test-results activities` file lists: the run it was
/// taken in (test, device, configuration, arguments) and the UUID its exported file is named by,
/// so a screenshot from `export attachments` can be tied to that run.
package struct ActivityAttachment: Codable, Sendable, Hashable {
  /// The activities file that lists it.
  package var location: EvidenceLocation
  /// The test, e.g. `CameraStateScreenTests/testDeniedOffersSettingsAfterTap()`.
  package var testIdentifier: String?
  /// xcresulttool's name, `<XCTAttachment.name>_<index>_<UUID>.<ext>`, as the manifest's
  /// `suggestedHumanReadableName` repeats it.
  package var suggestedName: String?
  /// `XCTAttachment.name`: the name without xcresulttool's suffix.
  package var name: String?
  /// The attachment's UUID: `export attachments` names the exported file `<UUID>.<ext>`.
  package var uuid: String?
  /// The run's device as StateProof names devices (`iPhone 16 (18.6)`).
  package var device: String?
  package var configuration: String?
  package var arguments: String?
  /// When it was attached: the activities file's `timestamp`.
  package var time: EvidenceTime?

  package init(
    location: EvidenceLocation, testIdentifier: String? = nil, suggestedName: String? = nil,
    name: String? = nil, uuid: String? = nil, device: String? = nil, configuration: String? = nil,
    arguments: String? = nil
  ) {
    self.location = location
    self.testIdentifier = testIdentifier
    self.suggestedName = suggestedName
    self.name = name
    self.uuid = uuid
    self.device = device
    self.configuration = configuration
    self.arguments = arguments
  }
}
