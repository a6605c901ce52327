/// How `stateproof history` renders a history (``StateProof/historyPages(_:file:options:)``).
public struct HistoryOptions: Sendable {
  /// `--templates`: a folder of templates that override the shipped `history.html.mustache`,
  /// `history.md.mustache` (and the partials they use) by file name.
  public var templates: String?
  /// `--markdown-max-bytes`: the most bytes `history.md` may take (positive); the default stays
  /// under GitHub's 65,536-character limit for a comment.
  public var markdownMaxBytes: Int
  /// `--html-url`: where `history.md` links to the whole page.
  public var htmlURL: String

  public init(
    templates: String? = nil, markdownMaxBytes: Int = ReportOptions.defaultMarkdownMaxBytes,
    htmlURL: String = HistoryPages.htmlFileName
  ) {
    self.templates = templates
    self.markdownMaxBytes = markdownMaxBytes
    self.htmlURL = htmlURL
  }
}
