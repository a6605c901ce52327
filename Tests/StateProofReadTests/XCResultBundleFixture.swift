import Foundation
import StateProofTestSupport
import StateProofModel

@testable import StateProofRead
import StateProofSystem

/// Builds result bundles in a temporary folder, in the shapes real ones have: an `Info.plist`
/// naming the format version and root, records in the tagged text encoding (zstd-compressed, as
/// Xcode stores them, unless asked raw). The test that makes one removes it (``remove()``).
struct XCResultBundleFixture {
  let folder: URL
  var bundle: URL { folder.appendingPathComponent("Run.xcresult") }
  private var next = 0

  init() throws {
    folder = try TemporaryFolder.make("stateproof-bundle-test")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Run.xcresult/Data"), withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  /// A record value in the tagged text encoding.
  indirect enum Value {
    case scalar(String, String)
    case object(String, [(String, Value)])
    case array([Value])

    static func string(_ text: String) -> Value { .scalar("String", text) }
    static func reference(_ id: String) -> Value { .object("Reference", [("id", .string(id))]) }

    var encoded: String {
      func length(_ text: String) -> String { "\(text.utf8.count):\(text)" }
      switch self {
      case .scalar(let type, let text): return "[S\(length(type))K2:_vV\(length(text))]"
      case .object(let type, let fields):
        return "[T[K2:_nV\(length(type))]" + fields.map { "K\(length($0.0))\($0.1.encoded)" }.joined() + "]"
      case .array(let elements): return "[S5:Array" + elements.map(\.encoded).joined() + "]"
      }
    }
  }

  /// Writes `Info.plist` with the version and root id.
  func info(major: Int = 3, minor: Int, root: String) throws {
    let plist: [String: Any] = [
      "version": ["major": major, "minor": minor], "rootId": ["hash": root],
      "storage": ["backend": "fileBacked2", "compression": "standard"],
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    try data.write(to: bundle.appendingPathComponent("Info.plist"))
  }

  /// Stores `bytes` as `Data/data.<id>`, zstd-compressed unless `raw`; returns the id.
  @discardableResult
  mutating func store(_ bytes: [UInt8], id: String? = nil, raw: Bool = false) throws -> String {
    next += 1
    let id = id ?? "0~fixture\(next)"
    try Data(raw ? bytes : Self.compress(bytes)).write(to: bundle.appendingPathComponent("Data/data.\(id)"))
    return id
  }

  @discardableResult
  mutating func store(_ value: Value, id: String? = nil) throws -> String {
    try store(Array(value.encoded.utf8), id: id)
  }

  static func compress(_ bytes: [UInt8]) -> [UInt8] {
    guard let zstd = ZstdLibrary.shared else { return bytes }
    var out = [UInt8](repeating: 0, count: zstd.compressBound(bytes.count))
    let count = out.withUnsafeMutableBytes { target in
      bytes.withUnsafeBytes { source in
        zstd.compress(target.baseAddress, target.count, source.baseAddress, source.count, 3)
      }
    }
    return Array(out.prefix(count))
  }

  /// An `ActionDeviceRecord`.
  static func device(name: String, model: String, os: String, build: String, platform: String = "iOS Simulator")
    -> Value
  {
    .object(
      "ActionDeviceRecord",
      [
        ("identifier", .string("ID-\(name)")), ("modelName", .string(model)), ("name", .string(name)),
        ("operatingSystemVersion", .string(os)), ("operatingSystemVersionWithBuildNumber", .string("\(os) (\(build))")),
        ("platformRecord", .object("ActionPlatformRecord", [("userDescription", .string(platform))])),
      ])
  }

  /// An `ActionRecord` of a test action on `device` whose tests are the record `tests`.
  static func testAction(device: Value, tests: String?, errors: [String] = [], status: String = "failed") -> Value {
    var result: [(String, Value)] = [("status", .string(status))]
    if !errors.isEmpty {
      result.append(
        (
          "issues",
          .object(
            "ResultIssueSummaries",
            [
              (
                "errorSummaries",
                .array(
                  errors.map {
                    .object("IssueSummary", [("issueType", .string("Uncategorized")), ("message", .string($0))])
                  })
              )
            ])
        ))
    }
    if let tests { result.append(("testsRef", .reference(tests))) }
    return .object(
      "ActionRecord",
      [
        ("actionResult", .object("ActionResult", result)),
        ("runDestination", .object("ActionRunDestinationRecord", [("targetDeviceRecord", device)])),
        ("schemeCommandName", .string("Test")),
      ])
  }

  /// An `ActionTestPlanRunSummaries` with one configuration `name` holding `tests` in one suite.
  static func plan(configurations: [(name: String, tests: [Value])], suite: String = "PermissionTests") -> Value {
    .object(
      "ActionTestPlanRunSummaries",
      [
        (
          "summaries",
          .array(
            configurations.map { configuration in
              .object(
                "ActionTestPlanRunSummary",
                [
                  ("name", .string(configuration.name)),
                  (
                    "testableSummaries",
                    .array([
                      .object(
                        "ActionTestableSummary",
                        [
                          ("name", .string("AppUITests")), ("targetName", .string("AppUITests")),
                          (
                            "tests",
                            .array([
                              .object(
                                "ActionTestSummaryGroup",
                                [
                                  ("name", .string("AppUITests.xctest")),
                                  (
                                    "subtests",
                                    .array([
                                      .object(
                                        "ActionTestSummaryGroup",
                                        [("name", .string(suite)), ("subtests", .array(configuration.tests))])
                                    ])
                                  ),
                                ])
                            ])
                          ),
                        ])
                    ])
                  ),
                ])
            })
        )
      ])
  }

  /// An `ActionTestMetadata`, its summary at `summary` when given.
  static func metadata(_ identifier: String, status: String, duration: String = "0.5", summary: String? = nil) -> Value
  {
    var fields: [(String, Value)] = [
      ("duration", .scalar("Double", duration)), ("identifier", .string(identifier)),
      ("name", .string(String(identifier.split(separator: "/").last ?? ""))), ("testStatus", .string(status)),
    ]
    if let summary { fields.append(("summaryRef", .reference(summary))) }
    return .object("ActionTestMetadata", fields)
  }
}
