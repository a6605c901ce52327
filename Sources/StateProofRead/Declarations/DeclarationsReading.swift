import StateProofEvidence
import StateProofModel

/// What a declarations reader made of one file: the app's declarations, or why the file, though
/// of the reader's format, holds none to read (a source manifest, a framework's `Info.plist`), or
/// the problems that kept it from being read.
///
/// Declarations are only worth anything whole (a sign-off checked against half a list passes what
/// it should not), so a file that breaks off gives problems and no declarations at all.
package struct DeclarationsReading: Sendable, Hashable {
  /// What the file declares; nil when it is no app's declarations or could not be read whole.
  package var declarations: AppDeclarations?
  /// Why the file is not read as an app's declarations although it is of this format, in words
  /// for `inspect` ("a source AndroidManifest.xml, not the merged one: …"); not a problem.
  package var notDeclarations: String?
  /// What a reader of the declarations should know about them (an app extension's keys, a
  /// bundle identifier left as a build setting).
  package var notes: [String]
  package var problems: [ReadProblem]

  package init(
    declarations: AppDeclarations? = nil, notDeclarations: String? = nil, notes: [String] = [],
    problems: [ReadProblem] = []
  ) {
    self.declarations = declarations
    self.notDeclarations = notDeclarations
    self.notes = notes
    self.problems = problems
  }
}
