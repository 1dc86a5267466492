#!/usr/bin/env bash
# tools/vc_coverage.py's rules on a small made-up tree: an ID counts when a TEST names it (VcNNN) or cites it in its
# body, when a scenario file's name cites it, or when docs/elc-world.md's "Requirements not testable here" lists it
# with a reason; an ID in a comment outside any TEST, or only in core/, does not count, and the script exits 1.
set -u
SCRIPT=$1
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$DIR/tests/elc/scenarios" "$DIR/docs" "$DIR/core"
printf 'VC-010 One.\n\nVC-020 Two.\nVC-030 Three.\nVC-040 Four.\nVC-050 Five.\nVC-060 Six.\n' > "$DIR/seed.txt"
cat > "$DIR/tests/elc/a_test.cpp" <<'CPP'
// VC-050: a file comment, outside every test.
TEST(Suite, Vc010ByName) { EXPECT_TRUE(true); }
TEST(Suite, Other) {
  // VC-020: in the body
  EXPECT_EQ(1, 1);
}
CPP
echo '{"name": "VC-030: a scenario"}' > "$DIR/tests/elc/scenarios/s.json"
echo '// VC-060 cited by code only' > "$DIR/core/x.cpp"
printf '# World\n\n## Requirements not testable here\n| ID | Why |\n|---|---|\n| VC-040 | A contract on another document. |\n' > "$DIR/docs/elc-world.md"
out=$(python3 "$SCRIPT" --root "$DIR" --seed "$DIR/seed.txt"); rc=$?
[ $rc = 1 ] || fail "exit $rc with two unaccounted: $out"
echo "$out" | grep -q "^unaccounted: VC-050 VC-060$" || fail "wrong unaccounted list: $out"
echo "$out" | grep -q "cited only in code or comments, which does not count: VC-060" || fail "code-only not named: $out"
echo "$out" | grep -q "cited by tests: 3; listed in docs/elc-world.md: 1; unaccounted: 2" || fail "wrong counts: $out"
printf '| VC-050 | A file comment is no test, so listed. |\n| VC-060 | Listed too, with its reason. |\n' >> "$DIR/docs/elc-world.md"
python3 "$SCRIPT" --root "$DIR" --seed "$DIR/seed.txt" > /dev/null || fail "all accounted for, still exit 1"
printf '| VC-070 | Not in the seed at all. |\n' >> "$DIR/docs/elc-world.md"
out=$(python3 "$SCRIPT" --root "$DIR" --seed "$DIR/seed.txt") && fail "an unknown listed ID accepted"
echo "$out" | grep -q "not in the seed: VC-070" || fail "unknown ID not named: $out"
out=$(python3 "$SCRIPT" --root "$DIR" --seed "$DIR/missing.txt" 2>&1); [ $? = 2 ] || fail "a missing seed must exit 2"
echo "vc_coverage rules: ok"
