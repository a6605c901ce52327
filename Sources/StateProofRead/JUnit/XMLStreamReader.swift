import CLibXML2
import Foundation

/// A pull reader over libxml2's `xmlTextReader`: streams any size of file in flat memory.
///
/// Opened with no network, no entity substitution, no DTD loading and no XInclude, so nothing an
/// evidence file says is ever fetched or expanded. Errors come back with line and column.
package final class XMLStreamReader {
  package enum Node {
    case startElement(name: String, attributes: [String: String], isEmpty: Bool)
    case endElement(name: String)
    case text(String)
  }

  package struct Failure: Error, Sendable {
    package var line: Int?
    package var column: Int?
    package var message: String
  }

  private let reader: xmlTextReaderPtr
  private let errors = ErrorBox()

  private final class ErrorBox {
    var first: Failure?
  }

  /// Opens `url` for reading; throws when libxml2 cannot open it at all.
  package init(url: URL) throws {
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
      | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
    guard let reader = xmlReaderForFile(url.path, nil, options) else {
      throw Failure(line: nil, column: nil, message: "cannot open the file")
    }
    self.reader = reader
    xmlTextReaderSetStructuredErrorHandler(
      reader,
      { context, error in
        guard let context, let error else { return }
        let box = Unmanaged<ErrorBox>.fromOpaque(context).takeUnretainedValue()
        guard box.first == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else {
          return
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        box.first = Failure(
          line: Int(error.pointee.line), column: Int(error.pointee.int2),
          message: message.trimmingCharacters(in: .whitespacesAndNewlines))
      }, Unmanaged.passUnretained(errors).toOpaque())
  }

  deinit {
    xmlFreeTextReader(reader)
  }

  /// The line the parser is on, for errors found while interpreting the document.
  package var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

  /// The next node, nil at the end of the document; throws on malformed XML.
  package func next() throws -> Node? {
    while true {
      let status = xmlTextReaderRead(reader)
      if status == 0 { return nil }
      if status < 0 {
        throw errors.first ?? Failure(line: line, column: nil, message: "malformed XML")
      }
      switch Int32(xmlTextReaderNodeType(reader)) {
      case Int32(XML_READER_TYPE_ELEMENT.rawValue):
        let name = string(xmlTextReaderConstLocalName(reader))
        let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
        var attributes: [String: String] = [:]
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
          attributes[string(xmlTextReaderConstLocalName(reader))] = string(
            xmlTextReaderConstValue(reader))
        }
        return .startElement(name: name, attributes: attributes, isEmpty: isEmpty)
      case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
        return .endElement(name: string(xmlTextReaderConstLocalName(reader)))
      case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
        return .text(string(xmlTextReaderConstValue(reader)))
      default:
        continue
      }
    }
  }

  private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
    guard let pointer else { return "" }
    return String(cString: pointer)
  }
}
