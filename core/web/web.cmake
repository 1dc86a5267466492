# W.E.B. rules engine sources, compiled into concord_core (included from core/CMakeLists.txt).
# The lobby's names in the text of a networked table (issue 24): apart, and outside the unity batches, so the list
# below and its batches stay as they were.
target_sources(concord_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/names.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/names.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
# Issue 30: analysts' events, apart for the same reason.
target_sources(concord_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/analyst_events.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/analyst_events.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
target_sources(concord_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/config.cpp ${CMAKE_CURRENT_LIST_DIR}/orders.cpp ${CMAKE_CURRENT_LIST_DIR}/galaxy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/legal.cpp ${CMAKE_CURRENT_LIST_DIR}/turn.cpp ${CMAKE_CURRENT_LIST_DIR}/combat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ambush.cpp ${CMAKE_CURRENT_LIST_DIR}/economy.cpp ${CMAKE_CURRENT_LIST_DIR}/outcome.cpp
  ${CMAKE_CURRENT_LIST_DIR}/serialize.cpp ${CMAKE_CURRENT_LIST_DIR}/observe.cpp ${CMAKE_CURRENT_LIST_DIR}/report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/game.cpp ${CMAKE_CURRENT_LIST_DIR}/module.cpp ${CMAKE_CURRENT_LIST_DIR}/bots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/order_text.cpp ${CMAKE_CURRENT_LIST_DIR}/independents.cpp ${CMAKE_CURRENT_LIST_DIR}/pirates.cpp
  ${CMAKE_CURRENT_LIST_DIR}/treaties.cpp ${CMAKE_CURRENT_LIST_DIR}/raiders.cpp
  ${CMAKE_CURRENT_LIST_DIR}/traders.cpp ${CMAKE_CURRENT_LIST_DIR}/memory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/table_text.cpp)
