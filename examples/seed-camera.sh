#!/usr/bin/env bash
# Seed one camera permission state before the app starts, then prove it took.
# The background article's seed script, with its grep read-back replaced by `stateproof seed-check`,
# which scopes the line by package and user and classifies POLICY_FIXED, ONE_TIME and the rest.
# Usage: seed-camera.sh granted|not-asked|denied-once|blocked
# SEED_RECORD (default: seed-records.jsonl) collects one JSON line per seed for `stateproof report`.
set -euo pipefail
PKG=com.example.scanner
PERM=android.permission.CAMERA
STATE=${1:?state required}

adb shell am force-stop "$PKG" # revoking kills the process anyway

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
  *)
    echo "unknown state: $STATE" >&2; exit 2 ;;
esac

# pm can exit 0 without changing anything, so read the state back. seed-check prints the line it
# used, exits 1 with "seed did not take: wanted STATE, found OTHER" when the state did not take,
# and 2 when the dump has no such permission line for user 0.
adb shell dumpsys package "$PKG" |
  stateproof seed-check --package "$PKG" --permission "$PERM" --want "$STATE" \
    --record "${SEED_RECORD:-seed-records.jsonl}"
