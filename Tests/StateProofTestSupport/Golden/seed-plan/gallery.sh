#!/usr/bin/env bash
# Written by `stateproof seed-plan` from examples/gallery/stateproof.json: write it again when the
# configuration or StateProof changes. For one matrix row it puts a device into the row's permission
# state, then reads the state back with `stateproof seed-check --record`, which exits 1 when the seed
# did not take ("seed did not take: wanted STATE, found OTHER"). docs/seeding.md runs it in CI.
#   plan.sh ROW      seed one row, e.g. plan.sh android/location/not-asked
#   plan.sh --list   the rows a shell command seeds, one a line
# Exit status: 0 the state took; 1 it did not (or another build is installed); 2 no shell command
# reaches the row on this device (its dialog step is printed), or the row or device is wrong.
# Android: the device adb talks to (ANDROID_SERIAL when several are attached).
# SEED_RECORD (default: seed-records.jsonl) collects one JSON line per seed for `stateproof report`;
# STATEPROOF (default: stateproof) is the command that reads back.
# WANT_VERSION (default: the configuration's versionName; empty: any) is the versionName the installed APK must have.
# Android release devices: Pixel 8 - 14.

set -euo pipefail

# From the configuration, quoted: no value can run a command.
PKG=com.example.gallery
# The app id as the device's shell reads it (adb shell joins its words into one command line).
PKG_DEVICE=com.example.gallery
WANT_VERSION=${WANT_VERSION:-}
# The read-back's --want-version, when a versionName is wanted.
want_version=()
if [ -n "$WANT_VERSION" ]; then want_version=(--want-version "$WANT_VERSION"); fi
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

# android/location/not-asked: never asked
seed_android_location_not_asked() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -lt 31 ]; then
    no_command android/location/not-asked "$sdk" 'reinstall the app: adb uninstall PKG, then adb install its APK without -g'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  adb shell pm revoke "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION
  adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION user-set user-fixed
  adb shell pm revoke "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION
  adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION user-set user-fixed
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission location --want not-asked \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/location/precise: allowed location with “Precise” on (Android 12 and later; before, there is no choice)
seed_android_location_precise() {
  local sdk
  sdk=$(android_sdk)
  adb shell am force-stop "$PKG_DEVICE"
  adb shell pm grant "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION
  adb shell pm grant "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission location --want precise \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/location/approximate: allowed location with “Precise” off (Approximate)
seed_android_location_approximate() {
  local sdk
  sdk=$(android_sdk)
  if ! { [ "$sdk" -ge 31 ]; }; then
    no_command android/location/approximate "$sdk" 'not on this device: the row applies to Android 12 and later only'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  adb shell pm grant "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION
  adb shell pm revoke "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission location --want approximate \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/location/background: allowed location “All the time”
seed_android_location_background() {
  local sdk
  sdk=$(android_sdk)
  if ! { [ "$sdk" -ge 29 ]; }; then
    no_command android/location/background "$sdk" 'not on this device: the row applies to Android 10 and later only'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  adb shell pm grant "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION
  adb shell pm grant "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION
  adb shell pm grant "$PKG_DEVICE" android.permission.ACCESS_BACKGROUND_LOCATION
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission location --want background \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/location/denied-once: denied once
seed_android_location_denied_once() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -lt 30 ]; then
    no_command android/location/denied-once "$sdk" 'tap “Deny” without ticking “Don'\''t ask again” (com.android.permissioncontroller:id/permission_deny_button on Android 10, com.android.packageinstaller:id/permission_deny_button on 6 to 9)'
  elif [ "$sdk" -ge 30 ] && [ "$sdk" -lt 31 ]; then
    no_command android/location/denied-once "$sdk" 'tap “Deny” once in the system dialog (com.android.permissioncontroller:id/permission_deny_button)'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  adb shell pm revoke "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION
  adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION user-fixed
  adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION user-set
  adb shell pm revoke "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION
  adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION user-fixed
  adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION user-set
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission location --want denied-once \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/location/blocked: denied twice (Android 11 and later) or ticked “Don't ask again” (Android 6 to 10)
seed_android_location_blocked() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -ge 23 ] && [ "$sdk" -lt 30 ]; then
    no_command android/location/blocked "$sdk" 'deny once, ask again, then tick “Don'\''t ask again” and tap “Deny” (com.android.packageinstaller:id/permission_deny_button, Android 6 to 9); on Android 10 tap the second request'\''s “Deny & don'\''t ask again” (com.android.permissioncontroller:id/permission_deny_and_dont_ask_again_button)'
  elif [ "$sdk" -ge 30 ] && [ "$sdk" -lt 31 ]; then
    no_command android/location/blocked "$sdk" 'tap “Deny” in the system dialog, ask again and tap “Deny” again: com.android.permissioncontroller:id/permission_deny_button the first time, com.android.permissioncontroller:id/permission_deny_and_dont_ask_again_button the second (the same words)'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  adb shell pm revoke "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION
  adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.ACCESS_FINE_LOCATION user-set user-fixed
  adb shell pm revoke "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION
  adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.ACCESS_COARSE_LOCATION user-set user-fixed
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission location --want blocked \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/photos/not-asked: never asked
seed_android_photos_not_asked() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -lt 31 ]; then
    no_command android/photos/not-asked "$sdk" 'reinstall the app: adb uninstall PKG, then adb install its APK without -g'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  if [ "$sdk" -ge 31 ] && [ "$sdk" -lt 33 ]; then
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_EXTERNAL_STORAGE
    adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.READ_EXTERNAL_STORAGE user-set user-fixed
  elif [ "$sdk" -ge 33 ]; then
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES
    adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES user-set user-fixed
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO
    adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO user-set user-fixed
  fi
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission photos --want not-asked \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/photos/granted: allowed all photos and videos
seed_android_photos_granted() {
  local sdk
  sdk=$(android_sdk)
  adb shell am force-stop "$PKG_DEVICE"
  if [ "$sdk" -lt 33 ]; then
    adb shell pm grant "$PKG_DEVICE" android.permission.READ_EXTERNAL_STORAGE
  else
    adb shell pm grant "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES
    adb shell pm grant "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO
  fi
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission photos --want granted \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/photos/partial: chose “Select photos and videos” and picked some
seed_android_photos_partial() {
  local sdk
  sdk=$(android_sdk)
  if ! { [ "$sdk" -ge 34 ]; }; then
    no_command android/photos/partial "$sdk" 'not on this device: the row applies to Android 14 and later only'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  adb shell pm grant "$PKG_DEVICE" android.permission.READ_MEDIA_VISUAL_USER_SELECTED
  adb shell pm revoke "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES
  adb shell pm revoke "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission photos --want partial \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/photos/denied-once: denied once
seed_android_photos_denied_once() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -lt 30 ]; then
    no_command android/photos/denied-once "$sdk" 'tap “Deny” without ticking “Don'\''t ask again” (com.android.permissioncontroller:id/permission_deny_button on Android 10, com.android.packageinstaller:id/permission_deny_button on 6 to 9)'
  elif [ "$sdk" -ge 30 ] && [ "$sdk" -lt 31 ]; then
    no_command android/photos/denied-once "$sdk" 'tap “Deny” once in the system dialog (com.android.permissioncontroller:id/permission_deny_button)'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  if [ "$sdk" -ge 31 ] && [ "$sdk" -lt 33 ]; then
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_EXTERNAL_STORAGE
    adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.READ_EXTERNAL_STORAGE user-fixed
    adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.READ_EXTERNAL_STORAGE user-set
  elif [ "$sdk" -ge 33 ]; then
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES
    adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES user-fixed
    adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES user-set
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO
    adb shell pm clear-permission-flags "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO user-fixed
    adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO user-set
  fi
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission photos --want denied-once \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

# android/photos/blocked: denied twice (Android 11 and later) or ticked “Don't ask again” (Android 6 to 10)
seed_android_photos_blocked() {
  local sdk
  sdk=$(android_sdk)
  if [ "$sdk" -ge 23 ] && [ "$sdk" -lt 30 ]; then
    no_command android/photos/blocked "$sdk" 'deny once, ask again, then tick “Don'\''t ask again” and tap “Deny” (com.android.packageinstaller:id/permission_deny_button, Android 6 to 9); on Android 10 tap the second request'\''s “Deny & don'\''t ask again” (com.android.permissioncontroller:id/permission_deny_and_dont_ask_again_button)'
  elif [ "$sdk" -ge 30 ] && [ "$sdk" -lt 31 ]; then
    no_command android/photos/blocked "$sdk" 'tap “Deny” in the system dialog, ask again and tap “Deny” again: com.android.permissioncontroller:id/permission_deny_button the first time, com.android.permissioncontroller:id/permission_deny_and_dont_ask_again_button the second (the same words)'
  fi
  adb shell am force-stop "$PKG_DEVICE"
  if [ "$sdk" -ge 31 ] && [ "$sdk" -lt 33 ]; then
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_EXTERNAL_STORAGE
    adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.READ_EXTERNAL_STORAGE user-set user-fixed
  elif [ "$sdk" -ge 33 ]; then
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES
    adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.READ_MEDIA_IMAGES user-set user-fixed
    adb shell pm revoke "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO
    adb shell pm set-permission-flags "$PKG_DEVICE" android.permission.READ_MEDIA_VIDEO user-set user-fixed
  fi
  adb shell dumpsys package "$PKG_DEVICE" |
    "$STATEPROOF" seed-check --package "$PKG" --permission photos --want blocked \
      --sdk "$sdk" ${want_version[@]+"${want_version[@]}"} --record "$SEED_RECORD"
}

case "${1:-}" in
  --list)
    printf '%s\n' android/location/not-asked android/location/precise android/location/approximate android/location/background android/location/denied-once android/location/blocked android/photos/not-asked android/photos/granted android/photos/partial android/photos/denied-once android/photos/blocked ;;
  android/location/not-asked) seed_android_location_not_asked ;;
  android/location/precise) seed_android_location_precise ;;
  android/location/approximate) seed_android_location_approximate ;;
  android/location/background) seed_android_location_background ;;
  android/location/denied-once) seed_android_location_denied_once ;;
  android/location/blocked) seed_android_location_blocked ;;
  android/photos/not-asked) seed_android_photos_not_asked ;;
  android/photos/granted) seed_android_photos_granted ;;
  android/photos/partial) seed_android_photos_partial ;;
  android/photos/denied-once) seed_android_photos_denied_once ;;
  android/photos/blocked) seed_android_photos_blocked ;;
  '')
    echo "usage: $0 ROW | --list" >&2
    exit 2 ;;
  *)
    echo "$0: no row $1 in this plan ($0 --list lists them)" >&2
    exit 2 ;;
esac
