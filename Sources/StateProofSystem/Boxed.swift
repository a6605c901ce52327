/// An immutable value kept on the heap, so a rarely set, large optional field costs a value type
/// one pointer instead of its whole size (``FileRecord/time``: a report of 100,000 files holds
/// several copies of every record). Equal and hashed by the value, so it stays a value.
package final class Boxed<Value: Hashable & Sendable>: Hashable, Sendable {
  package let value: Value

  package init(_ value: Value) { self.value = value }

  package static func == (lhs: Boxed, rhs: Boxed) -> Bool { lhs.value == rhs.value }

  package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
