/// One `testsuite` of `junit.xml`: a platform, or the evidence as a whole.
struct JUnitSuite {
  var name: String
  var properties: [String: String]
  var cases: [JUnitCase]

  var tests: Int { cases.count }
  var failures: Int { cases.count { $0.failed } }
  var skipped: Int { cases.count { $0.skipped != nil } }

  func write(to xml: inout String, timestamp: String?) {
    xml += #"  <testsuite name="\#(XMLText.attribute(name))" tests="\#(tests)" failures="\#(failures)""#
    xml += #" errors="0" skipped="\#(skipped)""#
    if let timestamp { xml += #" timestamp="\#(XMLText.attribute(timestamp))""# }
    xml += ">\n"
    if !properties.isEmpty {
      xml += "    <properties>\n"
      for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
        xml += #"      <property name="\#(XMLText.attribute(key))" value="\#(XMLText.attribute(value))"/>"# + "\n"
      }
      xml += "    </properties>\n"
    }
    for testCase in cases { testCase.write(to: &xml) }
    xml += "  </testsuite>\n"
  }
}
