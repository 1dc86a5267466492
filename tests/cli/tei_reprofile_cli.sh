#!/usr/bin/env bash
# Issue 11 point 5 / issue 13: a change of TEI anchors (new kTeiProfileId) never reinterprets old ratings and
# never loses them. A store written under the previous anchors is refused with what to run; `tei reprofile`
# keeps it byte-for-byte as history and re-rates the replays (walk-away losses included) under the new profile.
# Usage: tei_reprofile_cli.sh CONCORD
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir tei_reprofile_cli)
trap '[ "${KEEP:-0}" = 1 ] || rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; KEEP=1; exit 1; }
export HOME="$DIR/home" XDG_DATA_HOME="$DIR/xdg" CONCORD_HOME="$DIR/home/.config/concord"
DB="$DIR/xdg/concord/tei.sqlite"
R="$DIR/xdg/concord/replays"
OLD='warp12-official-v1+anchors-2026-07-12+grades-v1'
cd "$DIR" || exit 1

# Under the previous anchors: game A walked away from (a forfeit), game B played to the end.
echo q | "$CONCORD" play warp --seats 2 --bots ensign > a.txt 2>&1
grep -q "This rated game is registered" a.txt || fail "game A was not a registered rated game: $(head -5 a.txt)"
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign > b.txt 2>&1 || fail "game B: $(tail -3 b.txt)"
grep -q "was left unfinished: it counts as a loss (walked away)" b.txt || fail "game A was not forfeited: $(head -6 b.txt)"
grep -q "rated (solo)" b.txt || fail "game B was not rated: $(tail -6 b.txt)"
[ "$(ls "$R" | wc -l)" = 2 ] || fail "expected two replays in $R: $(ls "$R")"
ME=$(sqlite3 "$DB" "SELECT player FROM ratings LIMIT 1")
# What a store written before this change holds: every row under the previous profile.
sqlite3 "$DB" "UPDATE ratings SET profile='$OLD'; UPDATE applied_games SET profile='$OLD'" || fail "sqlite3"
BEFORE=$(sqlite3 "$DB" "SELECT bucket, mu, sigma, matches FROM ratings WHERE player='$ME' ORDER BY bucket")
cp "$DB" old-copy.sqlite

# First use after the change: refused with what to run; the old rows are shown as history, unchanged.
"$CONCORD" tei show --player "$ME" > s1.txt 2>&1 || fail "tei show on the old store: $(cat s1.txt)"
grep -q "profile $OLD (earlier anchors: history, not updated; see \`concord tei reprofile\`)" s1.txt ||
  fail "tei show does not say the rating is history under the earlier anchors: $(cat s1.txt)"
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign > c.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q "holds ratings under earlier anchors ($OLD); run \`concord tei reprofile\`" c.txt ||
  fail "a rated game over an old store must stop and say what to run ($rc): $(head -5 c.txt)"
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign --no-tei --replay "$DIR/casual.ccr" > c2.txt 2>&1 ||
  fail "--no-tei must still play: $(tail -3 c2.txt)"
cp "$DB" before-apply.sqlite
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign --tei-db "$DIR/new.db" --replay "$DIR/d.ccr" > d.txt 2>&1 || fail "game D: $(tail -3 d.txt)"
"$CONCORD" tei apply "$DIR/d.ccr" > ap.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q "is not reinterpreted. Run \`concord tei reprofile" ap.txt || fail "tei apply over an old rating ($rc): $(cat ap.txt)"
cmp -s "$DB" before-apply.sqlite || fail "a refused apply changed the old store"
[ "$(sqlite3 "$DB" "SELECT bucket, mu, sigma, matches FROM ratings WHERE player='$ME' ORDER BY bucket")" = "$BEFORE" ] ||
  fail "the old ratings changed before reprofile"

# tei reprofile: the old store kept byte-for-byte, the replays re-rated under the new profile.
"$CONCORD" tei reprofile > rp.txt 2>&1 || fail "tei reprofile: $(cat rp.txt)"
grep -q "Your ratings under $OLD are kept unchanged in $DB.$OLD" rp.txt || fail "reprofile does not name the history: $(cat rp.txt)"
grep -q "1 games rated, 1 walked-away games counted as losses again" rp.txt || fail "reprofile did not re-rate B and A: $(cat rp.txt)"
cmp -s "$DB.$OLD" old-copy.sqlite || fail "the history store is not the old store byte-for-byte"
"$CONCORD" tei show --player "$ME" --db "$DB.$OLD" | grep -q "earlier anchors: history" || fail "the history store is not readable"
NEW=$(sqlite3 "$DB" "SELECT DISTINCT profile FROM ratings")
[ -n "$NEW" ] && [ "$NEW" != "$OLD" ] || fail "the re-rated store's profile: '$NEW'"
[ "$(sqlite3 "$DB" "SELECT COUNT(*) FROM applied_games")" = 2 ] || fail "the re-rated store must hold games A (forfeit) and B"
[ "$(sqlite3 "$DB" "SELECT SUM(matches) FROM ratings WHERE player='$ME'")" = 2 ] || fail "A's loss and B must both count again"
[ "$(sqlite3 "$DB" "SELECT COUNT(*) FROM pending_games")" = 0 ] || fail "no game is owed a result after the re-rating"
# Now rated play works again, and a second reprofile has nothing to do.
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign > e.txt 2>&1 || fail "game E after reprofile: $(tail -3 e.txt)"
grep -q "rated (solo)" e.txt || fail "game E was not rated after reprofile: $(tail -6 e.txt)"
"$CONCORD" tei reprofile > rp2.txt 2>&1 && grep -q "nothing to re-rate" rp2.txt || fail "second reprofile: $(cat rp2.txt)"
echo "tei reprofile CLI: all checks passed"
