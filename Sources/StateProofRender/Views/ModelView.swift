/// A model value as a template sees it: its members as `report.json` has them (``model``) with
/// the view's own (``ViewKeys``) beside them or in place of the model's of the same name, which
/// are then not encoded at all. Encodes only into template data (``TemplateValueEncoder``).
protocol ModelView: Encodable {
  associatedtype Model: Encodable
  associatedtype ViewKeys: CodingKey & CaseIterable
  /// The model value whose members the view shows.
  var model: Model { get }
  /// Encodes the view's own members.
  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws
}

extension ModelView {
  func encode(to encoder: any Encoder) throws {
    guard let node = encoder as? TemplateValueNode else {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath, debugDescription: "a view encodes only into template data"))
    }
    try node.encodeMembers(of: model, except: ViewKeys.self)
    var container = encoder.container(keyedBy: ViewKeys.self)
    try encodeView(to: &container)
  }
}
