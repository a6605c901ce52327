import Foundation

#if canImport(Testing)
  import Testing
#endif

/// Temporary folders removed by the test that made them. A suite (or test) with the
/// ``Testing/Trait/temporaryFolders`` trait gets one scratch folder per test case; ``make(_:)``
/// creates fresh folders inside it, and the whole scratch folder is removed when the test case
/// ends, passed or failed. Outside such a test, ``make(_:)`` still works but records an issue, so
/// a forgotten trait fails the test instead of leaving folders behind.
public enum TemporaryFolder {
  /// The running test case's scratch folder.
  @TaskLocal static var scratch: URL?

  /// A fresh, empty folder whose name starts with `prefix`.
  public static func make(_ prefix: String = "folder") throws -> URL {
    let parent: URL
    if let scratch {
      parent = scratch
    } else {
      #if canImport(Testing)
        Issue.record(
          "TemporaryFolder.make() outside a test with the .temporaryFolders trait: add it to the @Suite so the folder is removed"
        )
      #endif
      parent = FileManager.default.temporaryDirectory
    }
    let url = parent.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `body` with the running test's scratch folder, for a test that runs it on threads of its own
  /// (`DispatchQueue.concurrentPerform`, `Thread`): task locals do not reach them.
  public static func carried<Argument, Result>(
    _ body: @escaping @Sendable (Argument) -> Result
  ) -> @Sendable (Argument) -> Result {
    let current = scratch
    return { argument in $scratch.withValue(current) { body(argument) } }
  }

  /// Runs `body` with its own scratch folder, then removes the folder whatever happened; a folder
  /// left behind (one a test made unwritable and did not give back) is an issue.
  public static func withScratch<T>(_ body: () async throws -> T) async throws -> T {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("stateproof-tests-\(UUID().uuidString)", isDirectory: true)
    defer { remove(scratch) }
    return try await $scratch.withValue(scratch) { try await body() }
  }

  /// Removes `url`, first making every folder under it writable again.
  static func remove(_ url: URL) {
    let manager = FileManager.default
    guard manager.fileExists(atPath: url.path) else { return }
    if (try? manager.removeItem(at: url)) != nil { return }
    let writable: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
    try? manager.setAttributes(writable, ofItemAtPath: url.path)
    if let walker = manager.enumerator(atPath: url.path) {
      for case let path as String in walker where walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
      {
        try? manager.setAttributes(writable, ofItemAtPath: url.appendingPathComponent(path).path)
      }
    }
    do {
      try manager.removeItem(at: url)
    } catch {
      #if canImport(Testing)
        Issue.record("the test's temporary folder \(url.path) could not be removed: \(error)")
      #endif
    }
  }
}

#if canImport(Testing)
  /// Gives each test case its own scratch folder for ``TemporaryFolder/make(_:)`` and removes it
  /// when the test case ends. Put it on a suite (`@Suite(.temporaryFolders)`): it applies to every
  /// test inside.
  public struct TemporaryFoldersTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
      testCase == nil ? nil : self
    }

    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      try await TemporaryFolder.withScratch { try await function() }
    }
  }

  extension Trait where Self == TemporaryFoldersTrait {
    /// Temporary folders made with ``TemporaryFolder/make(_:)`` are removed when each test ends.
    public static var temporaryFolders: Self { Self() }
  }
#endif
