/// Where a report's configuration came from, in the order `stateproof report` looks: `--config`
/// (or a file the library was given), `stateproof.json` in the working folder, one at the top of
/// the first evidence path, else the built-in camera matrix.
public enum ConfigurationSource: String, Codable, Sendable, CaseIterable {
  case given
  case workingFolder = "working-folder"
  case evidence
  case builtIn = "built-in"
}
