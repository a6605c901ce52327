import StateProofModel

/// A platform's declarations beside what the sign-off covers: `anchor`, `anchorLink`, a one-line
/// count (`countText`), `missing` (a declared permission is not covered), the findings told there
/// by code, each permission's `tone` and `answerText`, each file's `buildText`.
struct DeclaredView: ModelView {
  let model: AppDeclarationSummary
  let platform: String
  let findingGroups: [FindingGroup]

  enum ViewKeys: String, CodingKey, CaseIterable {
    case anchor, anchorLink, countText, missing, findingGroups, permissions, files
  }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let declared = model
    let missing = declared.count(.notCovered)
    let used = declared.files.filter { $0.setAside == nil }.count
    let count =
      "\(declared.permissions.count { $0.answer != .notDeclared }) declared by \(used) \(used == 1 ? "file" : "files")"
      + " · \(declared.count(.covered)) covered · \(declared.count(.excluded)) excluded · \(missing) not covered"
      + (declared.count(.notDeclared) > 0 ? " · \(declared.count(.notDeclared)) covered but not declared" : "")
    let anchor = ReportView.anchor(declared: platform)
    try container.encode(anchor, forKey: .anchor)
    try container.encode(ReportView.link(anchor), forKey: .anchorLink)
    try container.encode(count, forKey: .countText)
    try container.encode(missing > 0, forKey: .missing)
    try container.encode(findingGroups, forKey: .findingGroups)
    try container.encode(declared.permissions.map(DeclaredPermissionView.init), forKey: .permissions)
    try container.encode(declared.files.map(DeclarationFileView.init), forKey: .files)
  }
}
