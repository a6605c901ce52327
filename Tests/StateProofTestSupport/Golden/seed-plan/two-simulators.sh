#!/usr/bin/env bash
# Written by `stateproof seed-plan` from examples/two-simulators/stateproof.json: write it again when the
# configuration or StateProof changes. For one matrix row it puts a device into the row's permission
# state, then reads the state back with `stateproof seed-check --record`, which exits 1 when the seed
# did not take ("seed did not take: wanted STATE, found OTHER"). docs/seeding.md runs it in CI.
#   plan.sh ROW      seed one row, e.g. plan.sh ios/camera/not-determined
#   plan.sh --list   the rows a shell command seeds, one a line
# Exit status: 0 the state took; 1 it did not (or another build is installed); 2 no shell command
# reaches the row on this device (its dialog step is printed), or the row or device is wrong.
# iOS: DEVICE, the Simulator's UDID (default: booted); seed before the app is launched.
# SEED_RECORD (default: seed-records.jsonl) collects one JSON line per seed for `stateproof report`;
# STATEPROOF (default: stateproof) is the command that reads back.
# iOS release devices: iPhone 16 (18.6), iPhone SE (3rd generation) (17.5).

set -euo pipefail

# From the configuration, quoted: no value can run a command.
BUNDLE=com.example.scanner
DEVICE=${DEVICE:-booted}
SEED_RECORD=${SEED_RECORD:-seed-records.jsonl}
STATEPROOF=${STATEPROOF:-stateproof}

# A row no shell command reaches: its dialog step, and exit 2.
dialog_only() {
  echo "$1: no shell command reaches it: $2" >&2
  exit 2
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
    printf '%s\n' ios/camera/not-determined ios/camera/authorized ios/camera/denied ;;
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
#   ios/camera/restricted: Screen Time restrictions or an MDM profile on a real device
