#!/usr/bin/env bash
# Configures and builds one CMake preset (default gcc-release): tools/build.sh [preset] [targets...]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-gcc-release}
shift || true
# CONCORD_UNITY=ON|OFF, when set, chooses the unity build (tools/test.sh sets it for a tree it configures first).
unity=()
[ -n "${CONCORD_UNITY:-}" ] && unity=(-DCONCORD_UNITY="$CONCORD_UNITY")
cmake --preset "$preset" "${unity[@]}" >/dev/null
if [ $# -gt 0 ]; then
  cmake --build --preset "$preset" --target "$@"
else
  cmake --build --preset "$preset"
fi
