/// The templates a report was rendered with when `--templates` replaced shipped ones.
public struct TemplateRecord: Codable, Sendable, Hashable {
  /// The `--templates` folder as given.
  public var folder: String
  /// Its templates whose bytes differ from the shipped template of the same name (or that have
  /// none), sorted by name; templates equal to the shipped ones are not listed.
  public var overrides: [TemplateOverride]

  public init(folder: String, overrides: [TemplateOverride]) {
    self.folder = folder
    self.overrides = overrides.sorted { $0.file < $1.file }
  }
}
