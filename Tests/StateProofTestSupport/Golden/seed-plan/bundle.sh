#!/usr/bin/env bash
# Written by `stateproof seed-plan` from examples/bundle/stateproof.json: write it again when the
# configuration or StateProof changes. For one matrix row it puts a device into the row's permission
# state, then reads the state back with `stateproof seed-check --record`, which exits 1 when the seed
# did not take ("seed did not take: wanted STATE, found OTHER"). docs/seeding.md runs it in CI.
#   plan.sh ROW      seed one row, e.g. plan.sh ios/camera/authorized
#   plan.sh --list   the rows a shell command seeds, one a line
# Exit status: 0 the state took; 1 it did not (or another build is installed); 2 no shell command
# reaches the row on this device (its dialog step is printed), or the row or device is wrong.
# iOS: DEVICE, the Simulator's UDID (default: booted); seed before the app is launched.
# SEED_RECORD (default: seed-records.jsonl) collects one JSON line per seed for `stateproof report`;
# STATEPROOF (default: stateproof) is the command that reads back.
# iOS release devices: iPhone SE (2nd generation) (14.0).

set -euo pipefail

# From the configuration, quoted: no value can run a command.
BUNDLE=com.coulomb-example-code.bitrise-screenshot-automation
DEVICE=${DEVICE:-booted}
SEED_RECORD=${SEED_RECORD:-seed-records.jsonl}
STATEPROOF=${STATEPROOF:-stateproof}

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
    printf '%s\n' ios/camera/authorized ios/camera/denied ;;
  ios/camera/authorized) seed_ios_camera_authorized ;;
  ios/camera/denied) seed_ios_camera_denied ;;
  '')
    echo "usage: $0 ROW | --list" >&2
    exit 2 ;;
  *)
    echo "$0: no row $1 in this plan ($0 --list lists them)" >&2
    exit 2 ;;
esac
