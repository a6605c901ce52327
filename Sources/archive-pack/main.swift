// Packs files into a reproducible .tar.gz with StateProofArchive, for scripts/bench-bundle.
// Usage: archive-pack OUTPUT.tar.gz FILE...   (entries named as given, in bytewise order, time 0)
import Foundation
import StateProofArchive
import StateProofSystem

/// Appends the archive to a file through `FileHandle`, which throws on a failed write.
struct FileSink: ArchiveSink {
  let handle: FileHandle

  func write(_ bytes: UnsafeRawBufferPointer) throws(ArchiveIOError) {
    do {
      try handle.write(contentsOf: bytes)
    } catch {
      throw ArchiveIOError(reason: error.localizedDescription)
    }
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("archive-pack: \(message)\n".utf8))
  exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 1 else { fail("usage: archive-pack OUTPUT.tar.gz FILE...") }
guard FileManager.default.createFile(atPath: arguments[0], contents: nil),
  let handle = FileHandle(forWritingAtPath: arguments[0])
else { fail("cannot create \(arguments[0])") }
do {
  let writer = try ArchiveWriter(sink: FileSink(handle: handle), modificationTime: 0)
  for name in ArchiveName.sorted(arguments.dropFirst()) {
    switch RegularFile.open(name) {
    case .success(let file): try writer.addFile(name, from: file)
    case .failure(let error): fail("\(name): \(error)")
    }
  }
  _ = try writer.finish()
  try handle.close()
} catch {
  fail("\(error)")
}
