# Every Last City rules engine sources, compiled into concord_core (included from core/CMakeLists.txt).
target_sources(concord_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/arith.cpp ${CMAKE_CURRENT_LIST_DIR}/config.cpp ${CMAKE_CURRENT_LIST_DIR}/terms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chronicle.cpp)
