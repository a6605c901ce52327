import Foundation
import StateProofModel
import StateProofSystem
import StateProofEvidence

/// Decides what a file holds from its bytes as they stream past, with the name as a hint only.
/// Text is looked at as UTF-8 (``TextTranscoder``): a UTF-16 file with its byte-order mark (what
/// Windows PowerShell 5 saves) is sniffed, as it is read, like its UTF-8 twin.
package struct ContentSniffer {
  private let fileName: String
  private var transcoder = TextTranscoder()
  /// The file's first bytes as they are, for the image signatures.
  private var signature = Data()
  /// The first bytes of its text, as UTF-8.
  private var head = Data()
  /// Unpaired UTF-16 surrogates in the chunks that filled `head`: UTF-16 that is no text.
  private var headReplaced = 0
  private var sawSeedMarker = false
  private var tail = Data()
  /// The text's last bytes, where StateProof's own report.json ends with its verdict.
  private var end = Data()

  private static let headBytes = 4096
  private static let signatureBytes = 12
  /// A permission line, the seed script's own message, and what `dumpsys package NAME` prints
  /// for a package the device does not have (the reader says so).
  private static let seedMarkers = ["granted=", "seed did not take", "Unable to find package: "].map { Data($0.utf8) }
  private static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "heic", "heif"]

  package init(fileName: String) {
    self.fileName = fileName
  }

  /// Looks at the next chunk of the file.
  package mutating func feed(_ chunk: Data) {
    if signature.count < Self.signatureBytes { signature += chunk.prefix(Self.signatureBytes - signature.count) }
    var text = Data()
    chunk.withUnsafeBytes { bytes in transcoder.feed(bytes) { text.append($0) } }
    look(at: text)
  }

  /// Ends the file: bytes held back as a possible byte-order mark (a file of one or two bytes)
  /// are looked at.
  package mutating func finish() {
    var text = Data()
    _ = transcoder.finish { text.append($0) }
    look(at: text)
  }

  private mutating func look(at text: Data) {
    if head.count < Self.headBytes {
      head += text.prefix(Self.headBytes - head.count)
      headReplaced = transcoder.replaced
    }
    end = text.count >= 64 ? text.suffix(64) : (end + text).suffix(64)
    guard !sawSeedMarker else { return }
    // Keep a few bytes of the previous text so a marker split across chunks is still seen.
    let seam = tail + text.prefix(32)
    sawSeedMarker = Self.seedMarkers.contains { Self.find($0, in: seam) || Self.find($0, in: text) }
    tail = text.count >= 32 ? text.suffix(32) : (tail + text).suffix(32)
  }

  /// Whether `marker` occurs in `data`.
  private static func find(_ marker: Data, in data: Data) -> Bool {
    marker.withUnsafeBytes { marker in
      data.withUnsafeBytes { ByteSearch.firstOffset(of: marker, in: $0) != nil }
    }
  }

  /// The kind, once the whole file has been fed.
  package var kind: FileKind {
    let lowerName = fileName.lowercased()
    let fileExtension = (lowerName as NSString).pathExtension
    if isImageSignature || Self.imageExtensions.contains(fileExtension) { return .screenshot }
    if isAppFile { return .appManifest }
    switch xmlRoot {
    case .stateproofReport: return .stateproofReport
    case .testReport, .unknown: return .junit
    case .other: return .other
    case nil: break
    }
    // An empty file named like a test report is a broken one, and the reader says so.
    if head.isEmpty, ["xml", "junit"].contains(fileExtension) { return .junit }
    if isStateProofReportJSON { return .stateproofReport }
    if lowerName == "stateproof.json" { return .config }
    if lowerName == "manifest.json" { return .attachmentManifest }
    // Before xcresulttool's keys: its `summary` opens with `"title"` too.
    if isRunnerRecord || isSpoonResult { return .runnerRecord }
    if isXCResultJSON { return .xcresultJSON }
    if unsupportedFormat != nil { return .unsupported }
    if fileExtension == "jsonl" || fileExtension == "ndjson" { return .seedRecord }
    if sawSeedMarker { return .seedLog }
    return .other
  }

  /// Whether the file is one an app's declarations are read from: a merged manifest, `aapt
  /// dump` output, an app's `Info.plist`, or a zip archive (an APK, App Bundle or IPA; the reader
  /// says when it is none of them).
  private var isAppFile: Bool {
    head.starts(with: Self.zipSignature) || DeclarationFileRecognition.isAndroidManifestXML(head: head)
      || DeclarationFileRecognition.isAaptDump(head: head)
      || DeclarationFileRecognition.isAppInfoPlist(head: head, name: fileName)
  }

  /// A zip archive's first local file header.
  private static let zipSignature = Data([0x50, 0x4B, 0x03, 0x04])

  /// Why a file of kind ``FileKind/other`` proves nothing: what it looks like (XML with another
  /// root element, JSON, text without permission lines, binary data); nil for every other kind.
  package var otherReason: String? {
    guard kind == .other else { return nil }
    if case .other(let root) = xmlRoot { return NotEvidenceReason.xmlRoot(root) }
    if head.isEmpty { return NotEvidenceReason.other("an empty file") }
    let lowerName = fileName.lowercased()
    if lowerName == "logcat" || lowerName.hasPrefix("logcat-") || lowerName.hasSuffix(".logcat") {
      return NotEvidenceReason.other("a logcat capture with no dumpsys permission line")
    }
    if head.contains(0) || headReplaced > 0 || !Self.isUTF8(head) {
      let fileExtension = (lowerName as NSString).pathExtension
      return NotEvidenceReason.other("binary data" + (fileExtension.isEmpty ? "" : " (.\(fileExtension))"))
    }
    let first = head.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      return NotEvidenceReason.other("JSON in none of the shapes StateProof reads")
    }
    return NotEvidenceReason.other("text with no dumpsys permission line (no \"granted=\")")
  }

  /// Whether `data` is UTF-8 but for a character cut at its end.
  private static func isUTF8(_ data: Data) -> Bool {
    (0...3).contains { String(data: data.dropLast($0), encoding: .utf8) != nil }
  }

  /// The format discovery can already name: a known format StateProof does not read, or Spoon's
  /// summary among runner records; nil for the others, whose reader names theirs.
  package var format: String? {
    switch kind {
    case .unsupported: unsupportedFormat
    case .runnerRecord where isSpoonResult: RunnerRecordFormat.spoonResult
    default: nil
    }
  }

  /// For a file of a known format StateProof does not read (``FileKind/unsupported``), which one.
  package var unsupportedFormat: String? {
    let lowerName = fileName.lowercased()
    // AGP's UTP writes its own results beside the JUnit XML: binary protobuf, or text with
    // `--debug` options. StateProof reads the JUnit XML.
    if lowerName == "test-result.pb" { return "AGP (UTP) test-result.pb" }
    if lowerName.hasSuffix(".textproto"),
      Self.utpMarkers.contains(where: { Self.find($0, in: head) })
    {
      return "AGP (UTP) test results as text proto"
    }
    return nil
  }

  private static let utpMarkers = ["test_suite_meta_data", "test_result {", "test_status:"].map { Data($0.utf8) }

  /// Whether the file is a JSON object whose first key is one of xcresulttool's: the reader
  /// then tells from all its keys which command printed it (or that none did).
  private var isXCResultJSON: Bool {
    firstJSONKey.map(XCResultCommand.knownKeys.contains) ?? false
  }

  /// Whether the file is a JSON object shaped like Marathon's Gson records: a test record opens
  /// with `"test"`, a device record with `"operatingSystem"`, and both name a `"serialNumber"`.
  /// The reader decides from all of it.
  private var isRunnerRecord: Bool {
    guard let key = firstJSONKey, key == "test" || key == "operatingSystem" else { return false }
    return Self.find(Data(#""serialNumber""#.utf8), in: head)
  }

  /// Whether the file is Spoon's `result.json`, Gson's `SpoonSummary`: an object opening with
  /// `"title"`, its `"results"` (the devices by serial) in view. The reader decides from all of it.
  private var isSpoonResult: Bool {
    fileName.lowercased() == "result.json" && firstJSONKey == "title"
      && Self.find(Data(#""results""#.utf8), in: head)
  }

  /// The first key of a JSON object, or nil when the file does not open as one.
  private var firstJSONKey: String? {
    var bytes = head[...]
    func skipBlanks() {
      while let byte = bytes.first, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { bytes = bytes.dropFirst() }
    }
    skipBlanks()
    guard bytes.first == UInt8(ascii: "{") else { return nil }
    bytes = bytes.dropFirst()
    skipBlanks()
    guard bytes.first == UInt8(ascii: "\"") else { return nil }
    let key = bytes.dropFirst().prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    return String(decoding: key, as: UTF8.self)
  }

  private var isImageSignature: Bool {
    signature.starts(with: [0x89, 0x50, 0x4E, 0x47]) || signature.starts(with: [0xFF, 0xD8, 0xFF]) || isHEIFSignature
  }

  /// An ISO base media file whose major brand is HEIF's; a video (`mp42`, `isom`, `qt  `: Test
  /// Lab's `video.mp4`, a screen recording) has the same `ftyp` box and is no image.
  private var isHEIFSignature: Bool {
    guard signature.count >= 12, signature[signature.startIndex + 4..<signature.startIndex + 8] == Data("ftyp".utf8)
    else { return false }
    let brand = String(decoding: signature[signature.startIndex + 8..<signature.startIndex + 12], as: UTF8.self)
    return Self.heifBrands.contains(brand)
  }

  private static let heifBrands: Set<String> = [
    "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "avif",
  ]

  private enum XMLRoot {
    case testReport
    /// The `junit.xml` StateProof itself writes (see ``isStateProofJUnit(_:)``).
    case stateproofReport
    /// Another root element, by its name.
    case other(String)
    /// The prolog runs past the bytes looked at; the reader decides.
    case unknown
  }

  /// What the first element is, skipping the declaration, comments and a DOCTYPE; nil when the
  /// file does not start like XML.
  private var xmlRoot: XMLRoot? {
    let text = String(decoding: head, as: UTF8.self)
    var rest = text.drop { $0.isWhitespace }
    guard rest.first == "<" else { return nil }
    while rest.hasPrefix("<") {
      if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
        let declaration = rest.prefix { $0 != ">" }
        let terminator =
          rest.hasPrefix("<!--") ? "-->" : declaration.contains("[") ? "]>" : ">"
        guard let end = rest.range(of: terminator) else { return .unknown }
        rest = rest[end.upperBound...].drop { $0.isWhitespace }
        continue
      }
      let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
      let localName = name.split(separator: ":").last ?? name
      if name == "testsuites", Self.isStateProofJUnit(rest) { return .stateproofReport }
      return localName == "testsuites" || localName == "testsuite" ? .testReport : .other(String(name))
    }
    return nil
  }

  /// Whether the document from its root element on is StateProof's own `junit.xml`: the root
  /// `<testsuites name="StateProof…" tests="N" failures="N" errors="0">` that `JUnitRenderer`
  /// writes, and cases (where the first one is in view) in its `stateproof.` classes.
  private static func isStateProofJUnit(_ document: Substring) -> Bool {
    let root = document.prefix { $0 != ">" }
    guard root.hasPrefix(#"<testsuites name="StateProof"#) else { return false }
    let name = root.dropFirst(#"<testsuites name="StateProof"#.count)
    guard name.first == "\"" || name.first == " ",
      let attributes = name.firstRange(of: #"" tests=""#).map({ name[$0.lowerBound...] }),
      attributes.hasSuffix(#"" errors="0""#), attributes.contains(#"" failures=""#)
    else { return false }
    guard let testCase = document.firstRange(of: "<testcase ") else { return true }
    return document[testCase.upperBound...].hasPrefix(#"classname="stateproof."#)
  }

  /// Whether the file is StateProof's own `report.json`: its keys are sorted, so it opens with
  /// `"accepted"` and closes with `"verdict"`.
  private var isStateProofReportJSON: Bool {
    var opening = String(decoding: head.prefix(64), as: UTF8.self)[...]
    var closing = String(decoding: end, as: UTF8.self)[...]
    for token in ["{", "\"accepted\"", ":", "["] {
      opening = opening.drop { $0.isWhitespace }
      guard opening.hasPrefix(token) else { return false }
      opening = opening.dropFirst(token.count)
    }
    for token in ["}", "\"ready\"|\"not-ready\"", ":", "\"verdict\""] {
      while closing.last?.isWhitespace == true { closing = closing.dropLast() }
      guard let match = token.split(separator: "|").first(where: { closing.hasSuffix($0) }) else { return false }
      closing = closing.dropLast(match.count)
    }
    return true
  }
}
