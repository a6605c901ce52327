/// The JSON Marathon writes with Gson for each test's final result on a device
/// (`test_result/<pool>/<serial>/<package.Class#method>.json`, a `TestResult`) and for each device
/// that joined a pool (`devices/<pool>/<serial>.json`, a `DeviceInfo`). Only the fields StateProof
/// reads; the others (`testBatchId`, `attachments`, `deviceFeatures`, `networkState`, `healthy`,
/// `metaProperties`) are left.
struct MarathonRecord: Decodable {
  struct Test: Decodable {
    var pkg: String?
    var clazz: String
    var method: String
  }

  struct Device: Decodable {
    struct OperatingSystem: Decodable {
      var version: String?
    }

    var operatingSystem: OperatingSystem?
    var serialNumber: String
    var model: String?
    var manufacturer: String?
  }

  /// A test record's test; nil in a device record.
  var test: Test?
  /// A test record's device; nil in a device record, which is one itself.
  var device: Device?
  /// `PASSED`, `FAILURE`, `IGNORED`, `INCOMPLETE` or `ASSUMPTION_FAILURE`.
  var status: String?
  /// Milliseconds since 1970.
  var startTime: Double?
  var endTime: Double?
  var stacktrace: String?

  // A device record's own fields.
  var operatingSystem: Device.OperatingSystem?
  var serialNumber: String?
  var model: String?
  var manufacturer: String?
}
