/// The `format` a runner record's file is listed with: what it is, for people, and how the join
/// of records to their runner's JUnit tells the kinds apart.
package enum RunnerRecordFormat {
  /// Marathon's `test_result/<pool>/<serial>/<test>.json`: one test's final result on a device.
  package static let marathonTest = "Marathon test record"
  /// Marathon's `devices/<pool>/<serial>.json`: a device of the pool.
  package static let marathonDevice = "Marathon device record"
  /// Spoon's `result.json`: the run's summary, naming each device by the serial its files are
  /// named for.
  package static let spoonResult = "Spoon result"
}
