import Foundation
import StateProofKit

exit(StateProofTool.main(Array(CommandLine.arguments.dropFirst())))
