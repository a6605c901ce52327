import StateProofJSON
import StateProofModel
import StateProofSystem
import StateProofEvidence

/// Reads Spoon's `result.json` (Gson's `SpoonSummary`: `title`, `started`, `duration`, and
/// `results`, each device's `DeviceResult` by its serial) for the one thing its JUnit files lack:
/// each serial's device, from its `deviceDetails`. The tests are read from the JUnit files, so
/// `testResults` (with every test's logcat, the bulk of the file) and everything else is streamed
/// past unread, and a summary of any size reads in flat memory.
package enum SpoonResultReader {
  /// What the file gave.
  package enum Outcome: Sendable {
    /// Each serial's device, in the file's order.
    case devices([RunnerSerial])
    /// JSON of another shape, and why it is not Spoon's summary.
    case notSummary(String)
    case problem(ReadProblem)
  }

  package static func read(_ source: some ByteSource, from file: DiscoveredFile) -> Outcome {
    var parser = JSONPullParser(source)
    do throws(JSONError) {
      guard try parser.next() == .objectStart else { return .notSummary("JSON that is not an object") }
      var devices: [RunnerSerial]?
      while case .key(let key)? = try parser.next() {
        guard key == "results" else {
          try parser.skipValue()
          continue
        }
        guard devices == nil else {
          return .problem(
            ReadProblem(location: file.location(line: parser.position.line), message: "results is given twice"))
        }
        let event = try parser.next()
        guard event == .objectStart else {
          try parser.skipRest(of: event)
          return .notSummary("a result.json whose results is not an object of devices by serial")
        }
        devices = try readResults(&parser, from: file)
      }
      _ = try parser.next()
      guard let devices else { return .notSummary("a result.json without Spoon's results") }
      return .devices(devices)
    } catch {
      return .problem(
        ReadProblem(
          location: file.location(line: error.position.line, column: error.position.column),
          message: "not valid JSON: \(error.reason.message)"))
    }
  }

  /// The members of `results` (its `{` read): each serial's device.
  private static func readResults(_ parser: inout JSONPullParser, from file: DiscoveredFile) throws(JSONError)
    -> [RunnerSerial]
  {
    var devices: [RunnerSerial] = []
    while case .key(let serial)? = try parser.next() {
      let event = try parser.next()
      var details: SpoonDeviceDetails?
      if event == .objectStart {
        while case .key(let key)? = try parser.next() {
          if key == "deviceDetails" {
            details = try readDetails(&parser)
          } else {
            try parser.skipValue()
          }
        }
      } else {
        try parser.skipRest(of: event)
      }
      devices.append(
        RunnerSerial(
          location: file.location(), serial: serial, device: SpoonDevice.name(serial: serial, details: details)))
    }
    return devices
  }

  /// A `deviceDetails` object (nil when it is not one).
  private static func readDetails(_ parser: inout JSONPullParser) throws(JSONError) -> SpoonDeviceDetails? {
    let event = try parser.next()
    guard event == .objectStart else {
      try parser.skipRest(of: event)
      return nil
    }
    var details = SpoonDeviceDetails()
    var name: String?
    while case .key(let key)? = try parser.next() {
      switch key {
      case "model": details.model = try parser.lenientString()
      // Spoon 1.0's name for the model.
      case "name": name = try parser.lenientString()
      case "version": details.version = try parser.lenientString()
      case "apiLevel": details.apiLevel = try parser.lenientNumber()?.int
      case "isEmulator": details.isEmulator = try parser.lenientBool()
      case "avdName": details.avdName = try parser.lenientString()
      default: try parser.skipValue()
      }
    }
    details.model = details.model ?? name
    return details
  }
}
