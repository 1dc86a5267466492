# Warp rules engine sources, compiled into concord_core (included from core/CMakeLists.txt).
target_sources(concord_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/config.cpp ${CMAKE_CURRENT_LIST_DIR}/orders.cpp ${CMAKE_CURRENT_LIST_DIR}/setup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/legal.cpp ${CMAKE_CURRENT_LIST_DIR}/apply.cpp ${CMAKE_CURRENT_LIST_DIR}/scoring.cpp
  ${CMAKE_CURRENT_LIST_DIR}/serialize.cpp ${CMAKE_CURRENT_LIST_DIR}/observe.cpp ${CMAKE_CURRENT_LIST_DIR}/bots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/module.cpp ${CMAKE_CURRENT_LIST_DIR}/modules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/log.cpp ${CMAKE_CURRENT_LIST_DIR}/hidden_deal.cpp)
# Issue 30: analysts' events, outside the unity batches so the batches above stay as they were.
target_sources(concord_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/analyst_events.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/analyst_events.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
# RULES §VII AI officers, Lookahead and the tactical advisor (core/warp/ai/officer.h).
target_sources(concord_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ai/table_view.cpp ${CMAKE_CURRENT_LIST_DIR}/ai/table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ai/terms.cpp ${CMAKE_CURRENT_LIST_DIR}/ai/module_terms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ai/order_terms.cpp ${CMAKE_CURRENT_LIST_DIR}/ai/profiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ai/lookahead.cpp ${CMAKE_CURRENT_LIST_DIR}/ai/advisor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ai/campaign.cpp ${CMAKE_CURRENT_LIST_DIR}/ai/plan.cpp)
# Issue 26: the hidden table (masked deck over the rules) and a key holder's client side.
target_sources(concord_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hidden/deck_orders.cpp ${CMAKE_CURRENT_LIST_DIR}/hidden/hidden_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hidden/hidden_deck.cpp ${CMAKE_CURRENT_LIST_DIR}/hidden/hidden_table_io.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hidden/agent.cpp ${CMAKE_CURRENT_LIST_DIR}/hidden/audit.cpp)
