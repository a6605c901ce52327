/// The fields StateProof reads of a device in Spoon's `result.json` (`DeviceDetails`, which Spoon
/// fills from the device's properties through ddmlib); each absent when Spoon left it out (Gson
/// writes no nulls) or wrote it in another type.
package struct SpoonDeviceDetails: Sendable, Hashable {
  /// `ro.product.model` without the manufacturer's name (`Pixel 8`); Spoon 1.0 called it `name`.
  package var model: String?
  /// `ro.build.version.release`, the Android release (`14`).
  package var version: String?
  /// `ro.build.version.sdk`; Spoon writes 0 when it is unknown.
  package var apiLevel: Int?
  /// ddmlib's `isEmulator()` (Spoon 1.1.10 and later).
  package var isEmulator: Bool?
  /// The emulator's AVD (`Pixel_8_API_34`), as ddmlib asks the emulator for it.
  package var avdName: String?

  package init(
    model: String? = nil, version: String? = nil, apiLevel: Int? = nil, isEmulator: Bool? = nil, avdName: String? = nil
  ) {
    self.model = model
    self.version = version
    self.apiLevel = apiLevel
    self.isEmulator = isEmulator
    self.avdName = avdName
  }
}
