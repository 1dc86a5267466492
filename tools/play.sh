#!/usr/bin/env bash
# Sets up, builds and runs Concord's main job: a game of Warp against computer opponents in this terminal.
# Extra arguments go to `concord play warp` (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
echo "concord: building (first time takes a few minutes)…"
bash tools/build.sh gcc-release concord >/tmp/concord-build.log 2>&1 || { tail -30 /tmp/concord-build.log; exit 1; }
exec ./build/gcc-release/tools/concord play warp "$@"
