import StateProofJSON
import StateProofModel
import StateProofEvidence

/// The first pass over an xcresulttool JSON file: its top-level keys (which tell the command
/// that printed it), the small values every command needs (devices, configurations, a summary's
/// totals, an activities file's runs and attachments), and the skeleton of a `tests` tree. Only
/// the skeleton grows with the file, by a byte per node.
struct XCResultSurvey {
  /// Top-level keys seen.
  var keys: Set<String> = []
  /// A top-level key or a node key given twice: JSON readers disagree on which counts, so the
  /// file is not taken to say either.
  var repeated: (key: String, line: Int)?
  var devices: [XCResultDevice] = []
  /// Configuration names by id.
  var configurations: [String: String] = [:]
  var skeleton = XCResultSkeleton()
  /// Nodes of each type, by the spelling the file uses (unlisted types too, up to
  /// ``maxUnlistedTypes`` spellings).
  var nodeTypes: [String: Int] = [:]
  /// A summary's `totalTestCount`, `passedTests`, `failedTests`, `skippedTests`, `expectedFailures`.
  var summaryCounts: [String: Int] = [:]
  /// A summary's devices, from `devicesAndConfigurations`.
  var summaryDevices: [XCResultDevice] = []
  /// A summary's `startTime` and `finishTime` (UNIX seconds), as times.
  var summaryTimes: [EvidenceTime] = []
  /// An activities file's test.
  var testIdentifier: String?
  /// An activities file's attachments, each with its run (test identifier not yet set).
  var attachments: [ActivityAttachment] = []
  /// The devices an activities file's runs name.
  var runDevices: Set<String> = []

  static let maxUnlistedTypes = 50
  private static let summaryCountKeys: Set<String> = [
    "totalTestCount", "passedTests", "failedTests", "skippedTests", "expectedFailures",
  ]

  let location: EvidenceLocation

  init(location: EvidenceLocation) {
    self.location = location
  }

  /// Reads the document; one that is not a JSON object is checked to its end and leaves
  /// `keys` empty (it is no xcresulttool output).
  mutating func read(_ parser: inout JSONPullParser) throws(JSONError) {
    let first = try parser.next()
    guard first == .objectStart else {
      try parser.skipRest(of: first)
      _ = try parser.next()
      return
    }
    while case .key(let key)? = try parser.next() {
      if !keys.insert(key).inserted, repeated == nil { repeated = (key, parser.position.line) }
      switch key {
      case "testNodes": try nodes(&parser)
      case "devices": devices = try deviceList(&parser)
      case "testPlanConfigurations": try configurationList(&parser)
      case "devicesAndConfigurations": try devicesAndConfigurations(&parser)
      case "testIdentifier": testIdentifier = try parser.lenientString()
      case "testRuns": try runs(&parser)
      case let count where Self.summaryCountKeys.contains(count):
        summaryCounts[count] = try parser.lenientNumber()?.int
      case "startTime", "finishTime":
        if let number = try parser.lenientNumber(),
          let time = EvidenceTime(unixSeconds: number.double, written: number.text, source: "summary \(key)")
        {
          summaryTimes.append(time)
        }
      default: try parser.skipValue()
      }
    }
    _ = try parser.next()
  }

  // MARK: The test tree

  private mutating func nodes(_ parser: inout JSONPullParser) throws(JSONError) {
    try Self.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in try node(&parser) }
  }

  /// One node, its `{` read: its type and, for a node that gives context, its name.
  private mutating func node(_ parser: inout JSONPullParser) throws(JSONError) {
    let index = skeleton.open()
    var type: String?
    var facts = XCResultSkeleton.Facts()
    var seen = XCResultNodeKey.Set()
    while case .key(let key)? = try parser.next() {
      let known = XCResultNodeKey(key)
      if let known, !seen.insert(known), repeated == nil { repeated = (key, parser.position.line) }
      switch known {
      case .nodeType: type = try parser.lenientString()
      case .name: facts.name = try parser.lenientString()
      case .nodeIdentifier: facts.identifier = try parser.lenientString()
      case .details: facts.details = try parser.lenientString()
      case .children: try nodes(&parser)
      default: try parser.skipValue()
      }
    }
    let nodeType = type.map(XCResultNodeType.init) ?? .unlisted
    skeleton.close(index, type: nodeType, facts: facts)
    let spelling = type ?? "(no nodeType)"
    if nodeTypes[spelling] != nil || nodeType != .unlisted || nodeTypes.count < Self.maxUnlistedTypes {
      nodeTypes[spelling, default: 0] += 1
    }
  }

  // MARK: Devices and configurations

  private func deviceList(_ parser: inout JSONPullParser) throws(JSONError) -> [XCResultDevice] {
    var list: [XCResultDevice] = []
    try Self.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
      list.append(try Self.device(&parser))
    }
    return list
  }

  /// A device object, its `{` read.
  static func device(_ parser: inout JSONPullParser) throws(JSONError) -> XCResultDevice {
    var device = XCResultDevice()
    while case .key(let key)? = try parser.next() {
      switch key {
      case "deviceId": device.deviceId = try parser.lenientString()
      case "deviceName": device.deviceName = try parser.lenientString()
      case "modelName": device.modelName = try parser.lenientString()
      case "osVersion": device.osVersion = try parser.lenientString()
      case "osBuildNumber": device.osBuildNumber = try parser.lenientString()
      case "platform": device.platform = try parser.lenientString()
      default: try parser.skipValue()
      }
    }
    return device
  }

  private mutating func configurationList(_ parser: inout JSONPullParser) throws(JSONError) {
    try Self.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
      let (identifier, name) = try Self.configuration(&parser)
      if let identifier, let name { configurations[identifier] = name }
    }
  }

  /// A configuration object, its `{` read: its id and name.
  private static func configuration(_ parser: inout JSONPullParser) throws(JSONError) -> (String?, String?) {
    var identifier: String?
    var name: String?
    while case .key(let key)? = try parser.next() {
      switch key {
      case "configurationId": identifier = try parser.lenientString()
      case "configurationName": name = try parser.lenientString()
      default: try parser.skipValue()
      }
    }
    return (identifier, name)
  }

  private mutating func devicesAndConfigurations(_ parser: inout JSONPullParser) throws(JSONError) {
    try Self.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
      while case .key(let key)? = try parser.next() {
        if key == "device" {
          let event = try parser.next()
          if event == .objectStart {
            summaryDevices.append(try Self.device(&parser))
          } else {
            try parser.skipRest(of: event)
          }
        } else {
          try parser.skipValue()
        }
      }
    }
  }

  // MARK: Activities

  /// `testRuns`: each run's device, configuration and arguments, and every attachment its
  /// activities (at any depth) took. In `test-details`, `testRuns` holds test nodes instead,
  /// whose keys are none of these: nothing is collected from them.
  private mutating func runs(_ parser: inout JSONPullParser) throws(JSONError) {
    try Self.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
      var device: XCResultDevice?
      var configuration: String?
      var arguments: [String] = []
      var taken: [ActivityAttachment] = []
      while case .key(let key)? = try parser.next() {
        switch key {
        case "device":
          let event = try parser.next()
          if event == .objectStart { device = try Self.device(&parser) } else { try parser.skipRest(of: event) }
        case "testPlanConfiguration":
          let event = try parser.next()
          if event == .objectStart {
            configuration = try Self.configuration(&parser).1
          } else {
            try parser.skipRest(of: event)
          }
        case "arguments":
          try Self.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
            while case .key(let key)? = try parser.next() {
              switch key {
              case "value": if let value = try parser.lenientString() { arguments.append(value) }
              default: try parser.skipValue()
              }
            }
          }
        case "activities": try Self.activities(&parser, location: location, into: &taken)
        default: try parser.skipValue()
        }
      }
      if let name = device?.display { runDevices.insert(name) }
      for var attachment in taken {
        attachment.device = device?.display
        attachment.configuration = configuration
        attachment.arguments = arguments.isEmpty ? nil : arguments.joined(separator: ", ")
        attachments.append(attachment)
      }
    }
  }

  /// An array of activities: their attachments, and their child activities' in turn.
  private static func activities(
    _ parser: inout JSONPullParser, location: EvidenceLocation, into taken: inout [ActivityAttachment]
  ) throws(JSONError) {
    try eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
      while case .key(let key)? = try parser.next() {
        switch key {
        case "attachments":
          try Self.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
            var attachment = ActivityAttachment(
              location: EvidenceLocation(root: location.root, path: location.path, line: parser.position.line))
            while case .key(let key)? = try parser.next() {
              switch key {
              case "name": attachment.suggestedName = try parser.lenientString()
              case "uuid": attachment.uuid = try parser.lenientString()
              case "timestamp":
                attachment.time = try parser.lenientNumber().flatMap { number in
                  EvidenceTime(unixSeconds: number.double, written: number.text, source: "attachment timestamp")
                }
              default: try parser.skipValue()
              }
            }
            attachment.name = attachment.suggestedName.map(AttachmentManifestReader.attachmentName)
            taken.append(attachment)
          }
        case "childActivities": try activities(&parser, location: location, into: &taken)
        default: try parser.skipValue()
        }
      }
    }
  }

  // MARK: Helpers

  /// Calls `body` for each object in the array that comes next (its `{` read); other elements,
  /// and a value that is no array, are passed over.
  static func eachObject(
    in parser: inout JSONPullParser, _ body: (inout JSONPullParser) throws(JSONError) -> Void
  ) throws(JSONError) {
    let event = try parser.next()
    guard event == .arrayStart else {
      try parser.skipRest(of: event)
      return
    }
    while let element = try parser.next(), element != .arrayEnd {
      if element == .objectStart {
        try body(&parser)
      } else {
        try parser.skipRest(of: element)
      }
    }
  }
}
