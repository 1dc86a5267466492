#!/usr/bin/env bash
# Configures and builds one CMake preset (default gcc-release): tools/build.sh [preset] [targets...]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-gcc-release}
shift || true
# CONCORD_UNITY=ON|OFF, when set, chooses the unity build (tools/test.sh sets it for a tree it configures first).
unity=()
[ -n "${CONCORD_UNITY:-}" ] && unity=(-DCONCORD_UNITY="$CONCORD_UNITY")
# ccache, when installed, for a tree configured here first: unchanged sources compile once across clones and presets'
# reruns (CONCORD_CCACHE=0 opts out; an existing tree keeps its own launcher).
launcher=()
if [ "${CONCORD_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null && [ ! -f "build/$preset/CMakeCache.txt" ]; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake --preset "$preset" "${unity[@]}" "${launcher[@]}" >/dev/null
if [ $# -gt 0 ]; then
  cmake --build --preset "$preset" --target "$@"
else
  cmake --build --preset "$preset"
fi
