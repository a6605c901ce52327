import Foundation

/// The package's root folder, found from this file's own path (`#filePath`), never from the
/// working folder: tests find `examples/`, `Templates/` and golden files the same under
/// `swift test`, Xcode, or a runner started anywhere.
public enum PackageRoot {
  public static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `relative` inside the package, e.g. `examples/scanner` or `Templates`.
  public static func url(_ relative: String) -> URL { url.appendingPathComponent(relative) }

  public static func path(_ relative: String) -> String { url(relative).path }
}

extension PackageRoot {
  /// Makes the package root the process's working folder (once) and says whether it is. For tests
  /// whose expected output names evidence as the README's command does, relative to the package
  /// root (`examples/scanner`): `swift test` starts there already, Xcode and other runners do not.
  public static var isWorkingFolder: Bool { enteredOnce }

  private static let enteredOnce: Bool = {
    let manager = FileManager.default
    let here = URL(fileURLWithPath: manager.currentDirectoryPath).resolvingSymlinksInPath().path
    if here == url.resolvingSymlinksInPath().path { return true }
    return manager.changeCurrentDirectoryPath(url.path)
  }()
}
