import Foundation
import StateProofJSON
import StateProofModel
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofCLI
@_spi(CLI) @testable import StateProofKit
import StateProofMatch
@testable import StateProofModel
@testable import StateProofRender

/// Issue 20: nothing that decides the verdict is hidden from the people who sign it. The report
/// records how it was made (version, command line, configuration, templates, the day acceptances
/// were checked against), and names what weakens the built-in matrix, with its reason.
@Suite(.temporaryFolders) struct ProvenanceTests {
  /// A run of `report`: its exit status, standard error, and what it wrote (empty when nothing).
  struct Run {
    var status: Int32
    var errors: String
    var json: [String: Any] = [:]
    var data = Data()
    var html = ""
    var markdown = ""

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
      let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
      let result = TestSupport.run(["report", "--out", out.path] + arguments, environment: environment)
      status = result.status
      errors = result.errors
      guard let data = try? Data(contentsOf: out.appendingPathComponent("report.json")) else { return }
      self.data = data
      json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
      markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    }

    var provenance: [String: Any] { json["provenance"] as? [String: Any] ?? [:] }
    var configuration: [String: Any] { provenance["configuration"] as? [String: Any] ?? [:] }
    var deviations: [[String: Any]] { configuration["deviations"] as? [[String: Any]] ?? [] }
    var findings: [[String: Any]] { json["findings"] as? [[String: Any]] ?? [] }

    /// `index.html`'s Configuration section.
    var htmlSection: Substring {
      guard let start = html.range(of: #"<section aria-labelledby="configuration">"#),
        let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
      else { return "" }
      return html[start.lowerBound..<end.upperBound]
    }

    /// `report.md`'s Configuration section.
    var markdownSection: Substring {
      guard let start = markdown.range(of: "\n## Configuration\n") else { return "" }
      let end =
        markdown.range(of: "\n## ", range: start.upperBound..<markdown.endIndex)?.lowerBound ?? markdown.endIndex
      return markdown[start.lowerBound..<end]
    }
  }

  /// An evidence folder holding `stateproof.json` (when given) and the example's Android evidence.
  static func evidence(config: String?) throws -> URL {
    let root = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: TestSupport.scannerExample).appendingPathComponent("android"),
      to: root.appendingPathComponent("android"))
    if let config { try Data(config.utf8).write(to: root.appendingPathComponent("stateproof.json")) }
    return root
  }

  static let camera = #"{"app": "Scanner", "platforms": {"android": {"appId": "com.example.scanner"}}}"#

  // MARK: Which configuration

  /// The working folder's configuration comes before the one at the top of the evidence: the
  /// report uses it, says so, and names both files in a warning (run as a program, in a folder).
  @Test func aWorkingFolderConfigurationShadowsTheEvidencesAndSaysSo() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = try Self.evidence(config: #"{"app": "From the evidence"}"#)
    try Data(#"{"app": "From the working folder", "flaky": "fail"}"#.utf8)
      .write(to: folder.appendingPathComponent("stateproof.json"))
    let out = folder.appendingPathComponent("r")
    let ended = try TestSupport.spawn(
      ["report", "--out", out.path, evidence.path], in: folder,
      environment: ["STATEPROOF_TEMPLATES": TestSupport.templates])
    #expect(ended.status == 1, "\(ended.errors)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    #expect(json["app"] as? String == "From the working folder")
    let findings = try #require(json["findings"] as? [[String: Any]]).filter {
      $0["code"] as? String == "config-shadowed"
    }
    let shadowed = evidence.appendingPathComponent("stateproof.json").path
    #expect(findings.count == 1)
    #expect(findings.first?["severity"] as? String == "warning")
    #expect(findings.first?["files"] as? [String] == [shadowed, "stateproof.json"].sorted())
    #expect(
      findings.first?["message"] as? String
        == "The report used stateproof.json (in the working folder); \(shadowed) (at the top of the evidence path \(evidence.path)) differs and was not used. A configuration is looked for in this order: --config, stateproof.json in the working folder, stateproof.json at the top of the first evidence path, the built-in camera matrix."
    )
    let configuration = try #require((json["provenance"] as? [String: Any])?["configuration"] as? [String: Any])
    #expect(configuration["file"] as? String == "stateproof.json")
    #expect(configuration["source"] as? String == "working-folder")
    #expect(configuration["shadowed"] as? [String] == [shadowed])
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("configuration <code>stateproof.json</code> (found in the working folder)"))
    let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(
      markdown.hasSuffix(
        "StateProof \(StateProof.version) · configuration: stateproof.json (found in the working folder) · shipped templates\n"
      ))
  }

  /// The same configuration in both places, comments and white space aside, is no warning; nor
  /// is `--config`, which says which one applies.
  @Test func equalConfigurationsAndAGivenOneAreNoWarning() throws {
    let first = try Self.evidence(config: "{\"app\": \"Scanner\"}")
    let second = try Self.evidence(config: "{\n  \"//\": \"the same, with a comment\",\n  \"app\" : \"Scanner\"\n}\n")
    let same = try Run([first.path, second.path])
    #expect(same.findings.allSatisfy { $0["code"] as? String != "config-shadowed" })
    #expect(same.configuration["source"] as? String == "evidence")

    try Data(#"{"app": "Other"}"#.utf8).write(to: second.appendingPathComponent("stateproof.json"))
    let other = try Run([first.path, second.path])
    let warning = try #require(other.findings.first { $0["code"] as? String == "config-shadowed" })
    #expect(
      (warning["message"] as? String)?.contains(
        "; \(second.path)/stateproof.json (at the top of the evidence path \(second.path)) differs and was not used.")
        == true)
    let given = try Run(["--config", first.appendingPathComponent("stateproof.json").path, first.path, second.path])
    #expect(given.findings.allSatisfy { $0["code"] as? String != "config-shadowed" })
    #expect(given.configuration["source"] as? String == "given")
  }

  /// A configuration no run loads (the second evidence path's) that cannot even be read is
  /// named too; the built-in matrix applies.
  @Test func anUnreadableShadowedConfigurationIsNamed() throws {
    let first = try Self.evidence(config: nil)
    let second = try Self.evidence(config: "{\"app\": ")
    let run = try Run([first.path, second.path])
    #expect(run.status == 1, "\(run.errors)")
    let warning = try #require(run.findings.first { $0["code"] as? String == "config-shadowed" })
    let message = try #require(warning["message"] as? String)
    #expect(message.hasPrefix("The report used the built-in camera matrix; \(second.path)/stateproof.json"))
    #expect(message.contains("could not be read (line 1, column 9"))
    #expect(run.configuration["file"] is NSNull && run.configuration["source"] as? String == "built-in")
  }

  // MARK: Weaker requirements

  @Test func aRowThatRequiresNothingIsAConfigurationError() throws {
    let config = #"{"permissions": [{"id": "camera", "rows": {"android/blocked": {"requires": [], "reason": "x"}}}]}"#
    let run = try Run([try Self.evidence(config: config).path])
    #expect(run.status == 2)
    #expect(
      run.errors.contains(
        "permissions[0].rows.android/blocked.requires: a row must require at least one of seed, screenshot, test: one that requires nothing is covered with no evidence at all"
      ), "\(run.errors)")
    #expect(run.json.isEmpty)
  }

  @Test(arguments: [
    (
      #"{"permissions": [{"id": "camera", "rows": {"android/blocked": {"requires": ["test"]}}}]}"#,
      #"permissions[0].rows.android/blocked.requires: requires test for android/camera/blocked asks less than the built-in matrix (requires seed, screenshot, test); give the row a "reason" saying why"#
    ),
    (
      #"{"permissions": [{"id": "camera", "rows": {"blocked": {"requires": ["test", "seed"]}}}]}"#,
      #"permissions[0].rows.blocked.requires: requires seed, test for android/camera/blocked asks less than the built-in matrix"#
    ),
    (
      #"{"permissions": [{"id": "camera", "include": ["android/blocked"]}]}"#,
      #"permissions[0].include: leaves out android/camera/not-asked, android/camera/granted"#
    ),
    (
      #"{"permissions": [{"id": "camera", "rows": {"android/granted": {"android": ">=13"}}}]}"#,
      #"permissions[0].rows.android/granted.android: Android 13 and later for android/camera/granted asks less than the built-in matrix (every Android version); give the row a "reason" saying why"#
    ),
    (
      #"{"permissions": [{"id": "camera", "rows": {"android/blocked": {"requires": ["test"], "reason": " "}}}]}"#,
      "permissions[0].rows.android/blocked.reason: expected a reason that says why, found a blank string"
    ),
  ])
  func aWeakeningWithoutAReasonIsAConfigurationError(config: String, message: String) throws {
    let run = try Run([try Self.evidence(config: config).path])
    #expect(run.status == 2)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  /// A weaker `requires` with its reason shows on its row and in the Configuration section of
  /// both reports; rows `include` leaves out are listed with the permission's reason.
  @Test func aWeakerRequiresShowsOnItsRowAndInTheConfigurationSection() throws {
    let config = #"""
      {"app": "Scanner", "platforms": {"android": {"appId": "com.example.scanner"}},
       "permissions": [{"id": "camera", "include": ["android/blocked", "android/granted"],
         "reason": "the other rows ship in 4.3",
         "rows": {"android/blocked": {"requires": ["test"], "reason": "the blocked screen is a system sheet we cannot capture"},
                  "android/granted": {"android": ">=12", "reason": "the viewfinder needs Android 12"}}}]}
      """#
    let run = try Self.evidence(config: config)
    let report = try Run([run.path])
    // Ready: which is why the report must say what the configuration took away, and why.
    #expect(report.status == 0, "\(report.errors)")
    let requires = try #require(report.deviations.first { $0["kind"] as? String == "requires" })
    #expect(requires["row"] as? String == "android/camera/blocked")
    #expect(requires["weakens"] as? Bool == true)
    #expect(requires["builtIn"] as? String == "requires seed, screenshot, test")
    #expect(requires["configured"] as? String == "requires test")
    #expect(requires["reason"] as? String == "the blocked screen is a system sheet we cannot capture")
    #expect(requires["key"] as? String == "permissions[0].rows.android/blocked.requires")
    let range = try #require(report.deviations.first { $0["kind"] as? String == "os-range" })
    #expect(range["configured"] as? String == "Android 12 and later" && range["weakens"] as? Bool == true)
    let leftOut = report.deviations.filter { $0["kind"] as? String == "left-out" }.compactMap { $0["row"] as? String }
    #expect(leftOut.contains("android/camera/not-asked") && leftOut.contains("ios/camera/authorized"))
    #expect(!leftOut.contains("ios/camera/denied-twice"), "an unreachable row is no gap to leave out")
    #expect(report.deviations.first?["kind"] as? String == "left-out", "what weakens the matrix comes first")

    let note =
      "Configured to need test only, less than the built-in matrix (requires seed, screenshot, test): the blocked screen is a system sheet we cannot capture"
    let row = try #require(report.html.range(of: #"<tr id="row-android-camera-blocked""#))
    #expect(
      report.html.contains(
        #"<th scope="row">camera <strong>blocked</strong><span class="small needs">needs test</span></th>"#))
    #expect(report.html[row.lowerBound...].contains(#"<span class="small weaker">\#(note)</span>"#))
    let section = report.htmlSection
    #expect(
      section.contains(
        ##"<tr class="tone-warning"><th scope="row"><a href="#row-android-camera-blocked">android/camera/blocked</a></th><td><span class="badge tone-warning">requirements</span></td><td>requires seed, screenshot, test</td><td>requires test</td><td>the blocked screen is a system sheet we cannot capture</td></tr>"##
      ), "\(section)")
    #expect(
      section.contains(
        #"<th scope="row">android/camera/not-asked</th><td><span class="badge tone-warning">left out</span></td>"#))
    #expect(report.markdown.contains("**<br>\(note) |"))
    #expect(
      report.markdownSection.contains(
        "| android/camera/blocked | **requirements** | requires seed, screenshot, test | requires test | the blocked screen is a system sheet we cannot capture |"
      ), "\(report.markdownSection)")
    #expect(
      report.markdownSection.contains(
        "| android/camera/granted | **OS versions** | every Android version | Android 12 and later | the viewfinder needs Android 12 |"
      ))
  }

  /// Selectors and globs decide what proves a row, so they are listed with what they replace
  /// and the row's reason for them.
  @Test func selectorsAndGlobsAreListedWithTheirReason() throws {
    let config = #"""
      {"permissions": [{"id": "camera",
        "rows": {"android/granted": {"tests": ["*#granted*"], "screenshots": ["**/granted.png"], "seeds": ["**/seed-camera-granted.log"],
                                     "reason": "our tests are named for what they check"},
                 "android/blocked": {"tests": ["*#blocked*"], "reason": "the blocked test is the settings test"},
                 "android/NEW": {"whatHappened": "w", "appReads": "r", "screen": "s", "requires": ["test"], "reason": "a screen of our own"}}}]}
      """#
    let report = try Run([try Self.evidence(config: config).path])
    #expect(report.status == 1, "\(report.errors)")
    let granted = report.deviations.filter { $0["row"] as? String == "android/camera/granted" }
    #expect(granted.compactMap { $0["kind"] as? String } == ["tests", "screenshots", "seeds"])
    #expect(granted.allSatisfy { $0["weakens"] as? Bool == false })
    #expect(granted.allSatisfy { $0["reason"] as? String == "our tests are named for what they check" })
    #expect(granted.first?["builtIn"] as? String == "a test named for camera granted")
    let blocked = try #require(report.deviations.first { $0["row"] as? String == "android/camera/blocked" })
    #expect(blocked["reason"] as? String == "the blocked test is the settings test")
    let added = report.deviations.filter { $0["row"] as? String == "android/camera/NEW" }
    #expect(added.compactMap { $0["kind"] as? String } == ["requires", "added"])
    #expect(added.allSatisfy { $0["reason"] as? String == "a screen of our own" })
    #expect(
      report.htmlSection.contains(
        "<td>test selectors</td><td>a test named for camera granted</td><td><code>*#granted*</code></td><td>our tests are named for what they check</td>"
      ),
      "\(report.htmlSection)")
    #expect(
      report.markdownSection.contains(
        "| android/camera/granted | test selectors | a test named for camera granted | \\*\\#granted\\* | our tests are named for what they check |"
      ),
      "\(report.markdownSection)")
  }

  /// A selector or glob on a row with no reason (a permission's reason is for the rows `include`
  /// leaves out, not these) is a configuration error that names it and says where the reason goes.
  @Test(arguments: [
    (
      #"{"permissions": [{"id": "camera", "reason": "for include", "rows": {"android/granted": {"tests": ["*#granted*"]}}}]}"#,
      #"permissions[0].rows.android/granted.tests: the test selectors *#granted* decide what proves android/camera/granted instead of a test named for camera granted; give the row a "reason" saying why"#
    ),
    (
      #"{"permissions": [{"id": "camera", "rows": {"granted": {"screenshots": ["**"]}}}]}"#,
      #"permissions[0].rows.granted.screenshots: the screenshot globs ** decide what proves android/camera/granted instead of a screenshot named for camera granted"#
    ),
    (
      #"{"permissions": [{"id": "camera", "rows": {"android/granted": {"seeds": ["a.log", "b.log"]}}}]}"#,
      #"permissions[0].rows.android/granted.seeds: the seed log globs a.log, b.log decide what proves android/camera/granted instead of a read-back in the state, from any seed log"#
    ),
  ])
  func aSelectorWithoutAReasonIsAConfigurationError(config: String, message: String) throws {
    let run = try Run([try Self.evidence(config: config).path])
    #expect(run.status == 2)
    #expect(run.errors.contains(message), "\(run.errors)")
    #expect(run.json.isEmpty)
  }

  // MARK: Acceptances

  /// An acceptance from the command line carries its reason to the gap it accepts, in both
  /// reports, and `report.json` records it among the options.
  @Test func aCommandLineAcceptanceShowsItsReasonBesideTheGap() throws {
    let run = try Run([
      "--generated-at", "2025-11-24T16:00:00Z", "--allow",
      "missing-screenshot:ios/camera/restricted=the screen ships in 4.3",
      TestSupport.scannerExample,
    ])
    let accepted = try #require(run.json["accepted"] as? [[String: Any]])
    #expect((accepted.first?["accepted"] as? [String: Any])?["reason"] as? String == "the screen ships in 4.3")
    let row = try #require(run.html.range(of: #"<tr id="row-ios-camera-restricted""#))
    #expect(
      run.html[row.lowerBound...].prefix(3000).contains(
        #"<span class="accepted-note">Accepted: the screen ships in 4.3</span>"#))
    #expect(run.markdown.contains("Why: the screen ships in 4.3"))
    let options = try #require(run.provenance["options"] as? [String: Any])
    let allow = try #require(options["allow"] as? [[String: Any]])
    #expect(allow.first?["reason"] as? String == "the screen ships in 4.3")
    #expect(allow.first?["row"] as? String == "ios/camera/restricted")
    #expect(
      run.provenance["command"] as? [String]
        == [
          "report", "--generated-at", "2025-11-24T16:00:00Z", "--allow",
          "missing-screenshot:ios/camera/restricted=the screen ships in 4.3", TestSupport.scannerExample,
        ])
    #expect(
      run.htmlSection.contains(
        "<code>stateproof report --generated-at 2025-11-24T16:00:00Z --allow &#39;missing-screenshot:ios/camera/restricted=the screen ships in 4.3&#39; "
      ))
  }

  /// `help report` says how to give an acceptance its reason, and what `--generated-at` takes.
  @Test func helpReportDocumentsTheAllowSyntax() throws {
    let page = TestSupport.run(["help", "report"]).output
    #expect(page.contains("[--allow CODE[:ROW]=REASON]..."))
    #expect(page.contains("    --allow CODE[:ROW]=REASON\n        Accept a known gap, saying why"))
    #expect(page.contains("A missing or blank REASON is a usage error."))
    #expect(page.contains("stateproof report --allow 'missing-receipt:ios=no iOS device farm this release'"))
    #expect(page.contains("an ISO 8601 date-time such as 2025-11-24T16:00:00Z"))
  }

  /// Acceptances are checked against this machine's clock, whatever time the report prints:
  /// `--generated-at` and `SOURCE_DATE_EPOCH` decide nothing. The report records the day, and
  /// only when it could decide something.
  @Test func theDayAcceptancesWereCheckedAgainstIsTheClocks() throws {
    let dated = #"""
      {"allow": [{"code": "missing-receipt", "platform": "ios", "reason": "no farm", "until": "2025-11-30"}]}
      """#
    let root = try Self.evidence(config: dated)
    let today = ZonedTime.now().day
    let given = try Run(["--generated-at", "2025-11-24T23:30:00-05:00", root.path])
    #expect(given.provenance["acceptanceDay"] as? [String: String] == ["day": today, "source": "today"])
    let epoch = try Run([root.path], environment: ["SOURCE_DATE_EPOCH": "1764000000"])
    #expect(epoch.provenance["acceptanceDay"] as? [String: String] == ["day": today, "source": "today"])
    #expect(
      epoch.htmlSection.contains(
        "<td>\(today) (today by the clock of the machine that made the report; its time decides nothing)</td>"))
    #expect(epoch.json["generatedAt"] as? String == "2025-11-24T16:00:00Z", "SOURCE_DATE_EPOCH still sets the time")
    let undated = try Run([try Self.evidence(config: Self.camera).path])
    let none = try #require(undated.provenance["acceptanceDay"] as? [String: Any])
    #expect(none["source"] as? String == "today" && none["day"] is NSNull, "no end date: the day decided nothing")
  }

  /// The attack: CI takes SOURCE_DATE_EPOCH from the commit (`git log -1 --format=%ct`, as
  /// docs/audit.md's recipe does), and a commit dated before an acceptance's end revived it.
  /// The expired acceptances still count, and `verify` agrees with the report.
  @Test func aBackdatedCommitDoesNotReviveExpiredAcceptances() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("scanner")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.scannerExample), to: evidence)
    let configFile = evidence.appendingPathComponent("stateproof.json")
    var config = try String(contentsOf: configFile, encoding: .utf8)
    config = config.replacingOccurrences(
      of: #""window": "48h","#,
      with:
        #""window": "48h", "allow": [{"code": "missing-receipt", "platform": "ios", "reason": "no farm", "until": "2025-06-30"}, {"code": "missing-screenshot", "row": "ios/camera/restricted", "reason": "ships in 4.3", "until": "2025-06-30"}],"#
    )
    try Data(config.utf8).write(to: configFile)
    let git = { (arguments: [String]) throws -> String in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "-C", evidence.path] + arguments
      process.environment = ProcessInfo.processInfo.environment.merging(
        [
          "GIT_AUTHOR_DATE": "2025-06-01T12:00:00Z", "GIT_COMMITTER_DATE": "2025-06-01T12:00:00Z",
          "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@example.com", "GIT_COMMITTER_NAME": "a",
          "GIT_COMMITTER_EMAIL": "a@example.com",
        ]) { $1 }
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    _ = try git(["init", "-q"])
    _ = try git(["add", "-A"])
    _ = try git(["commit", "-q", "-m", "evidence"])
    let epoch = try git(["log", "-1", "--format=%ct"])
    try #require(epoch == "1748779200", "the fixture's commit is dated 2025-06-01")
    let out = folder.appendingPathComponent("r")
    let run = TestSupport.run(
      ["report", "--out", out.path, evidence.path], environment: ["SOURCE_DATE_EPOCH": epoch])
    #expect(run.status == 1, "both acceptances ended on 2025-06-30: not ready")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    #expect(report["generatedAt"] as? String == "2025-06-01T12:00:00Z")
    #expect(report["verdict"] as? String == "not-ready")
    let provenance = try #require(report["provenance"] as? [String: Any])
    #expect(provenance["acceptanceDay"] as? [String: String] == ["day": ZonedTime.now().day, "source": "today"])
    let verified = TestSupport.run(["verify", out.path, evidence.path], environment: ["SOURCE_DATE_EPOCH": epoch])
    #expect(verified.status == 0, "verify decides again on the recorded day: \(verified.output)")
  }

  @Test(arguments: ["2025-11-24T16:00:00Z", "2025-11-24T17:00:00+01:00", "2025-11-24T16:00:00.250Z"])
  func generatedAtTakesISO8601DateTimes(time: String) throws {
    #expect(try ZonedTime(time).day == "2025-11-24")
  }

  @Test(arguments: ["yesterday", "2025-11-24", "2025-11-24T16:00:00", "24/11/2025 16:00", "", "2025-13-40T16:00:00Z"])
  func generatedAtRefusesAnythingElse(time: String) throws {
    #expect(throws: ZonedTime.Problem.self) { try ZonedTime(time) }
    let run = try Run(["--generated-at", time, TestSupport.scannerExample])
    #expect(run.status == 2)
    #expect(run.errors.contains("--generated-at takes an ISO 8601 date-time"), "\(run.errors)")
  }

  // MARK: Templates

  /// A template override is recorded with the files that differ from the shipped ones and their
  /// SHA-256 (the bytes that rendered); a copy of a shipped template is not listed. The first
  /// screen and the Markdown footer name it.
  @Test func aTemplateOverrideIsRecordedWithItsFilesHashes() throws {
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("branding")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let shipped = URL(fileURLWithPath: TestSupport.templates)
    let style = try Data(contentsOf: shipped.appendingPathComponent("style.css.mustache"))
    try style.write(to: folder.appendingPathComponent("style.css.mustache"))
    let markdown = try String(contentsOf: shipped.appendingPathComponent("report.md.mustache"), encoding: .utf8)
      .replacingOccurrences(of: "# StateProof: ", with: "# ACME sign-off: ")
    let changed = Data(markdown.utf8)
    try changed.write(to: folder.appendingPathComponent("report.md.mustache"))
    try Data("not a template".utf8).write(to: folder.appendingPathComponent("notes.txt"))

    let run = try Run(["--templates", folder.path, TestSupport.scannerExample])
    #expect(run.status == 1, "\(run.errors)")
    let templates = try #require(run.provenance["templates"] as? [String: Any])
    #expect(templates["folder"] as? String == folder.path)
    let overrides = try #require(templates["overrides"] as? [[String: Any]])
    #expect(overrides.count == 1)
    #expect(overrides.first?["file"] as? String == "report.md.mustache")
    #expect(overrides.first?["bytes"] as? Int == changed.count)
    #expect(overrides.first?["sha256"] as? String == SHA256.hex(of: changed))
    #expect(run.markdown.hasPrefix("# ACME sign-off: Scanner"))
    #expect(
      run.html.contains(
        #"<strong class="override">templates replaced from <code>\#(folder.path)</code>: report.md.mustache</strong>"#))
    #expect(run.markdown.hasSuffix("· **templates replaced** from \(folder.path): report.md.mustache\n"))
    #expect(
      run.htmlSection.contains(
        "<code>report.md.mustache</code> · \(changed.count) bytes · SHA-256 <code class=\"hash\">\(SHA256.hex(of: changed)!)</code>"
      ))

    let plain = try Run([TestSupport.scannerExample])
    #expect(plain.provenance["templates"] is NSNull)
    #expect(plain.html.contains(" · shipped templates · "))
  }

  @Test func aBrokenOverrideTemplateIsAnErrorNamingIt() throws {
    let folder = try TestSupport.temporaryFolder()
    try Data("{{#open}}".utf8).write(to: folder.appendingPathComponent("unused.html.mustache"))
    let run = try Run(["--templates", folder.path, TestSupport.scannerExample])
    #expect(run.status == 2)
    #expect(run.errors.contains("unused.html.mustache"), "\(run.errors)")
  }

  // MARK: The record itself

  /// What `report.json` records of the configuration is the file without its comments, keys
  /// sorted, and reads back as the same configuration: for every shipped configuration and the
  /// starter `init` writes.
  @Test func theRecordedConfigurationReadsBackAsTheSame() throws {
    let examples = ["scanner", "gallery", "sharded", "two-simulators"].map {
      TestSupport.repositoryRoot.appendingPathComponent("examples/\($0)/stateproof.json").path
    }
    let starter = try TestSupport.temporaryFolder().appendingPathComponent("stateproof.json")
    try Data(StarterConfiguration.text.utf8).write(to: starter)
    for path in examples + [starter.path] {
      let found = try ReportConfiguration(contentsOf: path)
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(found.sha256 == SHA256.hex(of: data))
      let back = try Configuration(recorded: found.settings)
      #expect(back == found.configuration, "\(path)")
      _ = try Matrix(configuration: back)
      let text = String(decoding: try SortedJSONEncoder.encode(found.settings), as: UTF8.self)
      #expect(!text.contains("\"//"), "\(path): comments are not recorded")
    }
    #expect(ReportConfiguration.builtIn.settings == .object([:]))
  }

  /// The example's record: its version, its command line without `--out`, where its
  /// configuration came from, and the same bytes whichever folder it is written to.
  @Test func theExampleRecordsHowItWasMade() throws {
    let one = try Run(["--generated-at", "2025-11-24T16:00:00Z", TestSupport.scannerExample])
    let two = try Run(["--generated-at", "2025-11-24T16:00:00Z", TestSupport.scannerExample])
    #expect(one.provenance["version"] as? String == StateProof.version)
    #expect(
      one.provenance["command"] as? [String] == [
        "report", "--generated-at", "2025-11-24T16:00:00Z", TestSupport.scannerExample,
      ])
    #expect(one.configuration["file"] as? String == TestSupport.scannerExample + "/stateproof.json")
    #expect(one.configuration["source"] as? String == "evidence")
    let settings = try #require(one.configuration["settings"] as? [String: Any])
    #expect(settings["app"] as? String == "Scanner")
    #expect(settings.keys.allSatisfy { !$0.hasPrefix("//") })
    #expect(!one.data.isEmpty && one.data == two.data)
    #expect(one.html == two.html && one.markdown == two.markdown)
    #expect(
      ReportCommand.recorded(["--out", "a", "--out=b", "--fail-on", "never", "--", "--out", "e"])
        == ["--fail-on", "never", "--", "--out", "e"])
  }

  /// What decides freshness and the build under test is recorded too: `--built-at` as typed in
  /// the command line and as an instant among the options; the library's build under test and
  /// window among the options (they decide rows the configuration alone would not).
  @Test func theBuildTimeAndTheBuildUnderTestAreRecorded() throws {
    let run = try Run([
      "--generated-at", "2025-11-24T16:00:00Z", "--built-at", "2025-11-24T18:00:00+01:00", TestSupport.scannerExample,
    ])
    #expect(
      run.provenance["command"] as? [String]
        == [
          "report", "--generated-at", "2025-11-24T16:00:00Z", "--built-at", "2025-11-24T18:00:00+01:00",
          TestSupport.scannerExample,
        ])
    let options = try #require(run.provenance["options"] as? [String: Any])
    #expect(options["builtAt"] as? String == "2025-11-24T17:00:00Z")
    #expect(options["builds"] as? [String: Any] != nil && (options["builds"] as? [String: Any])?.isEmpty == true)
    #expect(options["window"] is NSNull, "the window is the configuration's, recorded in its settings")
    #expect(run.json["builtAt"] as? String == "2025-11-24T17:00:00Z")
    #expect(run.htmlSection.contains("--built-at 2025-11-24T18:00:00+01:00 "))
    #expect(run.markdownSection.contains("--built-at 2025-11-24T18:00:00+01:00 "))

    let library = ReportOptions(
      generatedAt: try ZonedTime("2025-11-24T16:00:00Z"),
      builds: [.android: BuildIdentity(versionName: "4.1.0", variant: "release")], window: EvidenceWindow("7d"))
    let report = try StateProof.report(evidence: [TestSupport.scannerExample], options: library).report
    let recorded = try #require(report.provenance?.options)
    #expect(recorded.builds == ["android": BuildIdentity(versionName: "4.1.0", variant: "release")])
    #expect(recorded.window == EvidenceWindow("7d") && recorded.builtAt == nil)
    #expect(report.findings.contains { $0.code == .wrongBuild && $0.platform == .android }, "the options decided rows")
  }

  /// A `report.json` from before StateProof recorded provenance reads back without it, and is
  /// still a baseline.
  @Test func aReportWithoutProvenanceIsStillABaseline() throws {
    let golden = TestFiles.scannerGolden.appendingPathComponent("report.json")
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: golden)) as? [String: Any])
    object["provenance"] = nil
    let old = try JSONSerialization.data(withJSONObject: object)
    #expect(try Report(json: old).provenance == nil)
    let baseline = try TestSupport.temporaryFolder().appendingPathComponent("report.json")
    try old.write(to: baseline)
    let run = try Run(["--baseline", baseline.path, TestSupport.scannerExample])
    #expect(run.status == 1, "\(run.errors)")
    #expect((run.provenance["options"] as? [String: Any])?["baseline"] as? String == baseline.path)
    #expect(run.json["changes"] is [String: Any])
  }

  @Test func shellQuotingKeepsPlainArgumentsPlain() {
    #expect(ShellWord.quoted("examples/scanner") == "examples/scanner")
    #expect(ShellWord.quoted("a b") == "'a b'")
    #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
    #expect(ShellWord.quoted("") == "''")
    #expect(ShellWord.quoted("$HOME") == "'$HOME'")
    // Never an assignment when it leads a command line.
    #expect(ShellWord.quoted("PATH=/tmp") == "'PATH=/tmp'")
  }
}
