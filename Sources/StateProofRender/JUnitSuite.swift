/// One `testsuite` of `junit.xml`: a platform, or the evidence as a whole.
struct JUnitSuite {
  var name: String
  var properties: [String: String]
  var cases: [JUnitCase]

  var tests: Int { cases.count }
  var failures: Int { cases.count { $0.failed } }
  var skipped: Int { cases.count { $0.skipped != nil } }

  func write<Failure>(to xml: inout JUnitChunkWriter<Failure>, timestamp: String?) throws(Failure) {
    try xml += #"  <testsuite name="\#(XMLText.attribute(name))" tests="\#(tests)" failures="\#(failures)""#
    try xml += #" errors="0" skipped="\#(skipped)""#
    if let timestamp { try xml += #" timestamp="\#(XMLText.attribute(timestamp))""# }
    try xml += ">\n"
    if !properties.isEmpty {
      try xml += "    <properties>\n"
      for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
        try xml += #"      <property name="\#(XMLText.attribute(key))" value="\#(XMLText.attribute(value))"/>"# + "\n"
      }
      try xml += "    </properties>\n"
    }
    for testCase in cases { try testCase.write(to: &xml) }
    try xml += "  </testsuite>\n"
  }
}
