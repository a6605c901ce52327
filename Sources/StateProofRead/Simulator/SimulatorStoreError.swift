import StateProofKnowledge

/// Why `seed-check --ios` could not read the Simulator's store, or could not decide: each case
/// names what was looked for, so the command line prints it as it is (exit status 2).
package enum SimulatorStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `--permission` is no built-in permission with a Simulator store.
  case unknownPermission(String)
  /// `--want` is no iOS state of the permission.
  case unknownState(String, permission: String, states: [String])
  /// The state exists, but the store cannot tell it from another (restricted, provisional …).
  case unreadableState(String, permission: String, readable: [String])
  /// The store's file is missing from the data folder.
  case missingStore(path: String, why: String)
  /// The store's file is there but cannot be read.
  case unreadableStore(path: String, reason: String)
  /// TCC.db's `access` table has neither `allowed` nor `auth_value`.
  case unknownSchema(path: String, columns: [String])
  /// The app's own rows for the service say different things (a duplicate row left by an old
  /// writer with another value).
  case conflictingRows(service: String, values: [String])
  /// The printed lines hold nothing for the store the permission is kept in.
  case nothingPrinted(store: String, line: Int?)
  /// A printed line cannot be read.
  case unreadableLine(line: Int, message: String)

  package var description: String {
    switch self {
    case .unknownPermission(let permission):
      let ids = PlatformKnowledge.permissions.filter { $0.ios?.store != nil }.map(\.id)
      return "unknown permission '\(permission)' for --ios; use a built-in id with a Simulator store ("
        + ids.joined(separator: ", ") + ")"
    case .unknownState(let state, let permission, let states):
      return "unknown state '\(state)' for \(permission) on iOS (the states: \(states.joined(separator: ", ")))"
    case .unreadableState(let state, let permission, let readable):
      return
        "\(permission)'s \(state) cannot be read from the Simulator's store, which cannot tell it apart; the store reads \(readable.joined(separator: ", "))"
    case .missingStore(let path, let why):
      return "\(path) does not exist: \(why)"
    case .unreadableStore(let path, let reason):
      return "\(path) cannot be read: \(reason)"
    case .unknownSchema(let path, let columns):
      return
        "\(path): the access table has neither allowed nor auth_value, a schema StateProof does not know (columns: \(columns.joined(separator: ", ")))"
    case .conflictingRows(let service, let values):
      return
        "the app has several \(service) rows that disagree (\(values.joined(separator: ", "))): an old writer left duplicates; reset the service and seed again"
    case .nothingPrinted(let store, let line):
      return
        "the input has no \(store) line\(line.map { " (read to line \($0))" } ?? ""): print the store's lines for the app (docs/seeding.md)"
    case .unreadableLine(let line, let message):
      return "line \(line): \(message)"
    }
  }
}
