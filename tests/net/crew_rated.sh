#!/usr/bin/env bash
# Issue 11 online: a crew charter at a LAN table, and the advisor at a networked table (TEI §3.4, §4 E3;
# RULES §VIII). usage: crew_rated.sh CONCORD. Only 127.0.0.1; every child is killed on exit.
# Part 1 (charter): `host --officer --charter crew.json` takes the charter's fleet and frozen settings; an
#   outsider's `bot` is refused in the lobby (not a member); a member whose charter file differs (same id,
#   other members) refuses the table; two members' bots fill it; every peer sees the charter line; the
#   replay's signed header carries the charter, so `tei apply` rates into group/crew/<track> and `tei apply
#   --charter forged.json` (same id, other members) excludes it by rule (charter_mismatch); `tei ledger`
#   prints the crew board.
# Part 2 (advisor): a person at `join` types "advise" at the first prompt: every peer logs the warning as
#   that turn applies, the person's end screen names the seat, `tei apply` says E3 for the whole sector.
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir crew_rated)
PIDS=()
cleanup() { exec 3>&- 2>/dev/null; for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
COMMON=(--bind 127.0.0.1 --tolerance 3000 --timeout 60 --discovery-addr off)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
id() { "$CONCORD" tei id --identity "$DIR/$1.key" | cut -d' ' -f1; }
A=$(id a); B=$(id b); C=$(id c); X=$(id x)
OPTS='"options":{"objective":"goout","goout":"sudden"}'
printf '{"id":"crew","members":["%s","%s","%s"],"seats":3,%s}\n' "$A" "$B" "$C" "$OPTS" > "$DIR/crew.json"
printf '{"id":"crew","members":["%s","%s","%s"],"seats":3,%s}\n' "$A" "$B" "$X" "$OPTS" > "$DIR/forged.json"

# --- Part 1: the crew's table. A host that is no member, or a table other than the frozen one, is refused at once.
for bad_args in "--module shed" "--seats 4" "--opt objective=points" "--identity $DIR/x.key"; do
  # shellcheck disable=SC2086
  "$CONCORD" host --officer --charter "$DIR/crew.json" --identity "$DIR/a.key" $bad_args --port $((BASE + 30)) --no-replay \
    "${COMMON[@]}" < /dev/null > "$DIR/bad.out" 2>&1 && bad "host $bad_args under the charter was not refused"
  grep -q "concord: host: charter: " "$DIR/bad.out" || bad "host $bad_args: no charter error: $(tail -n 2 "$DIR/bad.out")"
done
"$CONCORD" host --officer --charter "$DIR/crew.json" --port $BASE --identity "$DIR/a.key" --name alpha \
  --replay "$DIR/a.ccr" "${COMMON[@]}" < /dev/null > "$DIR/a.out" 2>&1 &
PIDS+=($!); HA=$!
sleep 0.5
"$CONCORD" bot "127.0.0.1:$BASE" --port $((BASE + 1)) --identity "$DIR/x.key" --name mallory --no-replay "${COMMON[@]}" \
  < /dev/null > "$DIR/x.out" 2>&1 && bad "an outsider's bot was seated at the crew's table"
grep -q "join refused: this table plays under crew charter 'crew' and your key .* is not a member" "$DIR/x.out" ||
  bad "the outsider was not refused as a non-member: $(tail -n 3 "$DIR/x.out")"
"$CONCORD" bot "127.0.0.1:$BASE" --charter "$DIR/forged.json" --port $((BASE + 2)) --identity "$DIR/b.key" --name forged \
  --no-replay "${COMMON[@]}" < /dev/null > "$DIR/f.out" 2>&1 && bad "a member with another charter file joined the table"
grep -q "refusing this table: the table's crew charter 'crew' is not your charter file's 'crew'" "$DIR/f.out" ||
  bad "a different charter of the same id was not refused: $(tail -n 3 "$DIR/f.out")"
for k in b c; do
  "$CONCORD" bot "127.0.0.1:$BASE" --charter "$DIR/crew.json" --port $((BASE + 3 + ${#PIDS[@]})) --identity "$DIR/$k.key" \
    --name "bot$k" --replay "$DIR/$k.ccr" "${COMMON[@]}" < /dev/null > "$DIR/$k.out" 2>&1 &
  PIDS+=($!)
  sleep 0.3
done
for p in "${PIDS[@]}"; do wait "$p" || bad "peer $p failed"; done
PIDS=()
grep -q "Crew charter crew: fleet 3, members only; the game rates into group/crew" "$DIR/a.out" || bad "host: no charter line"
for k in b c; do
  grep -q "lobby: crew charter crew: 3 members, fleet 3, rules warp12-official-v1, frozen settings" "$DIR/$k.out" ||
    bad "joiner $k did not see the charter in the lobby: $(grep lobby "$DIR/$k.out" | head -n 5)"
  grep -q "you are a member of crew charter 'crew'" "$DIR/$k.out" || bad "joiner $k was not told it is a member"
done
"$CONCORD" replay verify "$DIR/a.ccr" > "$DIR/v.txt" 2>&1 || bad "the crew game's replay does not verify: $(cat "$DIR/v.txt")"
"$CONCORD" tei apply "$DIR/a.ccr" --charter "$DIR/crew.json" --db "$DIR/t.db" > "$DIR/ap.txt" 2>&1 || bad "tei apply: $(cat "$DIR/ap.txt")"
grep -q "group/crew/goOut" "$DIR/ap.txt" || bad "the LAN crew game did not rate into group/crew: $(cat "$DIR/ap.txt")"
grep -q "human/" "$DIR/ap.txt" && bad "a crew game wrote the human pool too: $(cat "$DIR/ap.txt")"
"$CONCORD" tei apply "$DIR/b.ccr" --charter "$DIR/forged.json" --db "$DIR/t2.db" > "$DIR/fa.txt" 2>&1
grep -q "E7 Online integrity: the sector does not match crew charter 'crew' (charter_mismatch: the signed header's charter is not crew 'crew''s own charter file" "$DIR/fa.txt" ||
  bad "a game under a charter other than the crew's file was not excluded by rule: $(cat "$DIR/fa.txt")"
mkdir -p "$DIR/led" && cp "$DIR/a.ccr" "$DIR/b.ccr" "$DIR/led/"
"$CONCORD" tei ledger "$DIR/led" --charter "$DIR/crew.json" > "$DIR/led.txt" 2>&1 || bad "tei ledger: $(cat "$DIR/led.txt")"
grep -q "board group/crew/goOut" "$DIR/led.txt" || bad "the ledger has no crew board: $(cat "$DIR/led.txt")"

# --- Part 2: a person engages the advisor at a networked table (no charter).
"$CONCORD" host --officer --module warp --opt objective=goout --opt goout=sudden --seats 3 --rated --port $((BASE + 10)) \
  --identity "$DIR/a.key" --name alpha --replay "$DIR/h2.ccr" "${COMMON[@]}" < /dev/null > "$DIR/h2.out" 2>&1 &
PIDS+=($!)
sleep 0.5
"$CONCORD" bot "127.0.0.1:$((BASE + 10))" --port $((BASE + 11)) --identity "$DIR/b.key" --name bravo --replay "$DIR/b2.ccr" \
  --think-ms 20 "${COMMON[@]}" < /dev/null > "$DIR/b2.out" 2>&1 &
PIDS+=($!)
mkfifo "$DIR/in"
XDG_DATA_HOME="$DIR/xdg" "$CONCORD" join "127.0.0.1:$((BASE + 10))" --port $((BASE + 12)) --identity "$DIR/c.key" --name carol \
  --replay "$DIR/c2.ccr" --post-game 0 "${COMMON[@]}" < "$DIR/in" > "$DIR/c2.out" 2>&1 &
PIDS+=($!); PC=$!
exec 3> "$DIR/in"
answered=0
deadline=$(( $(date +%s) + 60 ))
while kill -0 $PC 2>/dev/null && [ "$(date +%s)" -lt $deadline ]; do
  n=$(grep -o "Your order>" "$DIR/c2.out" 2>/dev/null | wc -l)
  if [ "$n" -gt "$answered" ]; then
    # "advise" reprints the prompt once: count ours, not what is on screen.
    # The second prompt hands the seat to the officer: the rest of the game plays at bot speed.
    if [ $answered -eq 0 ]; then echo "advise" >&3; echo "1" >&3; answered=2; else echo "auto" >&3; answered=$((answered + 1)); fi
  fi
  sleep 0.05
done
exec 3>&-
for p in "${PIDS[@]}"; do wait "$p" || bad "peer $p failed"; done
PIDS=()
grep -q "You engaged the tactical advisor" "$DIR/c2.out" || bad "the person was not warned when engaging the advisor"
# Seats are taken in join order (bravo or carol may connect first): read carol's seat from her own screen.
CS=$(grep -m1 -o "starts: seat [0-9]* is yours" "$DIR/c2.out" | grep -o "[0-9]*")
[ -n "$CS" ] || bad "carol's screen does not say which seat is hers"
for f in h2 b2 c2; do
  grep -q "! the captain at seat $CS (carol) consulted the tactical advisor at turn [0-9]*: this game is ASSISTED and the whole sector is not TEI-rated" "$DIR/$f.out" ||
    bad "peer $f was not warned that carol engaged the advisor: $(grep -i advis "$DIR/$f.out" | head -n 3)"
done
grep -q "This game is not TEI-rated: the captain at seat $CS (carol) consulted the tactical advisor" "$DIR/c2.out" ||
  bad "the end-of-game screen does not name the assisted seat: $(tail -n 5 "$DIR/c2.out")"
"$CONCORD" tei apply "$DIR/h2.ccr" --db "$DIR/t3.db" > "$DIR/e3.txt" 2>&1
grep -q "not TEI-rated: .*E3 .*captain at seat $CS used the tactical advisor during live play" "$DIR/e3.txt" ||
  bad "tei apply of the host's replay did not refuse the whole sector by E3: $(cat "$DIR/e3.txt")"
grep -q "→" "$DIR/e3.txt" && bad "a seat was rated in an assisted online game: $(cat "$DIR/e3.txt")"

if [ $fail -ne 0 ]; then
  for f in a x f b c h2 b2 c2; do echo "--- $f"; tail -n 12 "$DIR/$f.out" 2>/dev/null; done
  echo "logs kept in $DIR"
  exit 1
fi
[ -n "${CONCORD_KEEP_LOGS:-}" ] || rm -rf "$DIR"
echo "crew_rated: all checks passed"
