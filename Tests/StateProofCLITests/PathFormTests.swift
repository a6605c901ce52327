import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI

/// Every command takes a path in every form a person types it: one character, `.`, `..`, a
/// trailing slash, `./` and `../`, absolute, with spaces, non-ASCII. Each is run as a child in a
/// temporary working folder, since relative paths are read from there; none may trap (`verify r`
/// died in Foundation's `deletingLastPathComponent`), and a folder named where a file is wanted is
/// an error with exit status 2.
@Suite(.temporaryFolders) struct PathFormTests {
  /// How a path is written, from which working folder (relative to the test's root), and where
  /// the thing it names is (`r` unless said).
  struct Form: Sendable, CustomTestStringConvertible {
    var spelled: String
    var workingFolder = ""
    var target = "r"
    /// Whether the form can name a file: `r/`, `.` and `..` name folders only.
    var namesFile = true

    var testDescription: String { spelled.isEmpty ? "absolute" : spelled }

    /// The spelling, with the absolute form's root filled in.
    func path(in root: URL) -> String { spelled.isEmpty ? root.appendingPathComponent(target).path : spelled }
  }

  static let forms = [
    Form(spelled: "r"), Form(spelled: "r/", namesFile: false), Form(spelled: "./r"),
    Form(spelled: "../r", workingFolder: "a"), Form(spelled: "a/../r"), Form(spelled: ""),
    Form(spelled: "my report", target: "my report"), Form(spelled: "rapport-é", target: "rapport-é"),
    Form(spelled: "é", target: "é"),
    Form(spelled: "報告", target: "報告"),
    Form(spelled: ".", workingFolder: "r", namesFile: false),
    Form(spelled: "..", workingFolder: "r/inner", namesFile: false),
  ]

  /// What a path names in each use: an option or argument of one command.
  enum Use: String, CaseIterable, Sendable {
    case out, verify, inspect, evidence, bundle, baseline, templates, config, record, seedInput, initOut
    case renderTemplate, renderPartials

    /// Whether the path names a file (else a folder).
    var isFile: Bool { [.bundle, .baseline, .config, .record, .seedInput, .initOut, .renderTemplate].contains(self) }
  }

  static let config =
    #"{"app": "Paths", "platforms": {"android": {"appId": "com.example.paths"}}, "permissions": [{"id": "camera"}]}"#
  static let seedLine = "android.permission.CAMERA: granted=true, flags=[ USER_SET]\n"

  /// The test's root: the evidence in `ev/`, an empty folder `a/`.
  static func root() throws -> URL {
    let root = try TemporaryFolder.make()
    for folder in ["ev", "a"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try Data(config.utf8).write(to: root.appendingPathComponent("ev/stateproof.json"))
    try Data(seedLine.utf8).write(to: root.appendingPathComponent("ev/seed-camera-granted.log"))
    return root
  }

  /// A report of the evidence at `folder`, written in-process (absolute paths only).
  static func report(of root: URL, at folder: URL) {
    let made = TestSupport.run([
      "report", root.appendingPathComponent("ev").path, "--out", folder.path, "--format", "json",
    ])
    #expect(made.status == 1, "\(made.errors)")
  }

  /// Puts what `use` needs where `form` points, runs the command from the form's working folder
  /// and checks what it did.
  func check(_ use: Use, _ form: Form) throws {
    let root = try Self.root()
    let target = root.appendingPathComponent(form.target)
    let evidence = root.appendingPathComponent("ev").path
    let out = root.appendingPathComponent("out").path
    let manager = FileManager.default
    let wantsFile = use.isFile && form.namesFile
    // What the path must already name (nothing, for an output that is made).
    switch use {
    case .verify: Self.report(of: root, at: target)
    case .inspect, .evidence: try manager.copyItem(atPath: evidence, toPath: target.path)
    case .templates:
      try manager.createDirectory(at: target, withIntermediateDirectories: true)
      try manager.copyItem(
        at: URL(fileURLWithPath: TestSupport.templates).appendingPathComponent("report.md.mustache"),
        to: target.appendingPathComponent("report.md.mustache"))
    case .renderPartials:
      try manager.createDirectory(at: target, withIntermediateDirectories: true)
      try Data("{{> p}}".utf8).write(to: root.appendingPathComponent("t.mustache"))
      try Data("partial here".utf8).write(to: target.appendingPathComponent("p.mustache"))
    case .out where form.spelled == "..": Self.report(of: root, at: target)
    case .out, .bundle, .record, .initOut: break
    case .baseline, .config, .seedInput, .renderTemplate:
      guard wantsFile else { break }
      let contents = [.baseline: "", .config: Self.config, .seedInput: Self.seedLine, .renderTemplate: "{{x}}"][use]!
      if use == .baseline {
        Self.report(of: root, at: root.appendingPathComponent("previous"))
        try manager.copyItem(at: root.appendingPathComponent("previous/report.json"), to: target)
      } else {
        try Data(contents.utf8).write(to: target)
      }
    }
    // The working folder must exist: `.` and `..` are read from inside the target.
    try manager.createDirectory(
      at: root.appendingPathComponent(form.workingFolder), withIntermediateDirectories: true)
    try Data(#"{"x": "value"}"#.utf8).write(to: root.appendingPathComponent("data.json"))

    let path = form.path(in: root)
    let data = root.appendingPathComponent("data.json").path
    let template = root.appendingPathComponent("t.mustache").path
    let arguments: [String] =
      switch use {
      case .out: ["report", evidence, "--out", path, "--format", "json"]
      case .verify: ["verify", path, evidence]
      case .inspect: ["inspect", path]
      case .evidence: ["report", path, "--out", out, "--format", "json"]
      case .bundle: ["report", evidence, "--out", out, "--bundle", path]
      case .baseline: ["report", evidence, "--out", out, "--format", "json", "--baseline", path]
      case .templates: ["report", evidence, "--out", out, "--templates", path]
      case .config: ["report", evidence, "--out", out, "--format", "json", "--config", path]
      case .record:
        [
          "seed-check", "--permission", "camera", "--want", "granted", "--record", path,
          evidence + "/seed-camera-granted.log",
        ]
      case .seedInput: ["seed-check", "--permission", "camera", "--want", "granted", path]
      case .initOut: ["init", "--out", path]
      case .renderTemplate: ["render", "--template", path, "--data", data]
      case .renderPartials: ["render", "--template", template, "--data", data, "--partials", path]
      }
    let printed = root.appendingPathComponent("printed")
    try Data().write(to: printed)
    let output = try FileHandle(forWritingTo: printed)
    let ended = try TestSupport.spawn(arguments, in: root.appendingPathComponent(form.workingFolder), output: output)
    try output.close()
    let shown = "\(arguments.joined(separator: " ")) in \(form.workingFolder.isEmpty ? "." : form.workingFolder)"
    #expect(!ended.bySignal, "\(shown) died: \(ended.errors)")

    guard !use.isFile || form.namesFile else {
      // A file wanted, a folder named: refused with a message, nothing written in its place.
      #expect(ended.status == 2 && ended.errors.hasPrefix("stateproof "), "\(shown): \(ended.errors)")
      return
    }
    let reports = [Use.out, .evidence, .bundle, .baseline, .templates, .config].contains(use)
    #expect(ended.status == (reports ? 1 : 0), "\(shown): \(ended.errors)")
    let printedText = try String(contentsOf: printed, encoding: .utf8)
    switch use {
    case .out: #expect(manager.fileExists(atPath: target.appendingPathComponent("report.json").path), "\(shown)")
    case .bundle, .initOut: #expect(manager.fileExists(atPath: target.path), "\(shown)")
    case .record: #expect(try String(contentsOf: target, encoding: .utf8).contains(#""taken":true"#), "\(shown)")
    case .renderTemplate: #expect(printedText == "value", "\(shown)")
    case .renderPartials: #expect(printedText == "partial here", "\(shown)")
    case .verify: #expect(printedText.contains("The report matches its evidence."), "\(shown)")
    case .inspect: #expect(printedText.contains("seed-camera-granted.log"), "\(shown)")
    case .templates:
      #expect(manager.fileExists(atPath: out + "/report.md"), "\(shown)")
    case .evidence, .baseline, .config, .seedInput: break
    }
  }

  @Test(arguments: forms)
  func everyCommandTakesThePath(form: Form) throws {
    for use in Use.allCases { try check(use, form) }
  }

  /// `verify .` in an unpacked bundle's report folder finds the evidence and templates beside
  /// it (`../evidence`, `../templates`); `verify ..` and `inspect ..` from inside a report
  /// folder's `assets/`.
  @Test func verifyDotAndDotDotInsideAReport() throws {
    let root = try TemporaryFolder.make()
    let example = root.appendingPathComponent("scanner")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.scannerExample), to: example)
    let made = TestSupport.run([
      "report", example.path, "--out", root.appendingPathComponent("r").path, "--bundle",
      root.appendingPathComponent("b.tar.gz").path,
    ])
    #expect(made.status == 1, "\(made.errors)")
    let unpacked = root.appendingPathComponent("u")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    #expect(
      try TestSupport.runProgram(
        "/usr/bin/tar", ["-xzf", root.appendingPathComponent("b.tar.gz").path, "-C", unpacked.path]
      ).status == 0)

    let inBundle = try TestSupport.spawn(["verify", "."], in: unpacked.appendingPathComponent("report"))
    #expect(!inBundle.bySignal && inBundle.status == 0, "\(inBundle.errors)")
    for command in [["verify", ".."], ["verify", "..", example.path], ["inspect", ".."]] {
      let ended = try TestSupport.spawn(command, in: root.appendingPathComponent("r/assets"))
      #expect(!ended.bySignal && ended.status == 0, "\(command): \(ended.errors)")
    }
  }
}
