@_spi(CLI) import StateProofKit

/// The entry point the `stateproof` executable calls.
public enum StateProofTool {
  /// Runs the command line (without the program name) on the real standard streams and returns
  /// the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    StreamWriter.ignoreBrokenPipes()
    return CommandLineTool.run(arguments)
  }
}
