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

  /// The kind of the node the reader is on, decided once per move.
  private var currentKind = NodeKind.other
  /// After a break: the complete nodes libxml2 had parsed past the last one returned, still to be
  /// handed out, and the failure to throw after them.
  private var recovered: [RecoveredNode] = []
  private var recoveredIndex = -1
  private var pendingFailure: Failure?
  /// The document libxml2 keeps once asked for it at a break; freed with the reader.
  private var keptDocument: xmlDocPtr?

  private struct RecoveredNode {
    var node: xmlNodePtr
    var kind: NodeKind
  }

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
    if let keptDocument { xmlFreeDoc(keptDocument) }
    emptyValue.deallocate()
  }

  /// The line the parser has reached.
  package var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

  /// The column the parser has reached.
  package var column: Int { Int(xmlTextReaderGetParserColumnNumber(reader)) }

  /// The line of the current node: the one libxml2 recorded for it, or the parser's line past
  /// 65,535, where libxml2 2.9 stops counting per node.
  package var nodeLine: Int {
    let recorded = Int(currentNode?.pointee.line ?? 0)
    return recorded > 0 && recorded < 65_535 ? recorded : line
  }

  /// Moves to the next node; false at the end of the document; throws on malformed XML, after
  /// which the reader must not be used again.
  ///
  /// libxml2's reader parses ahead in chunks and stops at a break without returning the nodes it
  /// had already parsed in that chunk; those complete nodes are handed out first, then the break.
  package func advance() throws(Failure) -> Bool {
    if let pendingFailure {
      recoveredIndex += 1
      guard recoveredIndex < recovered.count else { throw pendingFailure }
      currentKind = recovered[recoveredIndex].kind
      return true
    }
    let status = xmlTextReaderRead(reader)
    if status == 1 {
      currentKind = Self.kind(of: xmlTextReaderNodeType(reader))
      return true
    }
    if status == 0 { return false }
    var failure = errors.fatal ?? errors.first ?? Failure(message: "malformed XML")
    if failure.line == nil {
      failure.line = line
      failure.column = column > 0 ? column : nil
    }
    recoverParsedNodes()
    pendingFailure = failure
    return try advance()
  }

  /// The kind of the current node.
  package var kind: NodeKind { currentKind }

  private static func kind(of type: Int32) -> NodeKind {
    switch type {
    case Int32(XML_READER_TYPE_ELEMENT.rawValue): .startElement
    case Int32(XML_READER_TYPE_END_ELEMENT.rawValue): .endElement
    case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue): .text
    case Int32(XML_READER_TYPE_COMMENT.rawValue): .comment
    default: .other
    }
  }

  /// The node the reader is on: libxml2's, or a recovered one after a break.
  private var currentNode: xmlNodePtr? {
    pendingFailure == nil ? xmlTextReaderCurrentNode(reader) : recovered[recoveredIndex].node
  }

  /// Whether the current start element closes itself (`<skipped/>`): no end element follows.
  /// Recovered elements get an end element instead, when they are complete.
  package var isEmptyElement: Bool {
    pendingFailure == nil && xmlTextReaderIsEmptyElement(reader) == 1
  }

  /// The current element's local name (no prefix), NUL-terminated, borrowed until the next move.
  package var localName: UnsafePointer<UInt8>? {
    pendingFailure == nil ? xmlTextReaderConstLocalName(reader) : currentNode?.pointee.name
  }

  /// The current text or comment node's content, NUL-terminated, borrowed until the next move.
  package var textValue: UnsafePointer<UInt8>? {
    pendingFailure == nil
      ? xmlTextReaderConstValue(reader) : UnsafePointer(currentNode?.pointee.content)
  }

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
    guard let element = currentNode, element.pointee.type == XML_ELEMENT_NODE
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

  /// Lists, in document order, the nodes libxml2 built after the last one returned: the rest of
  /// the tree is still in memory, since the reader frees only what it has passed. The elements
  /// the parser still had open (the tree's rightmost path) get no end: their content is unknown.
  private func recoverParsedNodes() {
    let last = xmlTextReaderCurrentNode(reader)
    let lastOpened = currentKind == .startElement && xmlTextReaderIsEmptyElement(reader) == 0
    keptDocument = xmlTextReaderCurrentDoc(reader)
    guard let document = keptDocument else { return }
    var open = Set<xmlNodePtr>()
    var tip = xmlDocGetRootElement(document)
    while let element = tip, element.pointee.type == XML_ELEMENT_NODE {
      open.insert(element)
      tip = element.pointee.last
    }
    func children(of node: xmlNodePtr) {
      var child = node.pointee.children
      while let current = child {
        subtree(current)
        child = current.pointee.next
      }
    }
    func end(_ element: xmlNodePtr) {
      if !open.contains(element) { recovered.append(RecoveredNode(node: element, kind: .endElement)) }
    }
    func subtree(_ node: xmlNodePtr) {
      switch node.pointee.type {
      case XML_ELEMENT_NODE:
        recovered.append(RecoveredNode(node: node, kind: .startElement))
        children(of: node)
        end(node)
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        recovered.append(RecoveredNode(node: node, kind: .text))
      case XML_COMMENT_NODE:
        recovered.append(RecoveredNode(node: node, kind: .comment))
      default:
        break
      }
    }
    guard var node = last else {
      if let root = xmlDocGetRootElement(document) { subtree(root) }
      return
    }
    if lastOpened {
      children(of: node)
      end(node)
    }
    while true {
      var sibling = node.pointee.next
      while let current = sibling {
        subtree(current)
        sibling = current.pointee.next
      }
      guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return }
      end(parent)
      node = parent
    }
  }
}
