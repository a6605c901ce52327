/// The flags on a permission line, by name; unknown names and numeric bits are kept as printed,
/// because Android prints bits it has no name for in decimal (`524288`) and OEMs add their own.
package struct PermissionFlags: Sendable, Hashable {
  /// Names in the order printed, with `REVOKE_ON_UPGRADE` read as its newer name `REVOKED_COMPAT`.
  package private(set) var names: [String] = []
  /// The same names as a set, so classification stays linear on a line with thousands of flags.
  private var lookup: Set<String> = []

  /// AOSP's `permissionFlagToString` names by bit, lowest first.
  package static let namesByBit: [Int: String] = [
    0: "USER_SET", 1: "USER_FIXED", 2: "POLICY_FIXED", 3: "REVOKED_COMPAT", 4: "SYSTEM_FIXED",
    5: "GRANTED_BY_DEFAULT", 6: "REVIEW_REQUIRED", 7: "REVOKE_WHEN_REQUESTED",
    8: "USER_SENSITIVE_WHEN_GRANTED", 9: "USER_SENSITIVE_WHEN_DENIED",
    11: "RESTRICTION_INSTALLER_EXEMPT", 12: "RESTRICTION_SYSTEM_EXEMPT",
    13: "RESTRICTION_UPGRADE_EXEMPT", 14: "APPLY_RESTRICTION", 15: "GRANTED_BY_ROLE",
    16: "ONE_TIME", 17: "AUTO_REVOKED",
  ]

  /// No flags: the line had no `, flags=` part, or an empty bracket.
  package init() {}

  /// Flags from the bracket contents, separated by `|` (Android 10+) or spaces (6–9).
  package init<Bytes: Collection<UInt8>>(listed bytes: Bytes) {
    let separators: Set<UInt8> = [UInt8(ascii: "|"), UInt8(ascii: " "), UInt8(ascii: "\t")]
    for token in bytes.split(whereSeparator: separators.contains) {
      append(String(decoding: token, as: UTF8.self))
    }
  }

  /// Flags from the M preview's hex number; bits without a name print as their decimal value.
  package init(bits: UInt64) {
    for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
      append(Self.namesByBit[bit] ?? String(UInt64(1) << UInt64(bit)))
    }
  }

  package func contains(_ name: String) -> Bool { lookup.contains(name) }

  /// The names as a set, as classifying takes them.
  package var set: Set<String> { lookup }

  private mutating func append(_ name: String) {
    let current = name == "REVOKE_ON_UPGRADE" ? "REVOKED_COMPAT" : name
    names.append(current)
    lookup.insert(current)
  }
}
