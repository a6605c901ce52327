import CLibXML2
import Foundation

/// A pull reader over libxml2's `xmlTextReader`: streams any size of file in flat memory.
///
/// Opened with no network, no entity substitution, no DTD loading and no XInclude, so nothing an
/// evidence file says is ever fetched or expanded; `XML_PARSE_HUGE` stays off, so libxml2's own
/// limits (10 MB per text node, entity amplification checks) apply. Names and values are handed
/// out as borrowed byte pointers valid until the next ``advance()``, so reading a node allocates
/// nothing unless the caller decides to keep a value. Errors come back with line and column.
package final class XMLStreamReader {
  /// What the reader is positioned on.
  package enum NodeKind: Equatable {
    case startElement
    case endElement
    /// Character data, CDATA included (the reader merges CDATA into text).
    case text
    case comment
    /// Anything else: processing instructions, whitespace, a DOCTYPE, and references
    /// to entities the document declares itself, which are never expanded.
    case other
  }

  /// A well-formedness or encoding error, where libxml2 found it.
  package struct Failure: Error, Sendable, Equatable {
    package var line: Int?
    package var column: Int?
    package var message: String
  }

  private let reader: xmlTextReaderPtr
  private let errors = ErrorBox()
  /// A NUL byte handed out as the value of an empty attribute.
  private let emptyValue: UnsafeMutablePointer<UInt8>

  /// The errors libxml2 reported through the structured handler; the first fatal one wins.
  private final class ErrorBox {
    var fatal: Failure?
    var first: Failure?
  }

  /// Opens `url` for reading; throws when libxml2 cannot open it at all.
  package init(url: URL) throws(Failure) {
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NOCDATA.rawValue)
    guard let reader = xmlReaderForFile(url.path, nil, options) else {
      throw Failure(line: nil, column: nil, message: "cannot open the file")
    }
    self.reader = reader
    emptyValue = .allocate(capacity: 1)
    emptyValue.initialize(to: 0)
    xmlTextReaderSetStructuredErrorHandler(
      reader,
      { context, error in
        guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else {
          return
        }
        let box = Unmanaged<ErrorBox>.fromOpaque(context).takeUnretainedValue()
        let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        // Errors raised inside an entity's replacement text carry the entity's line, not the
        // file's; those get the reader's own position when they are thrown.
        let inFile = error.pointee.file != nil
        let failure = Failure(
          line: inFile ? Int(error.pointee.line) : nil,
          column: inFile && error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil,
          message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        if box.first == nil { box.first = failure }
        if box.fatal == nil, error.pointee.level == XML_ERR_FATAL { box.fatal = failure }
      }, Unmanaged.passUnretained(errors).toOpaque())
  }

  deinit {
    xmlFreeTextReader(reader)
    emptyValue.deallocate()
  }

  /// The line the parser has reached.
  package var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

  /// The column the parser has reached.
  package var column: Int { Int(xmlTextReaderGetParserColumnNumber(reader)) }

  /// The line of the current node: the one libxml2 recorded for it, or the parser's line past
  /// 65,535, where libxml2 2.9 stops counting per node.
  package var nodeLine: Int {
    let recorded = Int(xmlTextReaderCurrentNode(reader)?.pointee.line ?? 0)
    return recorded > 0 && recorded < 65_535 ? recorded : line
  }

  /// Moves to the next node; false at the end of the document; throws on malformed XML, after
  /// which the reader must not be used again.
  package func advance() throws(Failure) -> Bool {
    let status = xmlTextReaderRead(reader)
    if status == 1 { return true }
    if status == 0 { return false }
    var failure = errors.fatal ?? errors.first ?? Failure(message: "malformed XML")
    if failure.line == nil {
      failure.line = line
      failure.column = column > 0 ? column : nil
    }
    throw failure
  }

  /// The kind of the current node.
  package var kind: NodeKind {
    switch xmlTextReaderNodeType(reader) {
    case Int32(XML_READER_TYPE_ELEMENT.rawValue): .startElement
    case Int32(XML_READER_TYPE_END_ELEMENT.rawValue): .endElement
    case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue): .text
    case Int32(XML_READER_TYPE_COMMENT.rawValue): .comment
    default: .other
    }
  }

  /// Whether the current start element closes itself (`<skipped/>`): no end element follows.
  package var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }

  /// The current element's local name (no prefix), NUL-terminated, borrowed until the next move.
  package var localName: UnsafePointer<UInt8>? { xmlTextReaderConstLocalName(reader) }

  /// Calls `body` with each attribute of the current start element: its local name and its value,
  /// both NUL-terminated and borrowed for the call.
  ///
  /// The value is nil when it refers to an entity the document declares itself: libxml2 would
  /// expand that on demand, so such values are withheld instead of built.
  package func forEachAttribute(
    _ body: (_ name: UnsafePointer<UInt8>, _ value: UnsafePointer<UInt8>?) -> Void
  ) {
    // Walks the element's attribute list directly: the reader's move-to-attribute calls cost
    // several function calls per attribute on the hot path of millions of test cases.
    guard let element = xmlTextReaderCurrentNode(reader), element.pointee.type == XML_ELEMENT_NODE
    else { return }
    var attribute = element.pointee.properties
    while let current = attribute {
      if let name = current.pointee.name { body(name, literalValue(of: current)) }
      attribute = current.pointee.next
    }
  }

  /// An attribute's value when it is plain text (the common case, read in place).
  private func literalValue(of attribute: xmlAttrPtr) -> UnsafePointer<UInt8>? {
    guard let child = attribute.pointee.children else { return UnsafePointer(emptyValue) }
    guard child.pointee.type == XML_TEXT_NODE, child.pointee.next == nil else { return nil }
    return UnsafePointer(child.pointee.content) ?? UnsafePointer(emptyValue)
  }

  /// The current text or comment node's content, NUL-terminated, borrowed until the next move.
  package var textValue: UnsafePointer<UInt8>? { xmlTextReaderConstValue(reader) }
}
