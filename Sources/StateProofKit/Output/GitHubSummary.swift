import Foundation

/// GitHub Actions' job summary: the Markdown report appended to the file `$GITHUB_STEP_SUMMARY`
/// names, after a blank line so it never joins what an earlier step wrote. SPI: the command line's
/// `--github-summary`.
@_spi(CLI) public enum GitHubSummary {
  public static func append(_ markdown: Data, to path: String) throws(StateProofError) {
    try DescriptorWriter.append(Data("\n".utf8) + markdown, toFileAt: path, name: "the job summary")
  }
}
