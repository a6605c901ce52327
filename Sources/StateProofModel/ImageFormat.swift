/// Image formats recognised from a file's header bytes.
public enum ImageFormat: String, Codable, Sendable {
  case png
  case jpeg
  case heic

  /// Whether browsers show this format inline.
  public var isShownInline: Bool { self != .heic }
}
