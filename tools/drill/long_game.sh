#!/usr/bin/env bash
# One long LAN-party table at human pace (issue 10: "run a long table yourself the way people would"): a person
# hosts (`concord host --seats 4 --wait-for 2`, stdin a FIFO), a second person joins (`concord join`), the two
# other seats get the steward's AI officers. The script types for both people: every "Your order>" is answered
# with a listed order after a pause of MIN..MAX seconds, like a person reading the board. No --timeout is given:
# only the game ends the game. Prints turns, wall time, exit codes and the replays' sha256.
# usage: tools/drill/long_game.sh CONCORD [--min S] [--max S] [--rounds N] [--dir DIR]
# Only 127.0.0.1 is used; every child is killed on exit; logs are kept in DIR.
set -u
trap '' PIPE  # a write to a person's FIFO after its peer exited must not kill the script (it did once)
CONCORD=$1; shift
MIN=3 MAX=7 ROUNDS=4 DIR=""
while [ $# -gt 0 ]; do
  case $1 in
    --min) MIN=$2; shift 2;;
    --max) MAX=$2; shift 2;;
    --rounds) ROUNDS=$2; shift 2;;
    --dir) DIR=$2; shift 2;;
    *) echo "long_game.sh: unknown option $1"; exit 2;;
  esac
done
[ -n "$DIR" ] || DIR=$(mktemp -d "${TMPDIR:-/tmp}/concord-long-XXXXXX")
mkdir -p "$DIR"
cp "$CONCORD" "$DIR/concord"; BIN="$DIR/concord"
PIDS=()
cleanup() { exec 3>&- 4>&- 2>/dev/null; for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
BASE=$(( 30000 + ($$ % 500) * 10 ))
OPTS=(--opt set=9 --opt objective=goout --opt goout=fixed --opt rounds="$ROUNDS")
COMMON=(--bind 127.0.0.1 --discovery-addr off --post-game 5)
mkfifo "$DIR/in0" "$DIR/in1"
start=$(date +%s)
"$BIN" host --module warp "${OPTS[@]}" --seats 4 --wait-for 2 --port "$BASE" --identity "$DIR/alice.key" --name alice \
  --replay "$DIR/alice.cr" "${COMMON[@]}" < "$DIR/in0" > "$DIR/alice.out" 2>&1 &
HOST=$!; PIDS+=($HOST)
exec 3> "$DIR/in0"
sleep 0.5
"$BIN" join "127.0.0.1:$BASE" --port $((BASE + 1)) --identity "$DIR/bob.key" --name bob --replay "$DIR/bob.cr" \
  "${COMMON[@]}" < "$DIR/in1" > "$DIR/bob.out" 2>&1 &
JOIN=$!; PIDS+=($JOIN)
exec 4> "$DIR/in1"
declare -A ANSWERED=([alice]=0 [bob]=0)
pace() { echo "$(( MIN + RANDOM % (MAX - MIN + 1) )).$(( RANDOM % 10 ))"; }
while kill -0 $HOST 2>/dev/null || kill -0 $JOIN 2>/dev/null; do
  for who in alice bob; do
    n=$(grep -o "Your order>" "$DIR/$who.out" 2>/dev/null | wc -l)
    if [ "$n" -gt "${ANSWERED[$who]}" ]; then
      ANSWERED[$who]=$n
      fd=3; [ $who = bob ] && fd=4
      (sleep "$(pace)"; echo 1 >&$fd) 2>/dev/null &
    fi
  done
  if grep -q "^RESULT" "$DIR/alice.out" && grep -q "^RESULT" "$DIR/bob.out"; then break; fi
  sleep 0.2
done
wait $HOST; rcA=$?
exec 3>&- 4>&-
wait $JOIN; rcB=$?
took=$(( $(date +%s) - start ))
turns=$(grep -o "game over at turn [0-9]*" "$DIR/alice.out" | head -n 1 | grep -o "[0-9]*$")
echo "long game: ${turns:-?} turns in ${took} s; exit codes: host (alice) $rcA, join (bob) $rcB"
echo "prompts answered: alice ${ANSWERED[alice]}, bob ${ANSWERED[bob]}"
grep -h "^RESULT" "$DIR/alice.out" "$DIR/bob.out"
sha256sum "$DIR/alice.cr" "$DIR/bob.cr"
for r in alice bob; do "$BIN" replay verify "$DIR/$r.cr" > "$DIR/verify.$r" 2>&1 && echo "$r.cr verifies" || echo "$r.cr DOES NOT VERIFY"; done
echo "logs in $DIR"
