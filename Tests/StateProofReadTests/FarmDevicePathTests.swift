import Testing

@testable import StateProofModel
import StateProofEvidence
@testable import StateProofRead

/// The device a farm names only in its folders: Test Lab (with `-rerun_N` attempts), Gradle
/// Managed Devices, Marathon.
@Suite struct FarmDevicePathTests {
  @Test func farmFoldersNameTheirDevice() {
    let managed = "app/build/outputs/androidTest-results/managedDevice"
    #expect(DevicePath.farmDevice(in: "\(managed)/debug/pixel2api30/TEST-x.xml")?.device == "pixel2api30")
    #expect(DevicePath.farmDevice(in: "\(managed)/pixel6api33/result.xml")?.device == "pixel6api33")
    #expect(DevicePath.farmDevice(in: "app/build/outputs/androidTest-results/managedDevice/debug/result.xml") == nil)
    #expect(
      DevicePath.farmDevice(
        in: "build/reports/marathon/debugAndroidTest/tests/omni/emulator-5554/com.example.FooTest#bar.xml")?.device
        == "emulator-5554")
    #expect(DevicePath.farmDevice(in: "results/tests/omni/emulator-5554/x.xml") == nil)
    #expect(
      DevicePath.farmDevice(in: "gcs/iphonexs-12.1-en_GB-landscape-rerun_3/test_result_0.xml")
        == DevicePath.Found(device: "iphonexs-12.1-en_GB-landscape", attempt: 3))
    #expect(DevicePath.farmDevice(in: "shard_0/NexusLowRes-28-en-portrait/test_result_1.xml")?.attempt == nil)
    // Look-alikes are no device.
    #expect(DevicePath.farmDevice(in: "reports/android-test-en-portrait/x.xml") == nil)
    #expect(DevicePath.farmDevice(in: "NexusLowRes-28-en-portrait.xml") == nil)
  }

  /// Marathon's older layout read where the evidence root is Marathon's output folder, so no
  /// `marathon` folder is in the path: a folder named as Marathon escapes adam's serial
  /// (`DeviceInfo.safeSerialNumber`), or a one-test file Marathon names `<package.Class#method>.xml`,
  /// is Marathon's own.
  @Test func marathonsOwnSpellingsNeedNoMarathonFolder() {
    let test = "com.example.scanner.CameraStateTest#grantedOpensViewfinder.xml"
    #expect(DevicePath.farmDevice(in: "tests/omni/127.0.0.1-5037-emulator-5554/\(test)")?.device == "emulator-5554")
    #expect(DevicePath.farmDevice(in: "tests/omni/127.0.0.1-5037-emulator-5554/x.xml")?.device == "emulator-5554")
    #expect(DevicePath.farmDevice(in: "tests/omni/emulator-5556/\(test)")?.device == "emulator-5556")
    #expect(DevicePath.identity(in: "tests/omni/localhost-5037-R3GL206WKVZ/\(test)")?.producer == .marathon)
    // A plain folder with neither Marathon's name for the file nor for the serial stays unread.
    #expect(DevicePath.farmDevice(in: "tests/omni/emulator-5556/x.xml") == nil)
    #expect(DevicePath.farmDevice(in: "tests/unit/helpers/x.xml") == nil)
  }

  /// `String.escape()` turns every character but letters, digits, `.` and `#` into `-`: adam's
  /// `<host>:<port>:<adb serial>` loses its colons, and so does a device adb reaches over TCP.
  @Test func marathonsEscapedSerials() {
    #expect(MarathonDevice.serial(fromFolder: "127.0.0.1-5037-emulator-5554") == "emulator-5554")
    #expect(MarathonDevice.serial(fromFolder: "127.0.0.1-5037-192.168.1.20-5555") == "192.168.1.20:5555")
    #expect(MarathonDevice.adbSerial("127.0.0.1:5037:192.168.1.20:5555") == "192.168.1.20:5555")
    #expect(MarathonDevice.serial(fromFolder: "R3GL206WKVZ") == "R3GL206WKVZ")
    #expect(MarathonDevice.serial(fromFolder: "127.0.0.1-5037-") == "127.0.0.1-5037-")
  }

  @Test func testLabSpellings() {
    let lab = TestLabDevice("Pixel2.arm-33-en-portrait-rerun_2")
    #expect(lab?.model == "Pixel2.arm")
    #expect(lab?.version == "33")
    #expect(lab?.rerun == 2)
    #expect(lab?.isApple == false)
    #expect(TestLabDevice("iphone13pro-15.7-de_DE-landscape")?.isApple == true)
    #expect(
      TestLabDevice.suiteDevice("NexusLowRes-28-en-portrait#com.example.Test")?.name == "NexusLowRes-28-en-portrait")
    #expect(TestLabDevice.suiteDevice("com.example.CameraTest") == nil)
    #expect(TestLabDevice("a-b-en-portrait") == nil)
  }
}
