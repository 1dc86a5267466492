# The one temp-directory helper of the shell tests (issue 9 part 5; C++ tests: tests/support/temp_dir.h).
# Usage: . "$(dirname "$0")/../support/temp_dir.sh"; DIR=$(concord_test_dir LABEL)
# A fresh directory named concord-LABEL-XXXXXX under $TMPDIR (or /tmp); each script removes it on success
# and keeps it (with its logs) on failure or with CONCORD_KEEP_LOGS=1.
concord_test_dir() {
  mktemp -d "${TMPDIR:-/tmp}/concord-$1-XXXXXX"
}
