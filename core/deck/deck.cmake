# The masked deck (issue 26, core/deck/masked_deck.h): ristretto255 group math from libsodium, nothing else of it.
add_library(concord_deck STATIC
  ${CMAKE_CURRENT_LIST_DIR}/group.cpp ${CMAKE_CURRENT_LIST_DIR}/masked_deck.cpp
  ${CMAKE_CURRENT_LIST_DIR}/shuffle.cpp ${CMAKE_CURRENT_LIST_DIR}/codec.cpp)
target_link_libraries(concord_deck PUBLIC concord_core PRIVATE PkgConfig::SODIUM)
