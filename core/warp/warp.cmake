# Warp rules engine sources, compiled into concord_core (included from core/CMakeLists.txt).
target_sources(concord_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/config.cpp ${CMAKE_CURRENT_LIST_DIR}/orders.cpp ${CMAKE_CURRENT_LIST_DIR}/setup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/legal.cpp ${CMAKE_CURRENT_LIST_DIR}/apply.cpp ${CMAKE_CURRENT_LIST_DIR}/scoring.cpp
  ${CMAKE_CURRENT_LIST_DIR}/serialize.cpp ${CMAKE_CURRENT_LIST_DIR}/observe.cpp ${CMAKE_CURRENT_LIST_DIR}/bots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/module.cpp ${CMAKE_CURRENT_LIST_DIR}/modules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/log.cpp)
