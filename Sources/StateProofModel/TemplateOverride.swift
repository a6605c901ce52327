/// A template of `--templates DIR` that is not the shipped one: its file name, size and SHA-256,
/// as it was rendered.
public struct TemplateOverride: Codable, Sendable, Hashable {
  /// The file name in the folder (`layout.html.mustache`).
  public var file: String
  public var bytes: Int
  public var sha256: String

  public init(file: String, bytes: Int, sha256: String) {
    self.file = file
    self.bytes = bytes
    self.sha256 = sha256
  }
}
