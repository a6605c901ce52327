import Foundation

/// One entry as Python's tarfile reads it.
struct TarMember: Decodable {
  var name: String
  /// The typeflag: "0" a file, "5" a folder.
  var type: String
  var size: Int
  var mode: Int
  var mtime: Int
  var uid: Int
  var gid: Int
  var uname: String
  var gname: String
  /// The pax extended header keys that applied to it.
  var pax: [String]
  /// A file's bytes, base64.
  var contents: String?

  var bytes: [UInt8]? { contents.flatMap { Data(base64Encoded: $0) }.map { Array($0) } }
}
