import Foundation

/// What Python's gzip and tarfile modules read from an archive: an independent reader's view.
struct TarListing: Decodable {
  var members: [TarMember]
  /// The bytes after the last entry's contents, when all of them are zero; -1 otherwise.
  var endZeroBytes: Int
  /// How many pax global header records there were (never any).
  var globalRecords: Int
  /// The CRC-32 and length of the decompressed tar, per zlib.
  var crc32: UInt32
  var length: Int

  /// `gzip.decompress` checks the trailer's CRC-32 and length; tarfile then reads the tar.
  static let script = #"""
    import base64, gzip, io, json, sys, tarfile, zlib
    raw = gzip.decompress(open(sys.argv[1], "rb").read())
    members = []
    with tarfile.open(fileobj=io.BytesIO(raw), mode="r:") as archive:
        for m in archive:
            data = archive.extractfile(m).read() if m.isfile() else None
            members.append({"name": m.name, "type": m.type.decode(), "size": m.size, "mode": m.mode,
                "mtime": m.mtime, "uid": m.uid, "gid": m.gid, "uname": m.uname, "gname": m.gname,
                "pax": sorted(m.pax_headers),
                "contents": base64.b64encode(data).decode() if data is not None else None})
        end = raw[archive.offset:]
        print(json.dumps({"members": members, "endZeroBytes": len(end) if end.count(0) == len(end) else -1,
            "globalRecords": len(archive.pax_headers), "crc32": zlib.crc32(raw), "length": len(raw)}))
    """#

  /// Reads `archive` with Python.
  static func read(_ archive: [UInt8]) throws -> TarListing {
    try ArchiveTesting.python(script, [try ArchiveTesting.file(archive).path], as: TarListing.self)
  }
}
