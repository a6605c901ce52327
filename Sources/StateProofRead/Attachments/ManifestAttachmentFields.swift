import StateProofJSON

/// The fields of one manifest attachment that StateProof uses, as read before its entry ends
/// (xcresulttool writes an entry's `testIdentifier` after its `attachments`).
struct ManifestAttachmentFields {
  /// Its place in the entry's `attachments`, counting every element.
  var index: Int
  var exportedFileName: String?
  var suggestedHumanReadableName: String?
  var deviceName: String?
  var isAssociatedWithFailure: Bool?
  /// `timestamp`: UNIX seconds, as xcresulttool writes a Date.
  var timestamp: JSONNumber?
  /// A field the attachment gives twice: the two values could differ, so neither is trusted.
  var repeatedKey: String?
}
