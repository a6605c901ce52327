import Foundation

/// Compares device names as different tools write them: a configured `Pixel 8` or `Pixel 8 - 14`
/// against AGP's `Pixel 8 - 14`, a configured `iPhone 16` against trainer's `iPhone 16 (18.6)`.
package enum DeviceName {
  package static func matches(_ evidence: String, release: String) -> Bool {
    let device = evidence.trimmingCharacters(in: .whitespaces).lowercased()
    let wanted = release.trimmingCharacters(in: .whitespaces).lowercased()
    guard !wanted.isEmpty else { return false }
    return device == wanted || device.hasPrefix(wanted + " - ") || device.hasPrefix(wanted + " (")
  }
}
