/// A run destination as the database describes it.
package struct XCResultDatabaseDevice: Sendable, Hashable {
  /// Model, OS version and build, platform, as xcresulttool's JSON names them.
  package var device: XCResultDevice
  /// Whether the platform is a simulator (`com.apple.platform.iphonesimulator`).
  package var isSimulator: Bool
}
