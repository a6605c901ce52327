/// A count and its noun in words, plural unless one (`1 file`, `2 files`), which a template
/// cannot pluralise.
enum CountText {
  static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
