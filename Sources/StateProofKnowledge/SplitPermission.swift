/// A permission Android grants an app implicitly beside one it declares (platform.xml's
/// `<split-permission>`): an app targeting below `belowTarget` that declares `from` requests `to`
/// as well, without declaring it. `belowTarget` nil: every app.
package struct SplitPermission: Sendable, Hashable {
  package var from: String
  package var to: String
  package var belowTarget: Int?
  package var sources: [String]

  package init(_ from: String, _ to: String, belowTarget: Int?, sources: [String] = ["A:PLATXML"]) {
    self.from = from
    self.to = to
    self.belowTarget = belowTarget
    self.sources = sources
  }

  /// Whether an app targeting `target` gets `to` with `from`; nil when the target is unknown and
  /// the split depends on it.
  package func applies(toTarget target: Int?) -> Bool? {
    guard let belowTarget else { return true }
    return target.map { $0 < belowTarget }
  }
}
