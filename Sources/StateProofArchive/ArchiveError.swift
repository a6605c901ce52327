/// Why an archive could not be written, worded for the user. Names appear as given: the caller
/// escapes messages for terminals and logs, as it does every other message.
///
/// Any error leaves what the sink received unfinished and unusable: the writer refuses further
/// work, so an archive is either finished whole or abandoned, never silently short.
package enum ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
  case emptyName
  /// The name starts with `/`.
  case absoluteName(String)
  /// The name has a `..` component, which would unpack outside the destination folder.
  case parentComponent(String)
  /// The name has an empty (`a//b`, a trailing `/`) or `.` component.
  case untidyComponent(String)
  case nulInName(String)
  /// The name (as a file or a folder) is already in the archive.
  case duplicateName(String)
  /// The modification time does not fit a tar header (negative, or past the year 2242).
  case modificationTimeOutOfRange(Int)
  /// A file had fewer bytes than its size when opened.
  case fileShrank(name: String, expected: Int, actual: Int)
  /// A file had more bytes than its size when opened.
  case fileGrew(name: String, expected: Int)
  case cannotRead(name: String, reason: String)
  case cannotWrite(reason: String)
  /// Called after an earlier error.
  case abandoned
  /// Called after ``ArchiveWriter/finish()``.
  case finished

  package var description: String {
    switch self {
    case .emptyName: "an archive entry needs a name"
    case .absoluteName(let name):
      "the archive entry \(name) is absolute; entries are named from the archive's top folder"
    case .parentComponent(let name):
      "the archive entry \(name) has a .. component, which would unpack outside the destination folder"
    case .untidyComponent(let name):
      "the archive entry \(name) has an empty or . component; each entry is named one way only"
    case .nulInName(let name):
      "the archive entry \(Self.showingNUL(name)) holds a NUL byte, which no tar name can"
    case .duplicateName(let name): "\(name) is already in the archive; each entry is added once"
    case .modificationTimeOutOfRange(let time):
      "the modification time \(time) does not fit a tar header (0 to \(TarHeader.largestTime) seconds since 1970)"
    case .fileShrank(let name, let expected, let actual):
      "\(name) shrank while it was archived (\(expected) bytes when opened, \(actual) read); "
        + "the archive is incomplete and was abandoned"
    case .fileGrew(let name, let expected):
      "\(name) grew while it was archived (more than the \(expected) bytes it had when opened); "
        + "the archive was abandoned"
    case .cannotRead(let name, let reason): "cannot read \(name) into the archive: \(reason)"
    case .cannotWrite(let reason): "cannot write the archive: \(reason)"
    case .abandoned: "the archive was abandoned after an earlier error; nothing more is written to it"
    case .finished: "the archive is already finished; nothing more can be added"
    }
  }

  /// `name` with each NUL written as `\0`, so the message shows where it is.
  private static func showingNUL(_ name: String) -> String {
    name.split(separator: "\0", omittingEmptySubsequences: false).joined(separator: "\\0")
  }
}
