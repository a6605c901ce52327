import StateProofKnowledge

// Prints docs/platform-knowledge.md, generated from the platform knowledge's data.
// scripts/gen-platform-knowledge writes it into place, or with --check compares it.
// With --readme-states, prints the table of the built-in states in docs/configuration.md instead.
if CommandLine.arguments.dropFirst().first == "--readme-states" {
  print(KnowledgeDocument.stateTable(linked: false).joined(separator: "\n"))
} else {
  print(KnowledgeDocument.markdown(), terminator: "")
}
