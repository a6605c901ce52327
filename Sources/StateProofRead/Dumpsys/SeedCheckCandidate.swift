/// A permission line `seed-check` could have used, listed when several owners' lines remain and
/// nothing says which is the app's.
package struct SeedCheckCandidate: Sendable, Hashable, CustomStringConvertible {
  package var lineNumber: Int
  package var user: Int?
  /// `Package [name]`, `Package [name] (hidden system copy)` or `SharedUser [name]`.
  package var block: String
  /// For a shared-user line, the packages of the dump that declare that shared user.
  package var declaredBy: [String]

  package init(lineNumber: Int, user: Int?, block: String, declaredBy: [String] = []) {
    self.lineNumber = lineNumber
    self.user = user
    self.block = block
    self.declaredBy = declaredBy
  }

  init(_ entry: DumpsysEntry) {
    let name = entry.package ?? entry.sharedUser ?? "?"
    let block =
      switch entry.block {
      case .sharedUser: "SharedUser [\(name)]"
      case .hiddenSystemPackage: "Package [\(name)] (hidden system copy)"
      case .package, .loose: "Package [\(name)]"
      }
    self.init(
      lineNumber: entry.lineNumber, user: entry.user, block: block,
      declaredBy: entry.members.map(\.package))
  }

  package var description: String {
    let user = user.map { "user \($0)" } ?? "no user"
    let declared =
      block.hasPrefix("SharedUser")
      ? declaredBy.isEmpty
        ? ", declared by no package in the dump" : ", declared by \(declaredBy.joined(separator: ", "))"
      : ""
    return "line \(lineNumber): \(block), \(user)\(declared)"
  }
}
