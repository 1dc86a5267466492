#!/usr/bin/env bash
# Issue 11 "Ratings and identity" as a user meets it at the terminal: unfinished games are not results
# (point 1), the small ones (point 6). Each check names the point it pins. Usage: tei_record_cli.sh CONCORD
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir tei_record_cli)
trap '[ "${KEEP:-0}" = 1 ] || rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; KEEP=1; exit 1; }
export HOME="$DIR/home" XDG_DATA_HOME="$DIR/xdg" CONCORD_HOME="$DIR/home/.config/concord"
DB="$DIR/t.db"
cd "$DIR" || exit 1

# --- Point 1: an unfinished game is refused, records nothing, and the finished copy is then accepted.
echo q | "$CONCORD" play warp --seats 2 --bots ensign --replay "$DIR/game.ccr" --tei-db "$DB" > play1.txt 2>&1
grep -q "Resume this game with" play1.txt || fail "point 1: q did not save the game: $(tail -3 play1.txt)"
cp "$DIR/game.ccr" "$DIR/unfinished.ccr"
"$CONCORD" tei apply "$DIR/unfinished.ccr" --db "$DB" > a1.txt 2>&1; rc=$?
[ $rc = 1 ] || fail "point 1: an unfinished game must be refused with exit 1 (got $rc): $(cat a1.txt)"
grep -q "refused: game .* is unfinished" a1.txt || fail "point 1: the refusal does not say the game is unfinished: $(cat a1.txt)"
grep -q "nothing was recorded" a1.txt || fail "point 1: the refusal does not say nothing was recorded: $(cat a1.txt)"
if [ -f "$DB" ]; then
  [ "$(sqlite3 "$DB" 'SELECT COUNT(*) FROM applied_games' 2>/dev/null || echo 0)" = 0 ] || fail "point 1: an unfinished game was recorded"
fi
# Issue 30: a refused game never creates a database.
"$CONCORD" tei apply "$DIR/unfinished.ccr" --db "$DIR/fresh.db" > a1b.txt 2>&1 && fail "point 1: an unfinished game was accepted: $(cat a1b.txt)"
[ -e "$DIR/fresh.db" ] && fail "issue 30: tei apply of a refused game created the database $DIR/fresh.db: $(cat a1b.txt)"
grep -q "no database was created" a1b.txt || fail "issue 30: the refusal does not say no database was created: $(cat a1b.txt)"
mkdir -p ledger1 && cp "$DIR/unfinished.ccr" ledger1/
"$CONCORD" tei ledger ledger1 > l1.txt 2>&1 || fail "point 1: a ledger with an unfinished game failed: $(cat l1.txt)"
grep -q "not rated: unfinished" l1.txt || fail "point 1: the ledger does not say the game is unfinished: $(cat l1.txt)"
echo auto | "$CONCORD" play warp --resume "$DIR/game.ccr" --tei-db "$DB" > play2.txt 2>&1 || fail "point 1: resume failed: $(tail -5 play2.txt)"
grep -q "Final standings" play2.txt || fail "point 1: the resumed game did not finish: $(tail -5 play2.txt)"
"$CONCORD" tei apply "$DIR/game.ccr" --db "$DB" > a2.txt 2>&1
grep -q "already applied" a2.txt || fail "point 1: the finished copy was not rated at the end of play: $(cat play2.txt a2.txt)"
grep -q "already applied" play2.txt && fail "point 1: the finished copy was refused as already applied: $(cat play2.txt)"
grep -q "rated (solo)" play2.txt || fail "point 1: the finished copy was not rated: $(cat play2.txt)"

# --- Point 2: the solo player signs with the persistent per-user identity (created once, 0600, fingerprint shown).
grep -q "Created your identity \[" play1.txt || fail "point 2: the first game did not create the identity: $(head -3 play1.txt)"
[ "$(stat -c %a "$CONCORD_HOME/identity.key")" = 600 ] || fail "point 2: identity.key is not mode 0600"
FP=$(sed -n 's/^Created your identity \[\([0-9a-f-]*\)\].*/\1/p' play1.txt)
grep -q "Signing as your identity \[$FP\]" play2.txt || fail "point 2: resume did not sign as the same identity: $(head -2 play2.txt)"
"$CONCORD" replay info "$DIR/game.ccr" > info.txt 2>&1 || fail "replay info: $(cat info.txt)"
grep -q "^seat 0 .* $FP" info.txt || fail "point 2: seat 0 is not signed by the user's identity $FP: $(cat info.txt)"
CONCORD_HOME="$DIR/other" "$CONCORD" play warp --seats 2 --bots ensign --seed 1 --replay "$DIR/other.ccr" --no-tei < /dev/null > o.txt 2>&1
grep -q "Created your identity \[$FP\]" o.txt && fail "point 2: two users got the same solo identity"
"$CONCORD" replay info "$DIR/other.ccr" | grep -q "^seat 0 .* $FP" && fail "point 2: another user's game is signed with this user's key"
CONCORD_HOME="$DIR/other" "$CONCORD" play warp --resume "$DIR/game.ccr" < /dev/null > o2.txt 2>&1 && fail "point 2: another user resumed this user's game"
grep -q "not a game saved by this table and identity" o2.txt || fail "point 2: resuming someone else's game: $(cat o2.txt)"
# "in every command that signs for a person": play elc signs the person's seat with the same identity.
printf 'quit\n' | "$CONCORD" play elc --seats 2 --replay "$DIR/elc.ccr" preset=blitz > elc.txt 2>&1
grep -q "Signing as your identity \[$FP\]" elc.txt || fail "point 2: play elc does not sign as the user's identity: $(head -3 elc.txt)"
"$CONCORD" replay info "$DIR/elc.ccr" | grep -q "^seat 0 .* $FP" || fail "point 2: play elc's seat 0 is not signed by $FP: $("$CONCORD" replay info "$DIR/elc.ccr")"

# --- Point 3: officer play and the advisor are on the signed record and said so.
# play2.txt is the resumed game handed to the officer with "auto".
grep -q "^Your officer played [0-9]* turns (auto [0-9]*): no rating gain" play2.txt || fail "point 3: the end-of-game screen does not say the officer played: $(tail -8 play2.txt)"
grep -q "^note: seat 0 (Captain 0): officer played [0-9]* turns (auto" play2.txt || fail "point 3: the rating summary does not say the officer played: $(tail -6 play2.txt)"
grep -q "(officer turns: " play2.txt || fail "point 3: the before -> after line does not say officer turns: $(tail -4 play2.txt)"
grep -q "^assisted:    seat 0 Captain 0: officer played [0-9]* turns (auto" info.txt || fail "point 3: replay info does not say the officer played: $(cat info.txt)"
grep -q "format 5" info.txt || fail "point 3: the marks came with format 3; files are written as format 5 (one-byte Seal tags, then files that survive, issue 30): $(head -1 info.txt)"
"$CONCORD" tei apply "$DIR/game.ccr" --db "$DIR/fresh.db" > a3.txt 2>&1 || fail "point 3: apply: $(cat a3.txt)"
grep -q "note: seat 0 (Captain 0): officer played" a3.txt || fail "point 3: tei apply does not say the officer played: $(cat a3.txt)"
# A person who answers every turn: nothing on the record.
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign --replay "$DIR/own.ccr" --no-tei > own.txt 2>&1 || fail "point 3: own game: $(tail -3 own.txt)"
grep -q "officer played" own.txt && fail "point 3: a game the person played alone mentions an officer: $(tail -5 own.txt)"
"$CONCORD" replay info "$DIR/own.ccr" | grep -q "^assisted:    none" || fail "point 3: replay info of an unassisted game: $("$CONCORD" replay info "$DIR/own.ccr")"
# The advisor at the live table: warned at once, marked, and the game is not rated (TEI §4 E3).
printf 'advise\n1\nauto\n' | "$CONCORD" play warp --seats 2 --bots ensign --replay "$DIR/adv.ccr" --tei-db "$DB" > adv.txt 2>&1
grep -q "You engaged the tactical advisor: this game is now ASSISTED" adv.txt || fail "point 3: no warning when the advisor is engaged: $(head -20 adv.txt)"
grep -q "^Advisor: " adv.txt || fail "point 3: the advisor gave no move: $(head -20 adv.txt)"
grep -q "not TEI-rated: E3 Unassisted" adv.txt || fail "point 3: an assisted game was rated: $(tail -5 adv.txt)"
"$CONCORD" replay info "$DIR/adv.ccr" | grep -q "consulted the advisor from turn 0" || fail "point 3: replay info does not show the advisor"
"$CONCORD" replay verify "$DIR/adv.ccr" > /dev/null || fail "point 3: a marked replay does not verify"

# --- Point 6: the small ones.
"$CONCORD" tei apply "$DIR" --db "$DB" > d.txt 2>&1; rc=$?
[ $rc = 1 ] || fail "point 6: tei apply DIR must exit 1, not crash (got $rc): $(cat d.txt)"
grep -q "is a directory" d.txt || fail "point 6: tei apply DIR does not say it is a directory: $(cat d.txt)"
"$CONCORD" tei apply-record "$DIR" --db "$DB" > d2.txt 2>&1; [ $? = 1 ] || fail "point 6: tei apply-record DIR: $(cat d2.txt)"

echo '{"teams":[[{"mu":1e308,"sigma":8}],[{"mu":-1e308,"sigma":8}]],"ranks":[1,2]}' | "$CONCORD" tei rate > r.txt 2>&1; rc=$?
[ $rc = 1 ] || fail "point 6: an overflowing tei rate must exit 1 (got $rc): $(cat r.txt)"
grep -qi "nan\|inf" r.txt && fail "point 6: tei rate printed a non-number: $(cat r.txt)"
grep -q "overflow" r.txt || fail "point 6: tei rate does not say the update overflowed: $(cat r.txt)"

echo '{"teams":[[{"mu":25,"sigma":8}],[{"mu":25,"sigma":8}]],"ranks":[1,2],"ranks":[2,1]}' | "$CONCORD" tei rate > j.txt 2>&1
[ $? = 1 ] && grep -q 'key "ranks" appears twice' j.txt || fail "point 6: a duplicate JSON key was not refused: $(cat j.txt)"
echo '{"teams":[[{"mu":25,"mu":30,"sigma":8}],[{"mu":25,"sigma":8}]]}' | "$CONCORD" tei rate > j2.txt 2>&1
[ $? = 1 ] && grep -q 'key "mu" appears twice' j2.txt || fail "point 6: a duplicate nested JSON key was not refused: $(cat j2.txt)"
printf '{"gameId":"g","objective":"points","objective":"go-out","completed":true,"seats":[{"player":"a","kind":"human","placing":1},{"kind":"ai","officer":"ensign","placing":2}]}' > dup.json
"$CONCORD" tei apply-record dup.json --db "$DB" > j3.txt 2>&1
[ $? = 1 ] && grep -q 'appears twice' j3.txt || fail "point 6: a match record with a duplicate key was not refused: $(cat j3.txt)"

"$CONCORD" tei academy --player nova --track go-out --skill commander --db "$DB" > ac.txt 2>&1 || fail "academy: $(cat ac.txt)"
"$CONCORD" tei show --player nova --db "$DB" > s.txt 2>&1
grep -q "P0" s.txt && fail "point 6: tei show says P0 after an Academy placement: $(cat s.txt)"
grep -q "go-out starts at .*Academy placement commander" s.txt || fail "point 6: tei show does not show the Academy start: $(cat s.txt)"

# Go-out before -> after lines carry a percentile (TEI §9.2 MUST).
echo auto | "$CONCORD" play warp --seats 2 --bots ensign objective=goout --replay "$DIR/go.ccr" --tei-db "$DIR/play.db" > go.txt 2>&1 || fail "go-out game: $(tail -3 go.txt)"
"$CONCORD" tei apply "$DIR/go.ccr" --db "$DB" > g.txt 2>&1 || fail "point 6: go-out apply: $(cat g.txt)"
# A fresh (random) deal: the officer wins it or loses it; either way its turns gain nothing and a loss counts
# (the rule itself is pinned by tests/tei/match_test.cpp).
grep -qE "goOut .*(P0 → P0  \(officer turns: gain withheld\)|\(officer turns: the loss counts\))" g.txt || fail "point 3: the officer's Go-out game is not tagged: $(cat g.txt)"
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign objective=goout --replay "$DIR/go2.ccr" --tei-db "$DIR/play.db" > go2.txt 2>&1 || fail "go-out game 2: $(tail -3 go2.txt)"
"$CONCORD" tei apply "$DIR/go2.ccr" --db "$DB" > g2.txt 2>&1 || fail "point 6: go-out apply: $(cat g2.txt)"
grep -q "goOut .*→.*Top [0-9]*% of 1" g2.txt || fail "point 6: the Go-out before -> after line shows no percentile: $(cat g2.txt)"

# A corrupt database value is reported as corrupt, not read as 0 (or reset).
# The go-out board: go2 was played by the person, so it is rated whatever the (random, TEI seed-shopping) deal; the
# points game above was the officer's, and a won officer game writes no rating (gain withheld), so that board may be empty.
cp "$DB" bad.db
sqlite3 bad.db "UPDATE ratings SET mu='abc'" || fail "sqlite3 update"
"$CONCORD" tei leaderboard --db bad.db --bucket localAi/ensign --track go-out > c1.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q "corrupt TEI database: mu is not a number" c1.txt || fail "point 6: text mu not reported as corrupt ($rc): $(cat c1.txt)"
cp "$DB" bad2.db; sqlite3 bad2.db "UPDATE ratings SET matches=-3"
"$CONCORD" tei show --db bad2.db --player "$(sqlite3 bad2.db 'SELECT player FROM ratings LIMIT 1')" > c2.txt 2>&1
[ $? = 1 ] && grep -q "corrupt TEI database: matches is negative" c2.txt || fail "point 6: negative matches not reported: $(cat c2.txt)"
cp "$DB" bad3.db; sqlite3 bad3.db "UPDATE ratings SET sigma=-1"
"$CONCORD" tei apply "$DIR/go.ccr" --db bad3.db > c3.txt 2>&1
[ $? = 1 ] && grep -q "corrupt TEI database: sigma" c3.txt || fail "point 6: negative sigma not reported on apply: $(cat c3.txt)"
# --- Point 5: the TEI profile (rules, anchors, grades) is stored with each game and rating.
P=$(sqlite3 "$DB" 'SELECT player FROM ratings WHERE matches > 0 LIMIT 1')
"$CONCORD" tei show --player "$P" --db "$DB" > p5.txt 2>&1
grep -q "profile warp12-official-v1+anchors-" p5.txt || fail "point 5: tei show does not name the rating's profile: $(cat p5.txt)"
[ "$(sqlite3 "$DB" "SELECT COUNT(*) FROM applied_games WHERE profile LIKE 'warp12-official-v1+anchors-%'")" -ge 1 ] || fail "point 5: games carry no profile"
# --- Point 4: a crew charter in the signed header; the crew's ladder, membership and settings checked.
ME=$(sed -n 's/^  \([0-9a-f]\{64\}\)  .*/\1/p' g2.txt | head -1)
[ -n "$ME" ] || fail "point 4: no player id in $(cat g2.txt)"
printf '{"id":"friday","members":["%s"],"seats":2,"options":{"objective":"points"}}' "$ME" > crew.json
printf '{"id":"friday","members":["%s"],"seats":2,"options":{"objective":"points"}}' "$(printf 'b%.0s' $(seq 64))" > other.json
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign --charter crew.json --replay "$DIR/crew.ccr" --tei-db "$DIR/play.db" > c4.txt 2>&1 || fail "point 4: crew game: $(tail -3 c4.txt)"
grep -q "Crew charter friday: this game rates into the crew ladder group/friday" c4.txt || fail "point 4: no charter line: $(head -3 c4.txt)"
"$CONCORD" tei apply "$DIR/crew.ccr" --db "$DIR/crew.db" > c4a.txt 2>&1 || fail "point 4: apply: $(cat c4a.txt)"
grep -q "group/friday/points" c4a.txt || fail "point 4: the crew game did not rate into group/friday: $(cat c4a.txt)"
"$CONCORD" tei leaderboard --bucket group/friday --db "$DIR/crew.db" | grep -q "$ME" || fail "point 4: the crew board does not list the captain"
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign --charter other.json --replay "$DIR/stranger.ccr" --tei-db "$DIR/play.db" > c5.txt 2>&1
grep -q "is not a member of the crew; the game will be unrated" c5.txt || fail "point 4: no warning for a non-member: $(head -3 c5.txt)"
"$CONCORD" tei apply "$DIR/stranger.ccr" --db "$DIR/crew.db" > c5a.txt 2>&1
grep -q "E7 Online integrity: the sector does not match crew charter 'friday' (charter_mismatch: seat 0" c5a.txt || fail "point 4: a non-member was not refused by rule: $(cat c5a.txt)"
mkdir -p crewA crewB && cp "$DIR/crew.ccr" crewA/a.ccr && cp "$DIR/crew.ccr" crewB/zz.bin
"$CONCORD" tei ledger crewA > la.txt && "$CONCORD" tei ledger crewB > lb.txt || fail "point 4: ledger"
cmp -s la.txt lb.txt && grep -q "board group/friday/points" la.txt || fail "point 4: the crew ladder is not recomputed identically: $(cat la.txt lb.txt)"

# --- Cheater paths (docs/rules-decisions.md "TEI: cheater paths").
# Seed shopping: a person's rated game is dealt a fresh random deal; a chosen --seed is casual; --no-tei is casual.
echo q | "$CONCORD" play warp --seats 2 --bots ensign --replay "$DIR/w1.ccr" --tei-db "$DIR/walk.db" > w1.txt 2>&1
grep -q "This rated game is registered" w1.txt || fail "cheat: a rated game was not registered as it started: $(head -5 w1.txt)"
# The advisor on a saved, unfinished rated game is live-play assistance: `replay advise` refuses it (post-match
# analysis of a finished game, or of a casual one, stays free).
"$CONCORD" replay advise "$DIR/w1.ccr" --turn 0 --seat 0 > adv1.txt 2>&1; rc=$?
[ $rc = 1 ] && grep -q "this rated game is not over" adv1.txt || fail "cheat: replay advise advised a live rated game ($rc): $(cat adv1.txt)"
"$CONCORD" replay advise "$DIR/game.ccr" --turn 0 --seat 0 > adv2.txt 2>&1 || fail "replay advise on a finished game: $(cat adv2.txt)"
echo q | "$CONCORD" play warp --seats 2 --bots ensign --seed 3 --no-tei --replay "$DIR/casual.ccr" > cas.txt 2>&1
"$CONCORD" replay advise "$DIR/casual.ccr" --turn 0 --seat 0 > adv3.txt 2>&1 || fail "replay advise on a casual game: $(cat adv3.txt)"
echo q | "$CONCORD" play warp --seats 2 --bots ensign --replay "$DIR/w2.ccr" --tei-db "$DIR/walk2.db" > w2.txt 2>&1
I1=$("$CONCORD" replay info "$DIR/w1.ccr" | sed -n 's/^game id: *\([0-9a-f]*\).*/\1/p')
I2=$("$CONCORD" replay info "$DIR/w2.ccr" | sed -n 's/^game id: *\([0-9a-f]*\).*/\1/p')
[ -n "$I1" ] && [ "$I1" != "$I2" ] || fail "cheat: two rated games without --seed got the same deal ($I1 / $I2)"
yes 1 | head -20000 | "$CONCORD" play warp --seats 2 --bots ensign --seed 5 --tei-db "$DIR/seed.db" --replay "$DIR/s5.ccr" > s5.txt 2>&1
grep -q "Seed 5 is a deal you chose (and may know): this game is casual" s5.txt || fail "cheat: a chosen seed was not made casual: $(head -5 s5.txt)"
grep -q "not TEI-rated: E7" s5.txt || fail "cheat: a chosen-seed game was rated: $(tail -4 s5.txt)"
echo auto | "$CONCORD" play warp --seats 2 --bots ensign --replay "$DIR/nt.ccr" --no-tei > nt.txt 2>&1
"$CONCORD" tei apply "$DIR/nt.ccr" --db "$DIR/nt.db" > nta.txt 2>&1
grep -q "not TEI-rated: E7" nta.txt || fail "cheat: a --no-tei game was rated later: $(cat nta.txt)"
# Walking away: the registered game left with q counts as a loss when the next rated game starts; finished
# later, it is already applied (no escape by resuming after the forfeit).
echo auto | "$CONCORD" play warp --seats 2 --bots ensign --replay "$DIR/w3.ccr" --tei-db "$DIR/walk.db" > w3.txt 2>&1
grep -q "Your rated game ${I1:0:12}… was left unfinished: it counts as a loss (walked away); localAi/ensign/points" w3.txt ||
  fail "cheat: the game walked away from was not counted as a loss: $(head -8 w3.txt)"
[ "$(sqlite3 "$DIR/walk.db" "SELECT COUNT(*) FROM applied_games WHERE game_id='$I1'")" = 1 ] || fail "cheat: the forfeit was not recorded"
[ "$(sqlite3 "$DIR/walk.db" "SELECT COUNT(*) FROM pending_games")" = 0 ] || fail "cheat: games are still pending after the forfeit and a finished game"
echo auto | "$CONCORD" play warp --resume "$DIR/w1.ccr" --tei-db "$DIR/walk.db" > w4.txt 2>&1
grep -q "game $I1 was already applied; nothing changed" w4.txt || fail "cheat: finishing a forfeited game rated it again: $(tail -4 w4.txt)"
# Resumed and finished before another rated game starts: rated normally, nothing forfeited.
echo auto | "$CONCORD" play warp --resume "$DIR/w2.ccr" --tei-db "$DIR/walk2.db" > w5.txt 2>&1
grep -q "game $I2 rated (solo)" w5.txt || fail "cheat: a resumed registered game was not rated: $(tail -4 w5.txt)"
grep -q "walked away" w5.txt && fail "cheat: a resumed game was forfeited"

echo "tei record CLI: all checks passed"
