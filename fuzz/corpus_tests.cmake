# Included from tests/CMakeLists.txt: replays each committed fuzz corpus through its entry point in
# the normal build, so CI checks every saved input without libFuzzer.
foreach(name bundle reader replay wire)
  set(target fuzz_${name})
  add_executable(${target}_corpus ${PROJECT_SOURCE_DIR}/fuzz/${target}.cpp ${PROJECT_SOURCE_DIR}/fuzz/corpus_main.cpp)
  target_link_libraries(${target}_corpus PRIVATE concord_flags concord_table)
  add_test(NAME ${target}_corpus COMMAND ${target}_corpus ${PROJECT_SOURCE_DIR}/fuzz/corpus/${name})
  set_tests_properties(${target}_corpus PROPERTIES LABELS fuzz_corpus)
endforeach()
add_executable(fuzz_net_packet_corpus ${PROJECT_SOURCE_DIR}/fuzz/fuzz_net_packet.cpp ${PROJECT_SOURCE_DIR}/fuzz/corpus_main.cpp)
target_link_libraries(fuzz_net_packet_corpus PRIVATE concord_flags concord_net)
add_test(NAME fuzz_net_packet_corpus COMMAND fuzz_net_packet_corpus ${PROJECT_SOURCE_DIR}/fuzz/corpus/net_packet)
set_tests_properties(fuzz_net_packet_corpus PROPERTIES LABELS fuzz_corpus)
