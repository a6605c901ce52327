import Foundation
import StateProofKit

/// GitHub Actions' job summary: the Markdown report appended to the file `$GITHUB_STEP_SUMMARY`
/// names, after a blank line so it never joins what an earlier step wrote (`--github-summary`).
enum GitHubSummary {
  static func append(_ markdown: Data, to path: String) throws(StateProofError) {
    try StreamWriter.append(Data("\n".utf8) + markdown, toFileAt: path, name: "the job summary")
  }
}
