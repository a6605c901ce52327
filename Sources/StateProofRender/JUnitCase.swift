import StateProofModel

/// One `testcase` of `junit.xml`: a receipt, a matrix row, or the evidence check.
struct JUnitCase {
  var classname: String
  var name: String
  /// Its findings: those in `lists` but for any in `leavingOut`, looked at in place (the
  /// evidence case takes every finding no other case took: a big run's 1,000,000, not copied).
  var lists: [[Finding]]
  var leavingOut: Set<Finding> = []
  /// Why the case fails even without an error-level finding, e.g. "the row is incomplete".
  var gap: String?
  /// Why the case did not run, for rows the platform cannot reach.
  var skipped: String?

  init(
    classname: String, name: String, findings: [Finding], gap: String?, skipped: String?
  ) {
    self.init(classname: classname, name: name, lists: [findings], gap: gap, skipped: skipped)
  }

  init(
    classname: String, name: String, lists: [[Finding]], leavingOut: Set<Finding> = [], gap: String?,
    skipped: String?
  ) {
    self.classname = classname
    self.name = name
    self.lists = lists
    self.leavingOut = leavingOut
    self.gap = gap
    self.skipped = skipped
  }

  var findings: LazyFilterSequence<FlattenSequence<[[Finding]]>> {
    lists.joined().lazy.filter { [leavingOut] in leavingOut.isEmpty || !leavingOut.contains($0) }
  }

  /// A case fails for a gap or for any error-level finding nobody accepted.
  var failed: Bool { gap != nil || findings.contains(where: \.blocksRelease) }

  func write<Failure>(to xml: inout JUnitChunkWriter<Failure>) throws(Failure) {
    let open = #"    <testcase classname="\#(XMLText.attribute(classname))" name="\#(XMLText.attribute(name))""#
    // Looked at in place: the evidence case of a big run holds 100,000 findings.
    let errors = findings.lazy.filter(\.blocksRelease)
    let notes = findings.lazy.filter { !$0.blocksRelease }
    guard skipped != nil || failed || !notes.isEmpty else {
      try xml += open + "/>\n"
      return
    }
    try xml += open + ">\n"
    if let skipped {
      try xml += #"      <skipped>\#(XMLText.content(skipped))</skipped>"# + "\n"
    }
    if let gap, errors.isEmpty {
      try xml += #"      <failure type="gap" message="\#(XMLText.attribute(gap))"/>"# + "\n"
    }
    for finding in errors {
      try xml += #"      <failure type="\#(finding.code.rawValue)" message="\#(XMLText.attribute(finding.message))">"#
      try xml += XMLText.content(Self.detail(finding)) + "</failure>\n"
    }
    if !notes.isEmpty {
      // One note at a time: the lines joined, escaped as they come.
      try xml += "      <system-out>"
      for (index, note) in notes.enumerated() {
        try xml += (index == 0 ? "" : "\n") + XMLText.content(Self.detail(note))
      }
      try xml += "</system-out>\n"
    }
    try xml += "    </testcase>\n"
  }

  /// A finding as a failure's text: severity, code and message, then the files behind it.
  private static func detail(_ finding: Finding) -> String {
    var lines = ["\(finding.severity.rawValue) \(finding.code.rawValue): \(finding.message)"]
    if let accepted = finding.accepted { lines.append("  accepted: \(accepted.reason)") }
    lines += finding.files.map { "  \($0)" }
    return lines.joined(separator: "\n")
  }
}
