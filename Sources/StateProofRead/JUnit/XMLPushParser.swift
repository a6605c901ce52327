import CLibXML2
import Foundation
import StateProofModel
import StateProofSystem

/// A SAX2 push parser over libxml2: reads a file (or any ``ByteSource``) in chunks, hands each
/// chunk to an optional observer (so a caller can hash the file in the same pass) and to libxml2,
/// and reports start tags, end tags, text and comments as libxml2 parses them. No tree is built,
/// so memory stays flat for any size of file.
///
/// Opened with no network, no entity substitution, no DTD loading and no XInclude, so nothing an
/// evidence file says is ever fetched or expanded; `XML_PARSE_HUGE` stays off, so libxml2's limits
/// (entity amplification checks, attribute sizes) apply, and the parser applies libxml2's 10 MB
/// limit on one text node itself, since SAX delivers text in pieces. Names and values are
/// borrowed byte pointers valid during the event only. Events stop at the first fatal error, so
/// every element that closed before a break has been reported.
package final class XMLPushParser {
  /// What the parser just read.
  package enum Event: Equatable {
    case startElement
    case endElement
    /// A piece of character data (CDATA included), as libxml2 hands it over: reported only while
    /// ``streamsCharacters`` is on; ``characterData`` holds it.
    case characters
    case comment
  }

  /// A well-formedness or encoding error, where libxml2 found it.
  package struct Failure: Error, Sendable, Equatable {
    package var line: Int?
    package var column: Int?
    package var message: String
  }

  /// Bytes read and fed to libxml2 at a time.
  static let chunkSize = 256 * 1024
  /// The longest text node libxml2 accepts without `XML_PARSE_HUGE` (its `XML_MAX_TEXT_LENGTH`).
  static let maxTextLength = 10_000_000
  /// The deepest nesting accepted, libxml2's own default without `XML_PARSE_HUGE` (which its push
  /// parser does not enforce); no test report comes close.
  static let maxDepth = 256

  /// Where the document's bytes come from, and the name libxml2 gives it.
  private let input: Input
  private let documentName: String
  /// The break, once there is one: no event is reported after it.
  private var fatal: Failure? {
    didSet { state.pointee.halted = fatal != nil }
  }
  private var firstError: Failure?
  /// What every event reads and writes, behind a pointer: a class's stored `var`s are checked for
  /// exclusive access at run time on each use, which would cost more than the event itself.
  private let state: UnsafeMutablePointer<State>

  private struct State {
    /// Told about each event while ``parse(observingBytes:_:)`` runs.
    var handler: Unmanaged<Handler>?
    var context: xmlParserCtxtPtr?
    /// Stopped by the handler.
    var stopped = false
    /// Broken off by a fatal error (``fatal``).
    var halted = false
    var depth = 0
    // The event being reported.
    var name: UnsafePointer<UInt8>?
    var attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    var attributeCount = 0
    var comment: UnsafePointer<UInt8>?
    var characterBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Copies of attribute values that hold a `&` (see ``literalValue(_:count:into:)``), or that
    /// need a NUL terminator, laid end to end so each stays valid for the whole event.
    var scratch: UnsafeMutablePointer<UInt8>
    var scratchCapacity: Int
    var textRunLength = 0
    var streamsCharacters = false
  }

  /// Holds the handler of a parse in a `let`, so an event calls it without retaining it.
  private final class Handler {
    /// Returns false to stop parsing (the rest of the file is not parsed).
    let handle: (Event, XMLPushParser) -> Bool

    init(_ handle: @escaping (Event, XMLPushParser) -> Bool) {
      self.handle = handle
    }
  }

  /// Whether character data is reported (``Event/characters``): a handler turns it on for the
  /// elements whose text it reads, so the rest (a 200 MB `system-out`) costs no event at all.
  package var streamsCharacters: Bool {
    get { state.pointee.streamsCharacters }
    set { state.pointee.streamsCharacters = newValue }
  }

  /// A file opened by its path, or bytes a caller already has (an entry of an archive).
  private enum Input {
    case file(URL)
    case bytes(any ByteSource)
  }

  /// A parser for the file at `url`; nothing is read until ``parse(observingBytes:_:)``.
  package convenience init(url: URL) {
    self.init(input: .file(url), documentName: url.path)
  }

  /// A parser for the bytes `source` delivers, named `documentName` in libxml2's messages;
  /// nothing is read until ``parse(observingBytes:_:)``.
  package convenience init(source: some ByteSource, documentName: String) {
    self.init(input: .bytes(source), documentName: documentName)
  }

  private init(input: Input, documentName: String) {
    _ = Self.libraryInitialized
    self.input = input
    self.documentName = documentName
    state = .allocate(capacity: 1)
    state.initialize(to: State(scratch: .allocate(capacity: 256), scratchCapacity: 256))
  }

  /// libxml2's global state (its dictionaries, error handlers, encodings) set up exactly once,
  /// before files are parsed on several threads at once, as its documentation asks of threaded
  /// programs: a static `let` runs its initialiser once, thread-safely.
  private static let libraryInitialized: Bool = {
    xmlInitParser()
    return true
  }()

  deinit {
    state.pointee.scratch.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  // MARK: Reading the current event

  /// The line the parser has reached: for a start tag, the line of its `>`.
  package var line: Int { state.pointee.context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

  /// The column the parser has reached.
  package var column: Int { state.pointee.context.map { Int(xmlSAX2GetColumnNumber($0)) } ?? 0 }

  /// The element's local name (no prefix), NUL-terminated, for start and end elements.
  package var localName: UnsafePointer<UInt8>? { state.pointee.name }

  /// The whole of a comment, NUL-terminated.
  package var commentValue: UnsafePointer<UInt8>? { state.pointee.comment }

  /// The piece of character data being reported, borrowed for the event.
  package var characterData: UnsafeBufferPointer<UInt8> { state.pointee.characterBytes }

  /// Calls `body` with each attribute of the start element: its local name and its value, both
  /// NUL-terminated and borrowed for the event.
  ///
  /// The value is nil when it refers to an entity the document declares itself: without entity
  /// substitution libxml2 leaves such a reference in the value as written, so it is withheld.
  package func forEachAttribute(
    _ body: (_ name: UnsafePointer<UInt8>, _ value: UnsafePointer<UInt8>?) -> Void
  ) {
    forEachAttributeValue(terminated: true) { name, _, value in body(name, value?.baseAddress) }
  }

  /// Calls `body` with each attribute of the start element as ``forEachAttribute(_:)`` does, and
  /// with its namespace's URI (NUL-terminated, nil for an attribute without a prefix), for
  /// documents where `android:name` and `tools:node` must not be taken for one another.
  package func forEachNamespacedAttribute(
    _ body: (_ name: UnsafePointer<UInt8>, _ namespace: UnsafePointer<UInt8>?, _ value: UnsafePointer<UInt8>?) -> Void
  ) {
    forEachAttributeValue(terminated: true) { name, namespace, value in body(name, namespace, value?.baseAddress) }
  }

  /// Calls `body` with each attribute of the start element: its local name (NUL-terminated) and
  /// its value's bytes (not NUL-terminated), borrowed for the event: usually libxml2's own
  /// buffer, so a value costs no copy. Nil as for ``forEachAttribute(_:)``.
  @inline(__always)
  package func forEachAttributeValue(
    _ body: (_ name: UnsafePointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>?) -> Void
  ) {
    forEachAttributeValue(terminated: false) { name, _, value in body(name, value) }
  }

  @inline(__always)
  private func forEachAttributeValue(
    terminated: Bool,
    _ body: (
      _ name: UnsafePointer<UInt8>, _ namespace: UnsafePointer<UInt8>?, _ value: UnsafeBufferPointer<UInt8>?
    ) -> Void
  ) {
    guard let attributes = state.pointee.attributes else { return }
    let count = state.pointee.attributeCount
    var used = 0
    var roomMade = false
    for index in 0..<count {
      // Five pointers per attribute: local name, prefix, URI, value start, value end.
      guard let name = attributes[index * 5], let start = attributes[index * 5 + 3],
        let end = attributes[index * 5 + 4]
      else { continue }
      let namespace = attributes[index * 5 + 2]
      let length = end - start
      let plain = memchr(start, Int32(UInt8(ascii: "&")), length) == nil
      if plain && !terminated {
        body(name, namespace, UnsafeBufferPointer(start: start, count: length))
        continue
      }
      if !roomMade {
        makeRoom(forValuesOf: attributes, count: count)
        roomMade = true
      }
      if plain {
        let copy = state.pointee.scratch + used
        copy.update(from: start, count: length)
        copy[length] = 0
        used += length + 1
        body(name, namespace, UnsafeBufferPointer(start: copy, count: length))
        continue
      }
      let copy = state.pointee.scratch + used
      guard let written = literalValue(start, count: length, into: copy) else {
        body(name, namespace, nil)
        continue
      }
      used += written + 1
      body(name, namespace, UnsafeBufferPointer(start: copy, count: written))
    }
  }

  /// Makes the scratch space hold every value of the event with its NUL, before any is copied, so
  /// values copied earlier in the event stay where they are.
  private func makeRoom(forValuesOf attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>, count: Int) {
    var needed = 0
    for index in 0..<count {
      if let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4] { needed += end - start + 1 }
    }
    guard needed > state.pointee.scratchCapacity else { return }
    state.pointee.scratch.deallocate()
    state.pointee.scratchCapacity = max(needed, state.pointee.scratchCapacity * 2)
    state.pointee.scratch = .allocate(capacity: state.pointee.scratchCapacity)
  }

  /// Copies a value that holds a `&` into `copy`, NUL-terminated, with libxml2's `&#38;` (how it
  /// keeps a literal `&` when not substituting entities) turned back into `&`; returns the bytes
  /// written before the NUL, or nil when the value holds an entity reference.
  private func literalValue(_ start: UnsafePointer<UInt8>, count: Int, into copy: UnsafeMutablePointer<UInt8>) -> Int? {
    let ampersand: [UInt8] = Array("&#38;".utf8)
    var read = 0
    var written = 0
    while read < count {
      if start[read] == UInt8(ascii: "&") {
        guard read + ampersand.count <= count,
          ampersand.indices.allSatisfy({ start[read + $0] == ampersand[$0] })
        else { return nil }
        copy[written] = UInt8(ascii: "&")
        written += 1
        read += ampersand.count
        continue
      }
      copy[written] = start[read]
      written += 1
      read += 1
    }
    copy[written] = 0
    return written
  }

  // MARK: Parsing

  /// Reads the whole file, feeding libxml2 and `observe` chunk by chunk, and reports events to
  /// `handler` until it returns false or the document ends or breaks. With an observer the file
  /// is read to its end even after a stop or a break, so the observer sees every byte.
  /// - Returns: nil when the document ended well or the handler stopped it; the break otherwise.
  package func parse(
    observingBytes observe: ((UnsafeRawBufferPointer) -> Void)? = nil,
    _ handler: (Event, XMLPushParser) -> Bool
  ) -> Failure? {
    // The handler is kept only while this call runs, so it need not escape: what it captures is
    // then reached directly, not through a box checked for exclusive access on every event.
    withoutActuallyEscaping(handler) { handler in
      let holder = Handler(handler)
      state.pointee.handler = Unmanaged.passUnretained(holder)
      defer { state.pointee.handler = nil }
      return withExtendedLifetime(holder) { parse(observingBytes: observe) }
    }
  }

  private func parse(observingBytes observe: ((UnsafeRawBufferPointer) -> Void)?) -> Failure? {
    let readChunk: (UnsafeMutableRawBufferPointer) -> Result<Int, Failure>
    switch input {
    case .file(let url):
      let file: RegularFile
      switch RegularFile.open(url.path) {
      case .success(let opened): file = opened
      case .failure(let error): return Failure(message: "\(error)")
      }
      readChunk = { buffer in file.read(into: buffer).mapError { Failure(message: "\($0)") } }
    case .bytes(let source):
      var source = source
      readChunk = { buffer in
        Result { () throws(ByteSourceError) in try source.read(into: buffer) }.mapError { Failure(message: $0.reason) }
      }
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var parsing = true
    defer { freeContext() }
    while true {
      let count: Int
      switch readChunk(buffer) {
      case .success(let read): count = read
      case .failure(let failure): return fatal ?? failure
      }
      let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
      observe?(chunk)
      if parsing {
        parsing = feed(chunk, terminate: count == 0)
      }
      if count == 0 || (!parsing && observe == nil) { break }
    }
    if state.pointee.stopped { return nil }
    return fatal ?? firstError
  }

  /// Hands libxml2 one chunk (the last one empty, to end the document); false once parsing ended.
  private func feed(_ chunk: UnsafeRawBufferPointer, terminate: Bool) -> Bool {
    let bytes = chunk.baseAddress?.assumingMemoryBound(to: CChar.self)
    var remaining = chunk.count
    var start = bytes
    if state.pointee.context == nil {
      // libxml2 detects the encoding (a BOM, UTF-16) from the first four bytes.
      let head = min(4, remaining)
      guard createContext(bytes, count: head) else { return false }
      remaining -= head
      start = start.map { $0 + head }
    }
    guard let context = state.pointee.context else { return false }
    let status = xmlParseChunk(context, start, Int32(remaining), terminate ? 1 : 0)
    if state.pointee.stopped || fatal != nil { return false }
    if status != 0 || stateproof_xml_well_formed(context) == 0 {
      if fatal == nil {
        fatal = firstError ?? Failure(line: line, column: column, message: "malformed XML")
      }
      return false
    }
    return !terminate
  }

  private func createContext(_ bytes: UnsafePointer<CChar>?, count: Int) -> Bool {
    var sax = xmlSAXHandler()
    // libxml2's SAX2 defaults keep the DTD's entity declarations (which entity checks need) and
    // build no tree once the element and text callbacks are replaced.
    xmlSAXVersion(&sax, 2)
    sax.startElement = nil
    sax.endElement = nil
    sax.startElementNs = { context, name, _, namespace, _, _, count, _, attributes in
      XMLPushParser.receiving(context) { parser, state in
        state.pointee.textRunLength = 0
        state.pointee.depth += 1
        if state.pointee.depth > XMLPushParser.maxDepth {
          parser.halt("elements are nested more than \(XMLPushParser.maxDepth) deep")
          return
        }
        if let namespace, String(cString: namespace).hasPrefix("http://www.w3.org/2001/XInclude") {
          parser.refuse("an XInclude, which StateProof never follows")
        }
        state.pointee.name = name
        state.pointee.attributes = attributes
        state.pointee.attributeCount = Int(count)
        parser.report(.startElement)
        state.pointee.attributes = nil
      }
    }
    sax.endElementNs = { context, name, _, _ in
      XMLPushParser.receiving(context) { parser, state in
        state.pointee.depth -= 1
        state.pointee.textRunLength = 0
        state.pointee.name = name
        parser.report(.endElement)
      }
    }
    sax.characters = { context, bytes, count in
      XMLPushParser.receiving(context) { parser, state in
        guard let bytes, count > 0 else { return }
        state.pointee.textRunLength += Int(count)
        if state.pointee.textRunLength > XMLPushParser.maxTextLength {
          parser.halt("a text node is longer than \(XMLPushParser.maxTextLength) bytes")
          return
        }
        guard state.pointee.streamsCharacters else { return }
        state.pointee.characterBytes = UnsafeBufferPointer(start: bytes, count: Int(count))
        parser.report(.characters)
        state.pointee.characterBytes = UnsafeBufferPointer(start: nil, count: 0)
      }
    }
    sax.ignorableWhitespace = sax.characters
    sax.cdataBlock = sax.characters
    sax.comment = { context, value in
      XMLPushParser.receiving(context) { parser, state in
        state.pointee.textRunLength = 0
        state.pointee.comment = value
        parser.report(.comment)
        state.pointee.comment = nil
      }
    }
    // A DOCTYPE: kept (entity checks need it), but an external DTD is named as refused.
    sax.internalSubset = { context, name, externalID, systemID in
      if let systemID {
        XMLPushParser.receiving(context) { parser, _ in
          parser.refuse("an external DTD (\(String(cString: systemID))), which StateProof never loads")
        }
      }
      xmlSAX2InternalSubset(context, name, externalID, systemID)
    }
    sax.entityDecl = { context, name, type, publicID, systemID, content in
      if let systemID, let name {
        XMLPushParser.receiving(context) { parser, _ in
          parser.refuse(
            "an external entity \(String(cString: name)) (\(String(cString: systemID))), which StateProof never resolves"
          )
        }
      }
      xmlSAX2EntityDecl(context, name, type, publicID, systemID, content)
    }
    // Markup that ends a text run: libxml2's limit applies to each run on its own. A reference
    // to an entity the document declares is never expanded.
    sax.processingInstruction = { context, _, _ in XMLPushParser.receiving(context) { $1.pointee.textRunLength = 0 } }
    sax.reference = { context, _ in XMLPushParser.receiving(context) { $1.pointee.textRunLength = 0 } }
    sax.serror = { context, error in
      guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      let parserContext = context.assumingMemoryBound(to: xmlParserCtxt.self)
      guard let owner = stateproof_xml_private(parserContext) else { return }
      Unmanaged<XMLPushParser>.fromOpaque(owner).takeUnretainedValue().record(error.pointee)
    }
    // No user data: libxml2 then passes its context to every callback, which its own SAX2
    // functions (entity lookup) need; the parser is found through the context's `_private`.
    guard let context = xmlCreatePushParserCtxt(&sax, nil, bytes, Int32(count), documentName) else {
      fatal = Failure(message: "cannot start the XML parser")
      return false
    }
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    xmlCtxtUseOptions(context, options)
    stateproof_xml_set_private(context, Unmanaged.passUnretained(self).toOpaque())
    state.pointee.context = context
    return true
  }

  private func freeContext() {
    guard let context = state.pointee.context else { return }
    // No callback reaches this parser once it is gone (freeing may report an error).
    stateproof_xml_set_private(context, nil)
    stateproof_xml_free_document(context)
    xmlFreeParserCtxt(context)
    state.pointee.context = nil
  }

  /// Calls `body` with the parser an event belongs to and its state. libxml2 also parses the
  /// replacement text of each declared entity once, to check it, through the same callbacks but
  /// its own context: those events are not the document's and are dropped.
  ///
  /// `body` borrows the parser without retaining it (it is alive: ``parse(observingBytes:_:)`` is
  /// running), which spares a retain and a release per event.
  private static func receiving(
    _ context: UnsafeMutableRawPointer?, _ body: (XMLPushParser, UnsafeMutablePointer<State>) -> Void
  ) {
    guard let context else { return }
    let parserContext = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let owner = stateproof_xml_private(parserContext) else { return }
    Unmanaged<XMLPushParser>.fromOpaque(owner)._withUnsafeGuaranteedRef { parser in
      let state = parser.state
      if state.pointee.context == parserContext && !state.pointee.stopped && !state.pointee.halted {
        body(parser, state)
      }
    }
  }

  private func report(_ event: Event) {
    guard let handler = state.pointee.handler else { return }
    if !handler._withUnsafeGuaranteedRef({ $0.handle(event, self) }), let context = state.pointee.context {
      state.pointee.stopped = true
      xmlStopParser(context)
    }
  }

  /// Breaks the document off here: a limit StateProof keeps was passed.
  private func halt(_ message: String) {
    fatal = Failure(line: line, column: column > 0 ? column : nil, message: message)
    if let context = state.pointee.context { xmlStopParser(context) }
  }

  /// Notes something the document asks for that StateProof refuses to do; the file keeps being
  /// read, and is reported with this as its problem.
  private func refuse(_ what: String) {
    guard firstError == nil else { return }
    firstError = Failure(line: line, column: column > 0 ? column : nil, message: "the file declares \(what)")
  }

  private func record(_ error: xmlError) {
    let message = error.message.map { String(cString: $0) } ?? "malformed XML"
    // Errors inside an entity's replacement text carry the entity's line, not the file's; those
    // get the parser's own position.
    let inFile = error.file != nil
    let failure = Failure(
      line: inFile ? Int(error.line) : line,
      column: inFile ? (error.int2 > 0 ? Int(error.int2) : nil) : (column > 0 ? column : nil),
      message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    if firstError == nil { firstError = failure }
    if fatal == nil, error.level == XML_ERR_FATAL { fatal = failure }
  }
}
