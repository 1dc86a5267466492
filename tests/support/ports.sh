# Sourced by the multi-process tests: where a test's ports start.
# CTest hands each concurrently running net test its own block (RESOURCE_GROUPS "ports:1" over
# tests/net/ports.json's two blocks), so two tables never share a port; run by hand, the block is 0.
# Blocks stay below 32768, Linux's ephemeral range, so no outgoing socket takes a test's port.
concord_port_base() {  # concord_port_base SPAN: a base with SPAN ports above it in this test's block
  local span=$1 block=0
  if [ -n "${CTEST_RESOURCE_GROUP_0_PORTS:-}" ]; then
    block=${CTEST_RESOURCE_GROUP_0_PORTS#id:}; block=${block%%,*}
  fi
  echo $(( 20000 + block * 6000 + ($$ % (6000 / span)) * span ))
}
