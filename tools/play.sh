#!/usr/bin/env bash
# Sets up, builds and runs Concord's main job: a game of Warp against computer opponents in this terminal.
# Extra arguments go to `concord play warp` (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
echo "concord: building (first time takes a few minutes)…"
bash tools/build.sh gcc-release concord >/tmp/concord-build.log 2>&1 || { tail -30 /tmp/concord-build.log; exit 1; }
# With a display (and no arguments, no CONCORD_TERMINAL=1) the Qt client opens on its start screen: Warp
# against AI officers a click away. Without one, or if the client cannot be built, the terminal table.
if [ $# -eq 0 ] && [ -z "${CONCORD_TERMINAL:-}" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  if bash tools/build.sh gcc-release concord-ui >>/tmp/concord-build.log 2>&1; then
    exec ./build/gcc-release/ui/concord-ui
  fi
  echo "concord: the Qt client did not build (see /tmp/concord-build.log); playing in the terminal"
fi
exec ./build/gcc-release/tools/concord play warp "$@"
