#!/usr/bin/env bash
# Written by `stateproof seed-plan` from examples/scanner/stateproof.json: write it again when the
# configuration or StateProof changes. For one matrix row it puts a device into the row's permission
# state, then reads the state back with `stateproof seed-check --record`, which exits 1 when the seed
# did not take ("seed did not take: wanted STATE, found OTHER"). docs/seeding.md runs it in CI.
#   plan.sh ROW      seed one row, e.g. plan.sh android/camera/not-asked
#   plan.sh --list   the rows a shell command seeds, one a line
# Exit status: 0 the state took; 1 it did not (or another build is installed); 2 no shell command
# reaches the row on this device (its dialog step is printed), or the row or device is wrong.
# Android: the device adb talks to (ANDROID_SERIAL when several are attached).
# iOS: DEVICE, the Simulator's UDID (default: booted); seed before the app is launched.
# SEED_RECORD (default: seed-records.jsonl) collects one JSON line per seed for `stateproof report`;
# STATEPROOF (default: stateproof) is the command that reads back.
# WANT_VERSION (default: the configuration's versionName; empty: any) is the versionName the installed APK must have.
# Android release devices: Pixel 8 - 14.
# iOS release devices: iPhone 16 (18.6).

set -euo pipefail

# From the configuration, quoted: no value can run a command.
PKG=com.example.scanner
# The app id as the device's shell reads it (adb shell joins its words into one command line).
PKG_DEVICE=com.example.scanner
if [ -z "${WANT_VERSION+set}" ]; then WANT_VERSION=4.2.0; fi
# The read-back's --want-version, when a versionName is wanted.
want_version=()
if [ -n "$WANT_VERSION" ]; then want_version=(--want-version "$WANT_VERSION"); fi
BUNDLE=com.example.scanner
DEVICE=${DEVICE:-booted}
SEED_RECORD=${SEED_RECORD:-seed-records.jsonl}
STATEPROOF=${STATEPROOF:-stateproof}

# The device's API level, which chooses each row's seed.
android_sdk() {
  adb shell getprop ro.build.version.sdk | tr -d '\r'
}

# A row this device's version has no shell seed for: what to do instead, and exit 2.
no_command() {
  echo "$1 on API $2: $3" >&2
  exit 2
}

# A row no shell command reaches: its dialog step, and exit 2.
dialog_only() {
  echo "$1: no shell command reaches it: $2" >&2
  exit 2
}

# android/camera/not-asked: never asked
seed_android_camera_not_asked() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -lt 31 ]; then
    no_command android/camera/not-asked "$sdk" 'reinstall the app: adb uninstall PKG, then adb install its APK without -g'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  # Every state but sensor-off leaves the camera switch on; it exits 0 where there is none.
  adb shell cmd sensor_privacy disable 0 camera >/dev/null 2>&1 || true
  adb shell pm revoke "$PKG_DEVICE" android.permission.CAMERA
  adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.CAMERA user-set user-fixed
  { adb shell dumpsys package "$PKG_DEVICE"; adb shell dumpsys sensor_privacy; } |
    "$STATEPROOF" seed-check --package "$PKG" --permission camera --want not-asked \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/camera/granted: allowed
seed_android_camera_granted() {
  local sdk
  sdk=$(android_sdk)
  adb shell am force-stop "$PKG_DEVICE"
  # Every state but sensor-off leaves the camera switch on; it exits 0 where there is none.
  adb shell cmd sensor_privacy disable 0 camera >/dev/null 2>&1 || true
  adb shell pm grant "$PKG_DEVICE" android.permission.CAMERA
  { adb shell dumpsys package "$PKG_DEVICE"; adb shell dumpsys sensor_privacy; } |
    "$STATEPROOF" seed-check --package "$PKG" --permission camera --want granted \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/camera/denied-once: denied once
seed_android_camera_denied_once() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -lt 30 ]; then
    no_command android/camera/denied-once "$sdk" 'tap “Deny” without ticking “Don'\''t ask again” (com.android.permissioncontroller:id/permission_deny_button on Android 10, com.android.packageinstaller:id/permission_deny_button on 6 to 9)'
  elif [ "$sdk" -ge 30 ] && [ "$sdk" -lt 31 ]; then
    no_command android/camera/denied-once "$sdk" 'tap “Deny” once in the system dialog (com.android.permissioncontroller:id/permission_deny_button)'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  # Every state but sensor-off leaves the camera switch on; it exits 0 where there is none.
  adb shell cmd sensor_privacy disable 0 camera >/dev/null 2>&1 || true
  adb shell pm revoke "$PKG_DEVICE" android.permission.CAMERA
  adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.CAMERA user-fixed
  adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.CAMERA user-set
  { adb shell dumpsys package "$PKG_DEVICE"; adb shell dumpsys sensor_privacy; } |
    "$STATEPROOF" seed-check --package "$PKG" --permission camera --want denied-once \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/camera/blocked: denied twice (Android 11 and later) or ticked “Don't ask again” (Android 6 to 10)
seed_android_camera_blocked() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -ge 23 ] && [ "$sdk" -lt 30 ]; then
    no_command android/camera/blocked "$sdk" 'deny once, ask again, then tick “Don'\''t ask again” and tap “Deny” (com.android.packageinstaller:id/permission_deny_button, Android 6 to 9); on Android 10 tap the second request'\''s “Deny & don'\''t ask again” (com.android.permissioncontroller:id/permission_deny_and_dont_ask_again_button)'
  elif [ "$sdk" -ge 30 ] && [ "$sdk" -lt 31 ]; then
    no_command android/camera/blocked "$sdk" 'tap “Deny” in the system dialog, ask again and tap “Deny” again: com.android.permissioncontroller:id/permission_deny_button the first time, com.android.permissioncontroller:id/permission_deny_and_dont_ask_again_button the second (the same words)'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  # Every state but sensor-off leaves the camera switch on; it exits 0 where there is none.
  adb shell cmd sensor_privacy disable 0 camera >/dev/null 2>&1 || true
  adb shell pm revoke "$PKG_DEVICE" android.permission.CAMERA
  adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.CAMERA user-set user-fixed
  { adb shell dumpsys package "$PKG_DEVICE"; adb shell dumpsys sensor_privacy; } |
    "$STATEPROOF" seed-check --package "$PKG" --permission camera --want blocked \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# ios/camera/not-determined: never asked
seed_ios_camera_not_determined() {
  # Some privacy changes end the app; it is stopped first, and launched by the test after.
  xcrun simctl terminate "$DEVICE" "$BUNDLE" >/dev/null 2>&1 || true
  xcrun simctl privacy "$DEVICE" reset camera "$BUNDLE"
  "$STATEPROOF" seed-check --ios --device "$DEVICE" --package "$BUNDLE" \
    --permission camera --want not-determined --record "$SEED_RECORD"
}

# ios/camera/authorized: allowed
seed_ios_camera_authorized() {
  # Some privacy changes end the app; it is stopped first, and launched by the test after.
  xcrun simctl terminate "$DEVICE" "$BUNDLE" >/dev/null 2>&1 || true
  xcrun simctl privacy "$DEVICE" grant camera "$BUNDLE"
  "$STATEPROOF" seed-check --ios --device "$DEVICE" --package "$BUNDLE" \
    --permission camera --want authorized --record "$SEED_RECORD"
}

# ios/camera/denied: denied (“Don't Allow”)
seed_ios_camera_denied() {
  # Some privacy changes end the app; it is stopped first, and launched by the test after.
  xcrun simctl terminate "$DEVICE" "$BUNDLE" >/dev/null 2>&1 || true
  xcrun simctl privacy "$DEVICE" revoke camera "$BUNDLE"
  "$STATEPROOF" seed-check --ios --device "$DEVICE" --package "$BUNDLE" \
    --permission camera --want denied --record "$SEED_RECORD"
}

case "${1:-}" in
  --list)
    printf '%s\n' android/camera/not-asked android/camera/granted android/camera/denied-once android/camera/blocked ios/camera/not-determined ios/camera/authorized ios/camera/denied ;;
  android/camera/not-asked) seed_android_camera_not_asked ;;
  android/camera/granted) seed_android_camera_granted ;;
  android/camera/denied-once) seed_android_camera_denied_once ;;
  android/camera/blocked) seed_android_camera_blocked ;;
  android/camera/policy-denied)
    dialog_only android/camera/policy-denied 'a device-policy app such as TestDPC denies it with setPermissionGrantState' ;;
  ios/camera/not-determined) seed_ios_camera_not_determined ;;
  ios/camera/authorized) seed_ios_camera_authorized ;;
  ios/camera/denied) seed_ios_camera_denied ;;
  ios/camera/restricted)
    dialog_only ios/camera/restricted 'Screen Time restrictions or an MDM profile on a real device' ;;
  '')
    echo "usage: $0 ROW | --list" >&2
    exit 2 ;;
  *)
    echo "$0: no row $1 in this plan ($0 --list lists them)" >&2
    exit 2 ;;
esac

# Rows no shell command reaches (plan.sh ROW prints the step and exits 2):
#   android/camera/policy-denied: a device-policy app such as TestDPC denies it with setPermissionGrantState
#   ios/camera/restricted: Screen Time restrictions or an MDM profile on a real device
