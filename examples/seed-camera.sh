#!/usr/bin/env bash
# Seed one camera permission state before the app starts, then prove it took.
# The background article's seed script, with its grep read-back replaced by `stateproof seed-check`,
# which scopes the line by package and user and classifies POLICY_FIXED, ONE_TIME and the rest.
# Usage: seed-camera.sh granted|not-asked|denied-once|blocked|sensor-off
# SEED_RECORD (default: seed-records.jsonl) collects one JSON line per seed for `stateproof report`;
# WANT_VERSION (optional) is the versionName the installed APK must have.
set -euo pipefail
PKG=com.example.scanner
PERM=android.permission.CAMERA
STATE=${1:?state required}

SDK=$(adb shell getprop ro.build.version.sdk | tr -d '\r')
# pm sets and clears permission flags from Android 12 (API 31) on: before it only the system
# dialog sets USER_SET and USER_FIXED (docs/platform-knowledge.md, the camera's rows by version).
case "$STATE" in
  not-asked|denied-once|blocked)
    if [ "$SDK" -lt 31 ]; then
      echo "$STATE: pm has no set-permission-flags or clear-permission-flags before Android 12 (this device is API $SDK): seed it in the dialog, or reinstall the app for not-asked" >&2
      exit 2
    fi ;;
esac

adb shell am force-stop "$PKG" # revoking kills the process anyway
# Every state but sensor-off leaves the camera switch (Android 12+) on; it exits 0 where there is none.
[ "$STATE" = sensor-off ] || adb shell cmd sensor_privacy disable 0 camera >/dev/null 2>&1 || true

case "$STATE" in
  granted)
    adb shell pm grant "$PKG" "$PERM" ;;
  not-asked)
    adb shell pm revoke "$PKG" "$PERM"
    adb shell pm clear-permission-flags "$PKG" "$PERM" user-set user-fixed ;;
  denied-once)
    adb shell pm revoke "$PKG" "$PERM"
    adb shell pm clear-permission-flags "$PKG" "$PERM" user-fixed
    adb shell pm set-permission-flags "$PKG" "$PERM" user-set ;;
  blocked)
    adb shell pm revoke "$PKG" "$PERM"
    adb shell pm set-permission-flags "$PKG" "$PERM" user-set user-fixed ;;
  sensor-off)
    # Granted, but the Quick Settings camera switch off for user 0 (Android 12+).
    adb shell pm grant "$PKG" "$PERM"
    adb shell cmd sensor_privacy enable 0 camera ;;
  *)
    echo "unknown state: $STATE" >&2; exit 2 ;;
esac

# pm and cmd sensor_privacy can exit 0 without changing anything, so read the state back, with
# the camera switch's state beside the package's. seed-check prints the line it used, exits 1
# with "seed did not take: wanted STATE, found OTHER" when the state did not take, and 2 when
# the dump has no such permission line for user 0. --sdk records the device's Android version.
# It prints (and records) the installed app's versionCode and versionName; with WANT_VERSION set
# (the release candidate's versionName) it also exits 1 when another APK is installed.
{ adb shell dumpsys package "$PKG"; adb shell dumpsys sensor_privacy; } |
  stateproof seed-check --package "$PKG" --permission camera --want "$STATE" \
    --sdk "$SDK" \
    ${WANT_VERSION:+--want-version "$WANT_VERSION"} \
    --record "${SEED_RECORD:-seed-records.jsonl}"
