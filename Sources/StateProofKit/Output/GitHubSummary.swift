import Foundation

/// GitHub Actions' job summary: the Markdown report appended to the file `$GITHUB_STEP_SUMMARY`
/// names, after a blank line so it never joins what an earlier step wrote.
package enum GitHubSummary {
  package static func append(_ markdown: Data, to path: String) throws(StateProofError) {
    let manager = FileManager.default
    if !manager.fileExists(atPath: path) && !manager.createFile(atPath: path, contents: nil) {
      throw .output("cannot create the job summary \(path)")
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw .output("cannot write to the job summary \(path)")
    }
    defer { try? handle.close() }
    handle.seekToEndOfFile()
    handle.write(Data("\n".utf8) + markdown)
  }
}
