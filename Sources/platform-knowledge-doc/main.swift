import StateProofKnowledge

// Prints docs/platform-knowledge.md, generated from the platform knowledge's data.
// scripts/gen-platform-knowledge writes it into place, or with --check compares it.
print(KnowledgeDocument.markdown(), terminator: "")
