/// One element's text as libxml2 hands it over in pieces, kept in bounded memory: its start, up
/// to ``JUnitText/messageLimit`` bytes, and, when watched, the line holding the first of the
/// ``RunStopMarkers`` with what follows it, up to the same limit. A marker deep inside a 10 MB
/// `system-err` is found, and the text costs no more memory than a short one.
struct StreamedText {
  /// How much of a marker's line, before the piece the marker is in, is kept to quote it from.
  static let lineContext = 512

  private let keepsStart: Bool
  private let watchesMarkers: Bool
  /// The text, up to the limit; `startIsCut` once more followed.
  private var start: [UInt8] = []
  private var startIsCut = false
  /// From the start of the first marker's line, up to the limit; nil until a marker is seen.
  private var fromMarker: [UInt8]?
  private var fromMarkerIsCut = false
  /// The end of the current line up to the last piece (at most ``lineContext`` bytes), and
  /// whether the line began before that.
  private var line: [UInt8] = []
  private var lineIsCut = false

  /// - Parameters:
  ///   - keepsStart: keep the text's start (a message).
  ///   - watchesMarkers: look for a stopped run's marker and keep the text from its line.
  init(keepsStart: Bool, watchesMarkers: Bool) {
    self.keepsStart = keepsStart
    self.watchesMarkers = watchesMarkers
  }

  /// The text kept from the start, trimmed and marked where cut; nil when it was all blank.
  var text: String? {
    start.withUnsafeBufferPointer { JUnitText.message($0, isCut: startIsCut) }
  }

  /// The text from the first marker's line, trimmed and marked where cut; nil without a marker.
  var fromMarkerText: String? {
    fromMarker?.withUnsafeBufferPointer { JUnitText.message($0, isCut: fromMarkerIsCut) }
  }

  mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
    if keepsStart {
      var first = 0
      if start.isEmpty {
        while first < piece.count, JUnitText.isBlank(piece[first]) { first += 1 }
      }
      Self.append(UnsafeBufferPointer(rebasing: piece[first...]), to: &start, cut: &startIsCut)
    }
    if fromMarker != nil {
      Self.append(piece, to: &fromMarker!, cut: &fromMarkerIsCut)
    } else if watchesMarkers {
      look(in: piece)
    }
  }

  /// Looks for a marker in `piece`, or across its start and the end of the last one.
  private mutating func look(in piece: UnsafeBufferPointer<UInt8>) {
    let carried = min(line.count, RunStopMarkers.longest - 1)
    if carried > 0 {
      let joint = Array(line.suffix(carried)) + piece.prefix(RunStopMarkers.longest - 1)
      if let offset = joint.withUnsafeBufferPointer(RunStopMarkers.firstMatch), offset < carried {
        beginQuote(withLine: true, then: piece[...])
        return
      }
    }
    if let offset = RunStopMarkers.firstMatch(in: piece) {
      if let newline = Self.lastNewline(in: piece, before: offset) {
        beginQuote(withLine: false, then: piece[(newline + 1)...])
      } else {
        beginQuote(withLine: true, then: piece[...])
      }
      return
    }
    if let newline = Self.lastNewline(in: piece, before: piece.count) {
      let rest = piece.count - newline - 1
      line = Array(piece.suffix(min(rest, Self.lineContext)))
      lineIsCut = rest > Self.lineContext
    } else {
      line += piece.suffix(Self.lineContext)
      if line.count > Self.lineContext {
        line.removeFirst(line.count - Self.lineContext)
        lineIsCut = true
      }
    }
  }

  private mutating func beginQuote(withLine: Bool, then rest: Slice<UnsafeBufferPointer<UInt8>>) {
    var quote: [UInt8] = []
    if withLine {
      if lineIsCut { quote += "…".utf8 }
      quote += line
    }
    fromMarker = quote
    Self.append(UnsafeBufferPointer(rebasing: rest), to: &fromMarker!, cut: &fromMarkerIsCut)
    line = []
  }

  /// Appends what fits under the limit, and notes when something did not.
  private static func append(_ piece: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], cut: inout Bool) {
    let room = JUnitText.messageLimit - bytes.count
    if piece.count > room { cut = true }
    if room > 0 { bytes += piece.prefix(room) }
  }

  private static func lastNewline(in piece: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
    var index = end - 1
    while index >= 0 {
      if piece[index] == UInt8(ascii: "\n") || piece[index] == UInt8(ascii: "\r") { return index }
      index -= 1
    }
    return nil
  }
}
