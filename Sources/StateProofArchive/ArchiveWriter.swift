import StateProofSystem

/// Writes a reproducible `.tar.gz` into a caller's ``ArchiveSink``, an entry at a time: the same
/// entries in the same order with the same time give the same bytes on every machine. Memory
/// stays the same whatever the files' sizes: contents pass through one 1 MiB buffer.
///
/// Entries go in in the order they are added (``ArchiveName/sorted(_:)`` gives a reproducible
/// one), and nothing else does: no `./`, no global header. A refused name leaves the writer as it
/// was; any later error abandons the archive (every further call throws), since part of it has
/// already reached the sink and the caller must discard it.
package final class ArchiveWriter<Sink: ArchiveSink> {
  private var gzip: GzipStream<Sink>
  /// Every entry's modification time, in seconds since 1970.
  private let time: Int
  private var names: Set<[UInt8]> = []
  private var buffer = [UInt8](repeating: 0, count: 1 << 20)
  /// Why nothing more can be written, once that is so.
  private var closed: ArchiveError?

  /// Starts an archive into `sink` whose entries all carry `modificationTime` (seconds since
  /// 1970, e.g. `SOURCE_DATE_EPOCH`), with `comment` (printable ASCII) in the gzip header.
  package init(sink: Sink, modificationTime: Int, comment: String? = nil) throws(ArchiveError) {
    guard (0...TarHeader.largestTime).contains(modificationTime) else {
      throw .modificationTimeOutOfRange(modificationTime)
    }
    time = modificationTime
    gzip = try GzipStream(sink: sink, comment: comment)
  }

  /// Adds a folder entry (mode 0755); `name` has no trailing `/`.
  package func addDirectory(_ name: String) throws(ArchiveError) {
    let blocks = try header(name, .directory, size: 0)
    try guarded { () throws(ArchiveError) in try gzip.write(blocks[...]) }
  }

  /// Adds `file` as a regular file (mode 0644), from where its descriptor stands, with the size it
  /// had when opened.
  package func addFile(_ name: String, from file: RegularFile) throws(ArchiveError) {
    var source = FileDescriptorSource(file.descriptor)
    try addFile(name, size: file.size, from: &source)
  }

  /// Adds a regular file (mode 0644) of `size` bytes read from `source`. A source that ends
  /// before `size` bytes, or still has more after them, abandons the archive.
  package func addFile(_ name: String, size: Int, from source: inout some ByteSource) throws(ArchiveError) {
    precondition(size >= 0, "a file's size is never negative")
    let blocks = try header(name, .file, size: size)
    try guarded { () throws(ArchiveError) in
      try gzip.write(blocks[...])
      var left = size
      while left > 0 {
        let count = try read(name, from: &source, upTo: min(left, buffer.count))
        guard count > 0 else { throw .fileShrank(name: name, expected: size, actual: size - left) }
        try gzip.write(buffer[..<count])
        left -= count
      }
      guard try read(name, from: &source, upTo: 1) == 0 else { throw .fileGrew(name: name, expected: size) }
      try gzip.write(TarHeader.zeros[..<TarHeader.padding(size)])
    }
  }

  /// The first bytes of every archive written with `comment`: what tells one apart.
  package static func header(comment: String) -> [UInt8] { GzipStream<Sink>.header(comment: comment) }

  /// Ends the archive with tar's two zero blocks and gzip's trailer, and gives the sink back.
  package func finish() throws(ArchiveError) -> Sink {
    let sink = try guarded { () throws(ArchiveError) in
      try gzip.write(TarHeader.zeros[...])
      return try gzip.finish()
    }
    closed = .finished
    return sink
  }

  /// The header blocks for a new entry, once its name is checked and not yet taken.
  private func header(_ name: String, _ kind: TarHeader.Kind, size: Int) throws(ArchiveError) -> [UInt8] {
    if let closed { throw closed }
    let path = try ArchiveName.checked(name)
    guard names.insert(path).inserted else { throw .duplicateName(name) }
    return TarHeader.blocks(path: path, kind: kind, size: size, time: time)
  }

  /// Runs `body` unless the archive is closed; closes it as abandoned when `body` fails.
  private func guarded<Value>(_ body: () throws(ArchiveError) -> Value) throws(ArchiveError) -> Value {
    if let closed { throw closed }
    do {
      return try body()
    } catch {
      closed = .abandoned
      throw error
    }
  }

  /// Reads at most `count` bytes from `source` into the buffer's start.
  private func read(_ name: String, from source: inout some ByteSource, upTo count: Int)
    throws(ArchiveError) -> Int
  {
    let result = buffer.withUnsafeMutableBytes { buffer in
      Result { () throws(ByteSourceError) in
        try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
      }
    }
    switch result {
    case .success(let read):
      precondition((0...count).contains(read), "a source reads no more than its buffer holds")
      return read
    case .failure(let error): throw .cannotRead(name: name, reason: error.reason)
    }
  }
}
