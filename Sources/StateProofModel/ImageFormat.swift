/// Image formats recognised from a file's header bytes.
public enum ImageFormat: String, Codable, Sendable {
  case png
  case jpeg
  case heic

  /// Whether browsers show this format inline (HEIC is shown as a PNG made from it).
  public var isShownInline: Bool { self != .heic }

  /// The extension a copy of the image gets: `png`, `jpg`, `heic`.
  public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
