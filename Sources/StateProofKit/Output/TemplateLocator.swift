import Foundation
import Mustache

/// Finds the report templates: `--templates DIR` overrides any shipped template by file name;
/// the shipped `Templates/` folder is found from `STATEPROOF_TEMPLATES`, beside an installed
/// binary (`PREFIX/share/stateproof/Templates`), or in the source tree the binary was built in.
package enum TemplateLocator {
  /// A template every shipped folder has; used to recognise one.
  static let marker = "layout.html.mustache"

  package static func templates(overrides: String?, environment: [String: String])
    throws(StateProofError) -> any PartialSource
  {
    guard let shipped = shippedFolder(environment: environment) else {
      throw .template(
        "cannot find the shipped Templates folder; set STATEPROOF_TEMPLATES to it")
    }
    var sources: [any PartialSource] = []
    if let overrides {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { throw .template("--templates \(overrides) is not a folder") }
      sources.append(DirectoryPartials(directory: URL(fileURLWithPath: overrides)))
    }
    sources.append(DirectoryPartials(directory: shipped))
    return LayeredPartials(sources)
  }

  static func shippedFolder(environment: [String: String]) -> URL? {
    var candidates: [URL] = []
    if let configured = environment["STATEPROOF_TEMPLATES"] {
      candidates.append(URL(fileURLWithPath: configured))
    }
    // The running binary's real path: argv[0] is only "stateproof" when it was found on PATH.
    if var folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
      for _ in 0..<6 {
        candidates.append(folder.appendingPathComponent("share/stateproof/Templates"))
        candidates.append(folder.appendingPathComponent("Templates"))
        folder = folder.deletingLastPathComponent()
      }
    }
    return candidates.first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path)
    }
  }
}
