/// One value being encoded, as the containers both encoders share (``NodeKeyedContainer``,
/// ``NodeUnkeyedContainer``, ``NodeSingleValueContainer``) fill it: ``SortedJSONNode`` writes
/// `report.json`'s text, ``TemplateValueNode`` builds the template data. The containers turn every
/// standard type into an ``EncodedScalar``; the node decides what a member or element becomes.
protocol EncodingNode: Encoder, AnyObject {
  /// Takes `scalar` as the object member `key`.
  func put(_ scalar: EncodedScalar, forKey key: any CodingKey) throws
  /// Encodes `value` as the object member `key`.
  func put(_ value: some Encodable, forKey key: any CodingKey) throws
  /// The node of an object member its caller fills after this returns, under `name` (`super` for
  /// a super encoder without a key).
  func pendingMember(_ key: (any CodingKey)?, name: String) -> Self
  /// Appends `scalar` to the list.
  func append(_ scalar: EncodedScalar) throws
  /// Encodes `value` as the list's next element.
  func append(_ value: some Encodable) throws
  /// The node of a list element its caller fills after this returns.
  func appendPending() -> Self
  /// Takes `scalar` as the whole value.
  func set(_ scalar: EncodedScalar) throws
}
