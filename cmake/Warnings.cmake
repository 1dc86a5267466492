# Shared compile flags: strict warnings, deterministic floating-point contraction off (no FP in a turn anyway).
add_library(concord_flags INTERFACE)
target_compile_options(concord_flags INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
  -Wold-style-cast -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough
  -ffp-contract=off)
if(CONCORD_WERROR)
  target_compile_options(concord_flags INTERFACE -Werror)
endif()
if(CONCORD_SANITIZE)
  target_compile_options(concord_flags INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(concord_flags INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all)
endif()
if(CONCORD_FUZZ)
  target_compile_options(concord_flags INTERFACE -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer)
  target_link_options(concord_flags INTERFACE -fsanitize=address,undefined)
endif()
