/// A document a fact of the platform knowledge comes from: an AOSP source file at a commit, or a
/// page of Android's or Apple's documentation. Facts name sources by `id` (`D:REQ`, `I:AVS`).
package struct KnowledgeSource: Sendable, Hashable {
  /// `A:` AOSP, `P:` PermissionController, `D:` developer.android.com, `I:` developer.apple.com,
  /// `S:` source.android.com, `C:` a capture or secondary text, `T:` a test tool's source.
  package var id: String
  package var title: String
  /// A URL, or `repository · path @ commit`.
  package var location: String

  package init(_ id: String, _ title: String, _ location: String) {
    self.id = id
    self.title = title
    self.location = location
  }
}
