import Foundation

/// An attribute's value as a compiled manifest holds it: a number, text, or a reference to a
/// resource StateProof does not resolve (the APK's resource table is not read).
enum ManifestValue: Sendable, Hashable {
  case integer(Int)
  case text(String)
  case reference(UInt32)

  /// The value as a whole number: a number, or text that spells one in decimal or `0x` hex;
  /// nil for a reference or other text (a preview SDK's codename).
  var number: Int? {
    switch self {
    case .integer(let value): value
    case .text(let text):
      text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : Int(text.trimmingCharacters(in: .whitespaces))
    case .reference: nil
    }
  }

  /// The value as text: text, or a number in decimal; nil for a reference.
  var string: String? {
    switch self {
    case .integer(let value): String(value)
    case .text(let text): text
    case .reference: nil
    }
  }
}
