import StateProofModel

/// The part of a report `index.html` lists (see ``ReportExcerpt``), and what it leaves out.
package struct HTMLExcerpt: Sendable {
  package var report: Report
  package var findingsLeftOut: Int
  package var filesLeftOut: Int

  /// Whether the page shows the whole report.
  package var isWhole: Bool { findingsLeftOut == 0 && filesLeftOut == 0 }
}
