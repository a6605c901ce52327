import StateProofModel
import StateProofDiscover
import StateProofSystem

/// Why StateProof could not do its job at all: the command line ends the run with exit status 2,
/// and the library throws it. Each case names the file, folder or option at fault and a reason a
/// caller can switch on; ``description`` is the message for the user.
///
/// Errors by layer. The stages never throw on evidence: what a file is wrong about is a value in
/// the model (a ``ReadProblem``, a finding). A helper that can fail throws its own module's error
/// enum by typed throws (`throws(JSONError)`, `throws(ArchiveError)`, `throws(PathProblem)`).
/// StateProofKit throws only `StateProofError`, by typed throws, wrapping a lower error into the
/// case that names the input. `Result` only carries a failure out of work run on other threads
/// or out of a closure the standard library rethrows untyped (`withUnsafeBytes`). Untyped
/// `throws` is left to code that runs what it is given (Mustache's partial sources, `Encodable`).
public enum StateProofError: Error, Sendable, CustomStringConvertible {
  /// The configuration file has a wrong key, type or value.
  case configuration(file: String, ConfigurationError)
  /// The configuration file cannot be read or is not JSON.
  case unreadableConfiguration(file: String, reason: String)
  /// An option's value cannot be used.
  case option(OptionProblem)
  /// The file at `path`, which is not evidence, cannot be read; `name` is how messages call it
  /// (`--baseline FILE`, `the template FILE`).
  case inputFile(path: String, name: String, reason: InputFileProblem)
  /// A `report.json` read back (``Report/init(contentsOf:)``, `verify`) cannot be used.
  case reportJSON(file: String, reason: ReportJSONProblem)
  /// The `--baseline` report cannot be used.
  case baseline(file: String, reason: ReportJSONProblem)
  /// The history file (`--history`, `stateproof history`) cannot be read or appended to.
  case history(file: String, reason: HistoryProblem)
  /// The signed statement `verify` was given cannot be used.
  case statement(file: String, reason: StatementProblem)
  /// The public key `verify --key` was given is not one StateProof can check signatures with.
  case publicKey(file: String, reason: PublicKeyProblem)
  /// The folder `verify` was given is not a report folder it can check.
  case reportFolder(path: String, reason: ReportFolderProblem)
  /// A line (1-based) of a report folder's `SHA256SUMS` is not one StateProof writes.
  case digestList(file: String, line: Int, reason: DigestLineProblem)
  /// An evidence path given to `report` or `inspect` is empty, not there, or cannot be read;
  /// nothing was read or written.
  case missingEvidence(path: String, reason: EvidenceAccessProblem)
  /// An evidence path given to `verify` does not pair with one the report records.
  case evidencePath(path: String, reason: EvidencePathProblem)
  /// The report folder cannot be written as asked; nothing was written.
  case outputFolder(path: String, reason: OutputFolderProblem)
  /// The evidence bundle cannot be written as asked.
  case bundle(path: String, reason: BundleProblem)
  /// A file StateProof writes could not be written.
  case write(path: String, reason: WriteProblem)
  /// The crypto library failed to hash `file`.
  case hashFailed(file: String)
  /// A templates folder cannot be used.
  case templateFolder(path: String, reason: TemplateFolderProblem)
  /// No template has this name (`report.html` for `report.html.mustache`).
  case templateMissing(name: String)
  /// A template cannot be parsed or rendered: the place to look and what is wrong.
  case templateSyntax(file: String, line: Int, column: Int, message: String)
  /// A partial a template names cannot be read or is not allowed.
  case templatePartial(message: String)
  /// A page could not be rendered for another reason (`message` says which).
  case render(message: String)
  /// Even with every optional section left out, `report.md` takes `needed` bytes.
  case markdownTooLarge(needed: Int, limit: Int)
  /// The data `stateproof render` was given (a file, or `standard input`) is not JSON, or not JSON
  /// the strict reader takes (a key given twice, nesting too deep), at the problem's place.
  case renderData(file: String, problem: JSONProblem)
  /// `seed-check` could not decide.
  case seedCheck(SeedCheckProblem)
  /// `seed-plan` cannot write the plan asked for.
  case seedPlan(SeedPlanProblem)
  /// `init --from-app` found no file of the app that declares anything under the paths (no
  /// merged manifest, APK, App Bundle, `aapt2 dump` output, read-back or app `Info.plist`).
  case noAppDeclarations(paths: [String])

  public var description: String {
    switch self {
    case .configuration(let file, let error):
      if let line = error.line, let column = error.column {
        "\(file):\(line):\(column): \(error)"
      } else {
        "\(file): \(error)"
      }
    case .unreadableConfiguration(let file, let reason): "\(file): \(reason)"
    case .option(let problem): "\(problem)"
    case .inputFile(_, let name, let reason): "\(name): \(reason)"
    case .reportJSON(let file, let reason): Self.describe(reason, file: file)
    case .baseline(let file, let reason):
      if case .malformed(let problem) = reason {
        "--baseline \(file): not a StateProof report.json (\(problem))"
      } else {
        Self.describe(reason, file: "--baseline \(file)")
      }
    case .history(let file, let reason): "history \(file): \(reason)"
    case .statement(let file, let reason): "\(file): \(reason)"
    case .publicKey(let file, let reason): "--key \(file): \(reason)"
    case .reportFolder(let path, let reason):
      switch reason {
      case .notAFolder: "\(path) is not a folder; verify checks a report folder (the one report --out wrote)"
      case .bundleArchive:
        "\(path) is an evidence bundle (report --bundle), not a report folder; unpack it and verify the report "
          + "folder inside: tar -xzf \(ShellWord.quoted(path)) && stateproof verify report"
      case .noReportJSON:
        "\(path) has no report.json; verify needs it (report writes it unless --format leaves json out)"
      case .unreadableFile(let name, let reason): "cannot read \(path)/\(name): \(reason)"
      }
    case .digestList(let file, let line, let reason): "\(file), line \(line): \(reason)"
    case .missingEvidence(let path, let reason):
      switch reason {
      case .empty: "an evidence path is empty; give a file or folder"
      case .notFound(let nearest):
        "the evidence path \(path) does not exist\(NearestNames.didYouMean(nearest)), so nothing was read or written; "
          + "if a step downloads or gathers the evidence, check that it ran"
      case .unreadable(let reason): "the evidence path \(path) cannot be read: \(reason); nothing was read or written"
      }
    case .evidencePath(let path, let reason):
      switch reason {
      case .unknown(let recorded):
        "\(path) is none of the report's evidence paths (\(recorded.joined(separator: ", "))), and does not end in one; "
          + "give the paths as the report records them, or as a bundle unpacks them (evidence/PATH)"
      case .ambiguous(let candidates):
        "\(path) could be any of the report's evidence paths \(candidates.joined(separator: ", ")); "
          + "give them in a way that tells them apart"
      case .givenTwice(let earlier, let recorded):
        "\(earlier) and \(path) are both the report's evidence path \(recorded); give each once"
      case .notFound: "\(path): no such file or folder; give where the report's evidence is now"
      }
    case .outputFolder(let path, let reason): Self.describe(reason, path: path)
    case .bundle(let path, let reason): Self.describe(reason, path: path)
    case .write(let path, let reason): Self.describe(reason, path: path)
    case .hashFailed(let file): "cannot hash \(file): the crypto library failed"
    case .templateFolder(let path, let reason):
      switch reason {
      case .notAFolder: "--templates \(path) is not a folder"
      case .notATemplatesFolder(let marker):
        "STATEPROOF_TEMPLATES=\(path) is not a templates folder (it has no \(marker))"
      case .notUTF8(let file): "--templates \(file): not UTF-8 text"
      case .digestFailed(let file): "--templates \(file): its SHA-256 could not be computed"
      }
    case .templateMissing(let name): "no template named \(name).mustache"
    case .templateSyntax(let file, let line, let column, let message): "\(file):\(line):\(column): \(message)"
    case .templatePartial(let message): message
    case .render(let message): message
    case .markdownTooLarge(let needed, let limit):
      "\(ReportFormat.md.fileName) needs at least \(needed) bytes with every optional section left out; the limit is \(limit)"
    case .renderData(let file, let problem): "\(file) is not JSON (\(problem))"
    case .seedCheck(.check(let reason)): reason
    case .seedPlan(let problem): "\(problem)"
    case .seedCheck(.noVersionName(let wanted, let package)):
      "--want-version \(wanted): the input prints no versionName for \(package ?? "the package"); read back the whole adb shell dumpsys package output"
    case .noAppDeclarations(let paths):
      "\(paths.joined(separator: ", ")) \(paths.count == 1 ? "holds" : "hold") no file of the app that declares what it asks for: give its merged AndroidManifest.xml (build/intermediates/merged_manifests/VARIANT/), its APK or App Bundle, aapt2 dump badging output, a dumpsys package read-back, or the built app's Info.plist (in its .app folder, or its .ipa)"
    }
  }

  private static func describe(_ reason: ReportJSONProblem, file: String) -> String {
    switch reason {
    case .noSchemaVersion: "\(file): not a StateProof report.json (no schemaVersion)"
    case .schemaVersion(let found, let supported):
      "\(file): a report.json of schemaVersion \(found); this StateProof reads version \(supported)"
    case .malformed(let problem): "\(file): not a StateProof report.json: \(problem)"
    case .recordedBuiltAt(let message): "\(file): provenance.options.builtAt: \(message)"
    case .unknownPlatform(let name): "\(file): provenance.options.builds names no platform StateProof knows: \(name)"
    case .changedSinceRead:
      "\(file) changed while verify read it (its bytes differ between two reads), so nothing was verified; "
        + "verify again when nothing writes it"
    case .evidenceOutOfOrder(let root, let path):
      "\(file): its evidence list is not in the order StateProof writes it (by evidence path, then path, as bytes): "
        + "\(root)/\(path) comes after a file that sorts after it, so report.json was edited"
    }
  }

  private static func describe(_ reason: OutputFolderProblem, path: String) -> String {
    switch reason {
    case .unresolvable(let problem): return "--out \(path): \(problem)"
    case .cannotInspect(let reason): return "--out \(path): \(reason)"
    case .notAFolder: return "--out \(path) is a file, not a folder; StateProof does not replace it"
    case .cannotList(let reason): return "--out \(path) cannot be listed: \(reason)"
    case .foreignFiles(let names):
      let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
      let earlier =
        names.contains(ReportFormat.model.fileName)
          && Set(names).isSubset(of: ReportMarker.reportFiles.union([ReportMarker.assetsFolder]))
        ? " If it is a report an earlier StateProof version wrote (they left no marker), delete it once; later runs replace their own."
        : ""
      return "--out \(path) holds files StateProof did not write (\(shown)) and no \(ReportMarker.fileName), "
        + "so nothing was written: StateProof only replaces a report folder it wrote itself. "
        + "Choose an empty or new folder.\(earlier)"
    case .foreignFile(let name):
      return
        "--out \(path) holds \(name), which StateProof did not write; it is kept and nothing was written. Move it away or choose another folder."
    case .marker(let problem):
      return
        "--out \(path): its \(ReportMarker.fileName) \(problem), so StateProof cannot tell which files it wrote; nothing was written"
    case .insideEvidence(let root):
      return "--out \(path) is inside the evidence path \(root); StateProof never writes into evidence folders"
    case .holdsEvidence(let root): return "--out \(path) would replace the evidence path \(root)"
    case .busy(let seconds):
      let time = seconds == 1 ? "1 second" : "\(seconds) seconds"
      return "another StateProof run has been writing a report in \(path) for \(time); try again when it is done"
    }
  }

  private static func describe(_ reason: BundleProblem, path: String) -> String {
    switch reason {
    case .unresolvable(let problem): "--bundle \(path): \(problem)"
    case .namesFolder:
      "--bundle \(path) names a folder (it ends in / or is . or ..); give the bundle's file name, such as \(path.hasSuffix("/") ? path : path + "/")evidence.tar.gz"
    case .noFolder(let parent):
      "--bundle \(path): the folder \(parent) does not exist; create it first (nothing was written)"
    case .folderNotWritable(let parent): "--bundle \(path): cannot write in the folder \(parent) (nothing was written)"
    case .insideEvidence(let root):
      "--bundle \(path) is inside the evidence path \(root); StateProof never writes into evidence folders"
    case .insideReportFolder(let folder):
      "--bundle \(path) is inside the report folder \(folder); put it beside the folder instead"
    case .notABundle:
      "--bundle \(path) exists and is not a bundle StateProof wrote; it is kept and nothing was written. Remove it or choose another name."
    case .archive(let reason): "--bundle \(path): \(reason)"
    case .sameFolder(let first, let second, let folder):
      "--bundle: the evidence paths \(first) and \(second) would both unpack to evidence/\(folder); give them so they differ"
    case .sameEntry(let name):
      "--bundle: \(name) would hold two evidence files; evidence paths inside one another cannot be bundled"
    case .nestedEvidencePaths(let inner, let outer):
      "--bundle: the evidence path \(inner) lies inside \(outer); give only the outer one"
    case .resultBundleMember(let member, let reason):
      "--bundle \(path): cannot pack \(member): \(reason); the unpacked result bundle would not read as the report read it, so no bundle was written"
    }
  }

  private static func describe(_ reason: WriteProblem, path: String) -> String {
    switch reason {
    case .create(let reason): "cannot create \(path): \(reason)"
    case .open(let name, let reason): "cannot open \(name.map { "\($0) " } ?? "")\(path): \(reason)"
    case .write(let reason): "cannot write \(path): \(reason)"
    case .writeTo(let reason, let hint): "cannot write to \(path): \(reason)\(hint)"
    case .moveReport(let reason): "cannot move the report into \(path): \(reason)"
    case .moveBundle(let reason): "cannot move the bundle into \(path): \(reason)"
    case .move(let name, let reason): "cannot move \(name) into \(path): \(reason)"
    case .hash(let name, let reason): "cannot hash \(name) in \(path): \(reason)"
    case .writeReport(let reason): "cannot write the report to \(path): \(reason)"
    case .writeMarker(let reason): "cannot write \(ReportMarker.fileName) in \(path): \(reason)"
    case .encode(let reason): "cannot encode \(path): \(reason)"
    case .copyScreenshot(let reason): "cannot copy the screenshot \(path) into the report: \(reason)"
    case .screenshotChanged(let whenRead, let whenCopied):
      "the screenshot \(path) changed while StateProof read it (SHA-256 \(whenRead) when read, "
        + "\(whenCopied) when copied); nothing was written. Run the report again once the evidence no longer changes."
    case .exists: "\(path) already exists; pass --force to replace it"
    case .namesFolder: "\(path) names a folder (it ends in / or is . or ..); give a file name"
    case .progress(let reason): reason
    }
  }
}
