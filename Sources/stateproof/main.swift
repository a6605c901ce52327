import Foundation
import StateProofCLI

exit(StateProofTool.main(Array(CommandLine.arguments.dropFirst())))
