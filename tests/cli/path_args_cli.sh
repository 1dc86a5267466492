#!/usr/bin/env bash
# Issue 30 "Files that survive": every path argument of every concord command, given a directory, a missing file,
# an empty file, garbage or a FIFO (a file that cannot be read as one: as root, chmod 000 does not stop a read),
# ends with exit 1 and one line naming the path and the problem; never an abort (134), a signal, or a hang.
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir path_args_cli)
trap 'rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export HOME="$DIR/home" CONCORD_HOME="$DIR/home/concord" XDG_DATA_HOME="$DIR/home/data"
mkdir -p "$HOME" "$DIR/adir"
: > "$DIR/empty"
head -c 3000 /dev/urandom > "$DIR/garbage"
mkfifo "$DIR/fifo"
MISSING="$DIR/no/such/file"

# expect_refused NAME PATH CMD...: the command (with PATH in it) exits 1 and names PATH on stderr.
expect_refused() {
  local name=$1 path=$2
  shift 2
  timeout 60 "$@" < /dev/null > "$DIR/out" 2> "$DIR/err"
  local rc=$?
  [ "$rc" = 124 ] && fail "$name: hung on $path: $*"
  [ "$rc" = 1 ] || fail "$name: exit $rc (want 1) for $path: $*; stderr: $(head -c 600 "$DIR/err")"
  grep -qF -- "$path" "$DIR/err" || fail "$name: the error does not name $path: $(head -c 600 "$DIR/err")"
  grep -qiE "terminate called|what\(\)|Aborted" "$DIR/err" && fail "$name: crashed: $(cat "$DIR/err")"
  return 0
}

# Inputs that must exist and be a readable file.
for bad in "$DIR/adir" "$MISSING" "$DIR/empty" "$DIR/garbage" "$DIR/fifo"; do
  for sub in info verify dump step export; do expect_refused "replay $sub" "$bad" "$CONCORD" replay "$sub" "$bad"; done
  expect_refused "replay advise" "$bad" "$CONCORD" replay advise "$bad" --seat 0 --turn 0
  expect_refused "replay salvage" "$bad" "$CONCORD" replay salvage "$bad" "$DIR/out.ccr"
  expect_refused "play warp --resume" "$bad" "$CONCORD" play warp --resume "$bad"
  expect_refused "play elc --resume" "$bad" "$CONCORD" play elc --resume "$bad"
  expect_refused "play web --resume" "$bad" "$CONCORD" play web --resume "$bad"
  expect_refused "play warp --charter" "$bad" "$CONCORD" play warp --charter "$bad"
  expect_refused "host --charter" "$bad" "$CONCORD" host --charter "$bad" --seats 2
  expect_refused "tei apply" "$bad" "$CONCORD" tei apply "$bad" --db "$DIR/tei.sqlite"
  expect_refused "tei apply --charter" "$bad" "$CONCORD" tei apply "$DIR/garbage" --charter "$bad" --db "$DIR/tei.sqlite"
  expect_refused "tei apply-record" "$bad" "$CONCORD" tei apply-record "$bad" --db "$DIR/tei.sqlite"
  expect_refused "tei ledger --charter" "$bad" "$CONCORD" tei ledger "$DIR/adir" --charter "$bad"
  for mod in warp elc web; do expect_refused "$mod scenario" "$bad" "$CONCORD" "$mod" scenario "$bad"; done
  expect_refused "calibrate merge" "$bad" "$CONCORD" calibrate merge "$bad"
  expect_refused "elc calibrate merge" "$bad" "$CONCORD" elc calibrate merge "$bad"
done

# Folders that must exist and be folders.
for bad in "$MISSING" "$DIR/garbage"; do
  expect_refused "tei ledger" "$bad" "$CONCORD" tei ledger "$bad"
  expect_refused "tei reprofile" "$bad" "$CONCORD" tei reprofile "$bad" --db "$DIR/tei.sqlite"
done

# Stores read if there, created if not (identity keys, TEI databases): a folder, a FIFO or garbage is refused.
for bad in "$DIR/adir" "$DIR/fifo" "$DIR/garbage"; do
  expect_refused "tei id --identity" "$bad" "$CONCORD" tei id --identity "$bad"
  expect_refused "play warp --identity" "$bad" "$CONCORD" play warp --identity "$bad"
  expect_refused "host --identity" "$bad" "$CONCORD" host --identity "$bad" --seats 2
  expect_refused "join --identity" "$bad" "$CONCORD" join 127.0.0.1:1 --identity "$bad"
  expect_refused "tei show --db" "$bad" "$CONCORD" tei show --db "$bad" --player ab
  expect_refused "tei leaderboard --db" "$bad" "$CONCORD" tei leaderboard --db "$bad"
  expect_refused "play warp --tei-db" "$bad" "$CONCORD" play warp --tei-db "$bad"
done

# Outputs: a folder, or a path inside a file, is refused before any work (missing folders are created or named by the
# writer: `play` and `selfplay` create theirs).
for bad in "$DIR/adir" "$DIR/garbage/out.ccr"; do
  expect_refused "replay record" "$bad" "$CONCORD" replay record "$bad" --turns 5
  expect_refused "replay salvage OUT" "$bad" "$CONCORD" replay salvage "$DIR/garbage" "$bad"
  expect_refused "replay export --out" "$bad" "$CONCORD" replay export "$DIR/garbage" --out "$bad"
  expect_refused "selfplay --out" "$bad" "$CONCORD" selfplay --out "$bad"
  expect_refused "play warp --replay" "$bad" "$CONCORD" play warp --replay "$bad"
  expect_refused "host --replay" "$bad" "$CONCORD" host --replay "$bad" --seats 2
  expect_refused "tei ledger --out" "$bad" "$CONCORD" tei ledger "$DIR/adir" --out "$bad"
  expect_refused "calibrate --out" "$bad" "$CONCORD" calibrate --out "$bad" --games 1
done
expect_refused "selfplay --out-dir" "$DIR/garbage" "$CONCORD" selfplay --out-dir "$DIR/garbage"
echo "ok: every path argument refused a folder, a missing, empty, garbage and FIFO file with exit 1"
