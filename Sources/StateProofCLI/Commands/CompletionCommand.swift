/// `stateproof completion`: prints the bash or zsh completion script, written from the same
/// specs the parser reads, so it never offers an option the tool does not have.
enum CompletionCommand: Command {
  static let spec = CommandSpec(
    name: "completion",
    summary: "Print the bash or zsh completion script.",
    arguments: "SHELL", minimumArguments: 1, maximumArguments: 1,
    argumentChoices: CompletionScript.shells,
    options: [],
    keyedBy: NoOption.self,
    discussion: """
      SHELL is bash or zsh. The script completes commands, their options, and files or folders \
      where an option or argument names one. scripts/install puts both scripts where the shells \
      look: PREFIX/share/bash-completion/completions/stateproof and \
      PREFIX/share/zsh/site-functions/_stateproof.
      """,
    exitStatus: [(0, "the script was printed"), (2, "usage error, or a shell other than bash or zsh")],
    examples: [
      "stateproof completion bash > ~/.local/share/bash-completion/completions/stateproof",
      "stateproof completion zsh > \"${fpath[1]}/_stateproof\"",
    ])

  static func run(_ arguments: ParsedArguments<NoOption>, console: Console) throws -> Int32 {
    let shell = arguments.positionals[0]
    guard
      let script = CompletionScript.script(
        shell: shell, commands: CommandLineTool.commands.map { $0.spec })
    else {
      throw UsageError(command: spec.name, message: "no completion script for \"\(shell)\"; use bash or zsh")
    }
    try console.write(script)
    return 0
  }
}
