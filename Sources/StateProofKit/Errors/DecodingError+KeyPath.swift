import Foundation

extension DecodingError {
  /// The keys and indexes leading to the value at fault, joined by `.`; nil at the top level.
  var keyPath: String? {
    let context: Context
    switch self {
    case .keyNotFound(_, let found), .typeMismatch(_, let found), .valueNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default: return nil
    }
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return path.isEmpty ? nil : path
  }
}
