import StateProofSystem

/// Why a file in the inventory was not read, or what went wrong reading it: a value the matcher
/// and the renderers use as it is. `report.json` writes it as one string, its ``description``.
/// Indirect: a pointer in each of 100,000 file records, the text only where a file has one.
public indirect enum FileError: Sendable, Hashable, CustomStringConvertible {
  /// Discovery did not open the file, or could not: no such path, a link out of the evidence
  /// root or one that leads nowhere, a name that is not UTF-8, a folder that cannot be listed, a
  /// pipe or device, a file that cannot be opened or read. The text says which.
  case notOpened(String)
  /// A reader's problem in the file, at the line and column where known.
  case problem(ReadProblem)
  /// Why a file was listed but not read: StateProof's own output, a link to a folder inside the
  /// evidence root (its files are listed by their own path).
  case notEvidence(String)

  /// As `report.json` and `inspect` show it: the text, or for a reader's problem
  /// `path:line:column: message`.
  public var description: String {
    switch self {
    case .notOpened(let text), .notEvidence(let text): text
    case .problem(let problem): problem.description
    }
  }

  /// The error `description` is the text of, for the file `record` (whose root, path and status
  /// say which case it is): the inverse of ``description``, used when reading `report.json` back.
  package init(description text: String, of record: FileRecord) {
    if record.status == .ignored {
      self = .notEvidence(text)
      return
    }
    if let problem = Self.problem(text, root: record.root, path: record.path) {
      self = .problem(problem)
    } else {
      self = .notOpened(text)
    }
  }

  /// `path: message`, `path:line: message` or `path:line:column: message` as a reader's problem
  /// in the file at `path`; nil for any other text. Only a reading that describes itself as
  /// exactly `text` is taken, so decoding and encoding again give the same bytes.
  private static func problem(_ text: String, root: String, path: String) -> ReadProblem? {
    guard text.utf8.starts(with: path.utf8) else { return nil }
    var rest = Substring(text).utf8.dropFirst(path.utf8.count)
    var numbers: [Int] = []
    while numbers.count < 2, rest.first == UInt8(ascii: ":") {
      let digits = rest.dropFirst().prefix { (0x30...0x39).contains($0) }
      guard !digits.isEmpty, let number = Int(Substring(digits)) else { break }
      numbers.append(number)
      rest = rest.dropFirst(1 + digits.count)
    }
    guard rest.starts(with: ": ".utf8) else { return nil }
    let problem = ReadProblem(
      location: EvidenceLocation(
        root: root, path: path, line: numbers.first, column: numbers.count > 1 ? numbers[1] : nil),
      // One text for every file broken the same way (a report of a million empty files).
      message: SharedText.shared(String(Substring(rest.dropFirst(2)))))
    return problem.description.utf8.elementsEqual(text.utf8) ? problem : nil
  }
}
