import StateProofJSON
import StateProofModel
import StateProofSystem

/// One object of a configuration being decoded, and the ways its members are read, each refusing
/// a wrong value in the words the configuration's users know. Keys that are `"//"` or start with
/// it are comments. Every refusal is a `DecodingError` at the member's coding path, which
/// ``JSONDecoding`` turns into its line, column and key path.
struct ConfigurationObject {
  /// A member's name.
  struct Key: CodingKey {
    var stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
  }

  private let container: KeyedDecodingContainer<Key>
  /// The members' keys, comments left out, sorted.
  let keys: [String]

  /// The object `decoder` holds; with `allowed`, any other key (not a comment) is an error that
  /// names the nearest allowed one.
  init(_ decoder: any Decoder, allowing allowed: [String]?) throws {
    container = try decoder.container(keyedBy: Key.self)
    keys = container.allKeys.map(\.stringValue).filter { !$0.hasPrefix("//") }.sorted()
    guard let allowed else { return }
    for key in keys where !allowed.contains(key) {
      throw error(
        at: key,
        "unknown key" + NearestNames.didYouMean(key, among: allowed, shown: { "\"\($0)\"" })
          + "; expected one of \(allowed.joined(separator: ", "))")
    }
  }

  /// An error at the value `decoder` holds, or at its member `key`.
  static func error(_ decoder: any Decoder, key: String? = nil, _ message: String) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: decoder.codingPath + (key.map { [Key($0)] } ?? []), debugDescription: message))
  }

  /// An error at the member `key`.
  func error(at key: String, _ message: String) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: container.codingPath + [Key(key)], debugDescription: message))
  }

  func contains(_ key: String) -> Bool { keys.contains(key) }

  /// The decoder of the member `key`; nil when there is none.
  func member(_ key: String) throws -> (any Decoder)? {
    contains(key) ? try container.superDecoder(forKey: Key(key)) : nil
  }

  /// The decoders of the elements of the array at `key`; nil when there is none.
  func elements(_ key: String) throws -> [any Decoder]? {
    guard contains(key) else { return nil }
    var list = try container.nestedUnkeyedContainer(forKey: Key(key))
    var elements: [any Decoder] = []
    while !list.isAtEnd { elements.append(try list.superDecoder()) }
    return elements
  }

  func decode<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
    contains(key) ? try container.decode(type, forKey: Key(key)) : nil
  }

  func string(_ key: String) throws -> String? { try decode(String.self, key) }

  /// `true` or `false`.
  func bool(_ key: String) throws -> Bool? {
    guard contains(key) else { return nil }
    do {
      return try container.decode(Bool.self, forKey: Key(key))
    } catch let error as JSONDecodingError {
      guard case .wrongType(_, let found) = error.reason else { throw error }
      throw JSONDecodingError(.wrongType(expected: "true or false", found: found), at: error.position, path: error.path)
    }
  }

  func strings(_ key: String) throws -> [String]? {
    guard contains(key) else { return nil }
    guard let strings = try? container.decode([String].self, forKey: Key(key)) else {
      throw error(at: key, "expected an array of strings")
    }
    return strings
  }

  /// A string that is not blank, or with `allowingInteger` a whole number (`"versionCode": 420`).
  func word(_ key: String, allowingInteger: Bool = false) throws -> String? {
    guard contains(key) else { return nil }
    if allowingInteger, let number = try? container.decode(Double.self, forKey: Key(key)) {
      guard number >= 0, number < 1e15, number == number.rounded() else {
        throw error(at: key, "expected a whole number or a string, found \(number)")
      }
      return String(Int(number))
    }
    let text = try container.decode(String.self, forKey: Key(key))
    guard !text.allSatisfy(\.isWhitespace) else { throw error(at: key, "expected a value, found an empty string") }
    return text
  }

  /// A `reason`: a string that says something.
  func reason(_ key: String) throws -> String? {
    guard let text = try string(key) else { return nil }
    guard !Allowance.isBlank(text) else {
      throw error(at: key, "expected a reason that says why, found a blank string")
    }
    return text
  }
}
