# The masked deck (issue 26, core/deck/masked_deck.h): ristretto255 group math from libsodium, nothing else of it.
# Compiled into concord_core because the hidden Warp table (core/warp/hidden/) runs inside a turn; concord_deck
# names the same code for the deck's own tests, fuzzer and benchmark.
target_sources(concord_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/group.cpp ${CMAKE_CURRENT_LIST_DIR}/masked_deck.cpp
  ${CMAKE_CURRENT_LIST_DIR}/shuffle.cpp ${CMAKE_CURRENT_LIST_DIR}/codec.cpp)
target_link_libraries(concord_core PRIVATE PkgConfig::SODIUM)
add_library(concord_deck INTERFACE)
target_link_libraries(concord_deck INTERFACE concord_core PkgConfig::SODIUM)
