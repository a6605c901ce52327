/// What the top-level sections of one template rendered, kept between renders whose data differs
/// in a few values (such as `report.md` while its size budget is fitted): a section whose every
/// name read from the data at the bottom of the context stack resolves as before is written from
/// here, not rendered again. A memo serves one template with one partial source and escaping.
package final class RenderMemo {
  struct Entry {
    /// Every name the section resolved from the bottom of the stack, with what it found (nil
    /// for nothing).
    var reads: [VariableName: TemplateValue?]
    var output: String
  }

  /// The last few renders of each top-level section, by its index among the template's nodes.
  var entries: [Int: [Entry]] = [:]
  /// How many entries each section keeps.
  static let entriesPerSection = 4
  /// How many top-level sections were written from the memo, and how many rendered.
  package private(set) var reused = 0
  package private(set) var rendered = 0

  package init() {}

  /// The output remembered for the section at `index` whose reads `resolve` finds unchanged.
  func output(at index: Int, resolve: (VariableName) -> TemplateValue?) -> String? {
    for entry in entries[index] ?? [] where entry.reads.allSatisfy({ resolve($0.key) == $0.value }) {
      reused += 1
      return entry.output
    }
    return nil
  }

  func remember(_ entry: Entry, at index: Int) {
    rendered += 1
    entries[index, default: []].append(entry)
    if entries[index]!.count > Self.entriesPerSection { entries[index]!.removeFirst() }
  }
}
