import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A C library StateProof opens at run time (`dlopen`) where the machine has it, so the binary
/// starts without it and only the work that needs it says it is missing: zstd and SQLite for
/// `.xcresult` bundles, libheif for HEIC screenshots (Linux; macOS decodes HEIC with ImageIO).
public enum OptionalLibrary: String, CaseIterable, Sendable {
  case zstd
  case sqlite
  case heif

  /// The libraries this platform opens at run time.
  public static var onThisPlatform: [OptionalLibrary] {
    #if canImport(Darwin)
      [.zstd, .sqlite]
    #else
      allCases
    #endif
  }

  /// What to install for it, as a user reads it in a finding or in `--version --json`.
  public var package: String {
    #if canImport(Darwin)
      switch self {
      case .zstd: "zstd (Homebrew: brew install zstd)"
      case .sqlite: "SQLite (part of macOS)"
      case .heif: "libheif (Homebrew)"
      }
    #else
      switch self {
      case .zstd: "libzstd1"
      case .sqlite: "libsqlite3-0"
      case .heif: "libheif1"
      }
    #endif
  }

  /// What StateProof does with it.
  public var purpose: String {
    switch self {
    case .zstd: "reads the object store of .xcresult bundles"
    case .sqlite: "reads the database of .xcresult bundles (Xcode 16 and later)"
    case .heif: "shows HEIC screenshots in the HTML report"
    }
  }

  /// The file names tried in order: stable sonames on Linux, the system's and Homebrew's on macOS.
  var fileNames: [String] {
    #if canImport(Darwin)
      switch self {
      case .zstd: ["/opt/homebrew/lib/libzstd.1.dylib", "/usr/local/lib/libzstd.1.dylib", "libzstd.1.dylib"]
      case .sqlite: ["/usr/lib/libsqlite3.dylib", "libsqlite3.dylib"]
      case .heif: ["/opt/homebrew/lib/libheif.1.dylib", "/usr/local/lib/libheif.1.dylib"]
      }
    #else
      switch self {
      case .zstd: ["libzstd.so.1"]
      case .sqlite: ["libsqlite3.so.0"]
      case .heif: ["libheif.so.1"]
      }
    #endif
  }

  /// Whether `STATEPROOF_DISABLE_LIBRARIES` (a comma-separated list of `zstd`, `sqlite`, `heif`,
  /// or `all`) tells this process to act as if the library were missing: to try a machine
  /// without it, or to leave out a library that misbehaves.
  var isDisabled: Bool {
    let names = (ProcessInfo.processInfo.environment["STATEPROOF_DISABLE_LIBRARIES"] ?? "")
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    return names.contains("all") || names.contains(rawValue)
  }

  /// The library opened, or nil when the machine has none of its files (or it is disabled).
  func open() -> DynamicLibrary? {
    guard !isDisabled else { return nil }
    for name in fileNames {
      if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return DynamicLibrary(handle: handle) }
    }
    return nil
  }

  /// The version this process found, as the library reports it; nil when it is not installed.
  public var version: String? {
    switch self {
    case .zstd: ZstdLibrary.shared?.version
    case .sqlite: SQLiteLibrary.shared?.version
    case .heif: HeifLibrary.shared?.version
    }
  }
}
