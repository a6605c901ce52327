import Mustache
import StateProofModel

/// A finding as the report templates show it (``FindingGroups/finding(_:target:linkTarget:anchor:)``
/// makes it): what the lists and groups are arranged by, typed, and the template data the pages
/// render from it, the model's finding with the view's fields beside it.
struct FindingView: Sendable {
  var finding: Finding
  /// Its code, as shown.
  var code: String
  /// The device it is about, as shown.
  var device: String?
  /// Its whole message, without the `On DEVICE: ` that the device groups say already.
  var detail: String
  /// What to do about it, from its code.
  var remedy: String
  /// `error`, `warning`, `info`, or `muted` when accepted.
  var tone: Tone
  /// Why it was accepted, nil while it is open.
  var acceptedReason: String?
  /// The acceptance as template data (null while it is open).
  var accepted: TemplateValue
  /// The finding as template data (``FindingData``).
  var value: TemplateValue

  /// This view with every string it shows over `limit` UTF-8 bytes shortened (as
  /// ``TemplateValue/shortened(to:)`` shortens them), so its groups read as its data does.
  func shortened(to limit: Int) -> FindingView {
    var view = self
    view.code = code.shortened(to: limit)
    view.device = device?.shortened(to: limit)
    view.detail = detail.shortened(to: limit)
    view.remedy = remedy.shortened(to: limit)
    view.acceptedReason = acceptedReason?.shortened(to: limit)
    view.accepted = accepted.shortened(to: limit)
    view.value = value.shortened(to: limit)
    return view
  }
}
