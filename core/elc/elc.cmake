# Every Last City rules engine sources, compiled into concord_core (included from core/CMakeLists.txt).
# The lobby's names in the text of a networked table (issue 24): apart, and outside the unity batches, so the list
# below and its batches stay as they were.
target_sources(concord_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/names.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/names.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
# Issue 30: analysts' events, apart for the same reason.
target_sources(concord_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/analyst_events.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/analyst_events.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
# Issue 29: the Chronicle's stories (VC-2460) and the Board (VC-2390), apart for the same reason.
target_sources(concord_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/chronicle_story.cpp ${CMAKE_CURRENT_LIST_DIR}/board.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/chronicle_story.cpp ${CMAKE_CURRENT_LIST_DIR}/board.cpp
                            PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)

# Issue 30: the state's reader, split from its writer (serialize.cpp), apart for the same reason.
target_sources(concord_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/read_state.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/read_state.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
target_sources(concord_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/arith.cpp ${CMAKE_CURRENT_LIST_DIR}/config.cpp ${CMAKE_CURRENT_LIST_DIR}/terms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chronicle.cpp ${CMAKE_CURRENT_LIST_DIR}/map.cpp ${CMAKE_CURRENT_LIST_DIR}/orders.cpp
  ${CMAKE_CURRENT_LIST_DIR}/setup.cpp ${CMAKE_CURRENT_LIST_DIR}/apply.cpp ${CMAKE_CURRENT_LIST_DIR}/seal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/endgame.cpp ${CMAKE_CURRENT_LIST_DIR}/bands.cpp ${CMAKE_CURRENT_LIST_DIR}/serialize.cpp
  ${CMAKE_CURRENT_LIST_DIR}/observe.cpp ${CMAKE_CURRENT_LIST_DIR}/bots.cpp ${CMAKE_CURRENT_LIST_DIR}/module.cpp
  ${CMAKE_CURRENT_LIST_DIR}/calibration.cpp ${CMAKE_CURRENT_LIST_DIR}/calibration_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/warrants.cpp ${CMAKE_CURRENT_LIST_DIR}/order_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rally.cpp ${CMAKE_CURRENT_LIST_DIR}/charters.cpp ${CMAKE_CURRENT_LIST_DIR}/config_v3.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sealed_orders.cpp ${CMAKE_CURRENT_LIST_DIR}/objectives.cpp
  ${CMAKE_CURRENT_LIST_DIR}/serialize_v3.cpp ${CMAKE_CURRENT_LIST_DIR}/lint.cpp ${CMAKE_CURRENT_LIST_DIR}/attention.cpp
  ${CMAKE_CURRENT_LIST_DIR}/table_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/teams.cpp ${CMAKE_CURRENT_LIST_DIR}/cards.cpp
  ${CMAKE_CURRENT_LIST_DIR}/substitution.cpp)
# Issue 29: the acceptance metrics of VC-3300 and the Alarm record of VC-2330, apart for the same reason.
target_sources(concord_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/metrics.cpp ${CMAKE_CURRENT_LIST_DIR}/metrics_report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/alarm_text.cpp ${CMAKE_CURRENT_LIST_DIR}/terms_notes.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/metrics.cpp ${CMAKE_CURRENT_LIST_DIR}/metrics_report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/alarm_text.cpp ${CMAKE_CURRENT_LIST_DIR}/terms_notes.cpp
  PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
