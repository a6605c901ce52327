import StateProofModel
import StateProofEvidence

/// What ``AndroidPackageReader`` made of one APK or App Bundle: the app's declarations, or the
/// problems that kept them from being read (a zip bomb, a damaged archive, a manifest that is not
/// one), each naming the package's kind and the entry.
package struct AndroidPackageReading: Sendable, Hashable {
  package var declarations: AppDeclarations?
  package var problems: [ReadProblem]

  package init(declarations: AppDeclarations? = nil, problems: [ReadProblem] = []) {
    self.declarations = declarations
    self.problems = problems
  }
}
