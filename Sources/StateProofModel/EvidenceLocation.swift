/// Where a piece of evidence came from: a file (by root and relative path) and a line.
public struct EvidenceLocation: Codable, Sendable, Hashable, Comparable {
  public var root: String
  public var path: String
  public var line: Int?
  public var column: Int?

  public init(root: String, path: String, line: Int? = nil, column: Int? = nil) {
    self.root = root
    self.path = path
    self.line = line
    self.column = column
  }

  /// `path:line:column` as editors and CI logs show it.
  public var display: String {
    var text = path
    if let line { text += ":\(line)" }
    if let column { text += ":\(column)" }
    return text
  }

  public static func < (lhs: EvidenceLocation, rhs: EvidenceLocation) -> Bool {
    (lhs.root, lhs.path, lhs.line ?? 0, lhs.column ?? 0)
      < (rhs.root, rhs.path, rhs.line ?? 0, rhs.column ?? 0)
  }
}
