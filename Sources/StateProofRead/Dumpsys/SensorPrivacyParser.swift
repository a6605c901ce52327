/// Reads `dumpsys sensor_privacy` text as it streams: the nested `name={ … }` / `name=[ … ]`
/// form `DualDumpOutputStream` prints [A:DDOS], in Android 12's shape (`users` →
/// `individual_enabled_sensor` with `sensor` and `is_enabled`) [A:SPS12] and 13's and later
/// (`users` → `sensors` → `toggles` with `toggle_type` and `state_type`) [A:PST]. Both were read
/// off AOSP's dump code; no real capture was found, so unknown fields are ignored, never guessed.
struct SensorPrivacyParser {
  private struct Frame {
    var name: String
    var isArray: Bool
    var fields: [String: (value: String, line: Int)] = [:]
    /// 13+: the `toggles` objects of a sensor: (toggle_type, state_type).
    var toggles: [(type: String?, state: String?)] = []
    /// Sensors found inside a `users` element, emitted when it closes with its `user_id`.
    var sensors: [SensorPrivacyEntry] = []
  }

  private(set) var firstLine: Int
  private(set) var lastLine: Int
  private var stack: [Frame]
  private(set) var entries: [SensorPrivacyEntry] = []
  /// Whether the root object closed: the dump is over.
  private(set) var isDone = false
  /// Whether the text nested deeper than any real dump does; reading stops there.
  private(set) var isTooDeep = false
  /// Real dumps nest five levels (root, users, sensors, toggles); more is not this dump.
  static let maxDepth = 16
  /// Real dumps hold two sensors per user; past this many the rest is not read.
  static let maxEntries = 256
  /// Whether `maxEntries` were read; reading stops there.
  var isFull: Bool { entries.count + stack.reduce(0) { $0 + $1.sensors.count } >= Self.maxEntries }

  /// Whether `content` starts a `dumpsys sensor_privacy` output: its header, the service
  /// header of a full `dumpsys`, or (the header cut away) 13's first field.
  static func startsDump(_ content: ArraySlice<UInt8>) -> Bool {
    content.starts(with: "SENSOR PRIVACY MANAGER STATE".utf8)
      || content.elementsEqual("DUMP OF SERVICE sensor_privacy:".utf8)
      || content.starts(with: "storage_implementation=com.android.server.sensorprivacy.".utf8)
  }

  /// Starts at the header line, or inside the root object when the header was cut away.
  init(line: Int, content: ArraySlice<UInt8>) {
    firstLine = line
    lastLine = line
    stack = content.first == UInt8(ascii: "s") ? [Frame(name: "root", isArray: false)] : []
  }

  mutating func feed(_ content: ArraySlice<UInt8>, line: Int) {
    lastLine = line
    guard content.count <= 4096 else { return }
    let text = String(decoding: content, as: UTF8.self)
    if stack.count >= Self.maxDepth, text == "{" || text.hasSuffix("={") || text.hasSuffix("=[") {
      isTooDeep = true
      return
    }
    if text == "{" {
      stack.append(Frame(name: stack.last.map { $0.isArray ? $0.name : "element" } ?? "root", isArray: false))
    } else if text == "}" || text == "]" {
      close()
    } else if text.hasSuffix("={") || text.hasSuffix("=[") {
      stack.append(Frame(name: String(text.dropLast(2)), isArray: text.hasSuffix("=[")))
    } else if let equals = text.firstIndex(of: "="), !stack.isEmpty {
      stack[stack.count - 1].fields[String(text[..<equals])] = (String(text[text.index(after: equals)...]), line)
    }
  }

  private mutating func close() {
    guard let frame = stack.popLast() else { return }
    if stack.isEmpty {
      isDone = true
      return
    }
    guard !frame.isArray else { return }
    switch frame.name {
    case "toggles":
      stack[stack.count - 1].toggles.append((frame.fields["toggle_type"]?.value, frame.fields["state_type"]?.value))
    case "individual_enabled_sensor", "sensors":
      guard let sensor = frame.fields["sensor"], let number = Int(sensor.value) else { return }
      let entry: SensorPrivacyEntry
      if let enabled = frame.fields["is_enabled"] {
        entry = SensorPrivacyEntry(
          user: nil, sensor: number, blocked: enabled.value == "true" ? true : enabled.value == "false" ? false : nil,
          line: sensor.line, text: "sensor=\(number) is_enabled=\(enabled.value)")
      } else {
        // A blocked state of any toggle (software or hardware) blocks the sensor. The dump keeps
        // one toggle per sensor [A:PST], so a hardware toggle (toggle_type=2) not blocking says
        // nothing of the software switch: unknown.
        let states = frame.toggles.map(\.state)
        let hardware = frame.toggles.contains { $0.type == "2" }
        let blocked: Bool? =
          states.contains("1")
          ? true : !states.isEmpty && !hardware && states.allSatisfy { $0 == "2" } ? false : nil
        let shown = frame.toggles.map { "toggle_type=\($0.type ?? "?") state_type=\($0.state ?? "?")" }
        entry = SensorPrivacyEntry(
          user: nil, sensor: number, blocked: blocked, line: sensor.line,
          text: (["sensor=\(number)"] + shown).joined(separator: " "))
      }
      if let index = stack.lastIndex(where: { $0.name == "users" && !$0.isArray }) {
        stack[index].sensors.append(entry)
      } else {
        entries.append(entry)
      }
    case "users":
      let user = frame.fields["user_id"].flatMap { Int($0.value) }
      entries += frame.sensors.map { entry in
        var entry = entry
        entry.user = user
        return entry
      }
    default:
      break
    }
  }

  /// The capture so far (a dump cut short keeps the sensors whose blocks closed).
  var capture: SensorPrivacyCapture {
    SensorPrivacyCapture(firstLine: firstLine, lastLine: lastLine, entries: entries)
  }
}
