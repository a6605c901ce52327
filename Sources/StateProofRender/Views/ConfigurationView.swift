import StateProofModel

/// The configuration as the provenance section tells it: each departure from the built-in
/// matrix as a view, whether there is any (`departs`), and where it was found (`place`).
struct ConfigurationView: ModelView {
  let model: ConfigurationRecord
  let deviations: [DeviationView]

  enum ViewKeys: String, CodingKey, CaseIterable { case deviations, departs, place }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(deviations, forKey: .deviations)
    try container.encode(!deviations.isEmpty, forKey: .departs)
    let place =
      switch model.source {
      case .given: "given"
      case .workingFolder: "found in the working folder"
      case .evidence: "found at the top of the evidence"
      case .builtIn: "built in"
      }
    try container.encode(place, forKey: .place)
  }
}
