// Structured game events for analysts (issue 30 "Analysts"): what happened in a turn as data (kind, turn, seats,
// named fields), derived from the re-simulated game by a per-module extractor, never from narration text.
// Read after a turn, outside it: nothing here feeds back into the state, its bytes or the Seal.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/game/game.h"

namespace concord {

/// A field's value: null (no such seat, e.g. a blocked round's winner), a whole number, text, or a list of either.
/// (A tagged struct, not std::variant: gcc 12 warns maybe-uninitialized on moving that variant, and warnings fail.)
struct EventValue {
  enum class Type : uint8_t { Null, Number, Text, Numbers, Texts };
  Type type = Type::Null;
  int64_t number = 0;
  std::string text;
  std::vector<int64_t> numbers;
  std::vector<std::string> texts;

  EventValue() = default;
  EventValue(int64_t v) : type(Type::Number), number(v) {}                             // NOLINT: implicit by design
  EventValue(std::string v) : type(Type::Text), text(std::move(v)) {}                  // NOLINT
  EventValue(std::vector<int64_t> v) : type(Type::Numbers), numbers(std::move(v)) {}   // NOLINT
  EventValue(std::vector<std::string> v) : type(Type::Texts), texts(std::move(v)) {}   // NOLINT
};

struct AnalystEvent {
  std::string kind;   // "round-start", "red-alert", "capture", "battle", ... (docs/replay-format.md "Events")
  int64_t turn = -1;  // the pipeline turn whose step produced it; -1: the setup, before the first turn
  std::vector<Seat> seats;  // every seat the event concerns, ascending (for filtering); roles are in fields
  std::vector<std::pair<std::string, EventValue>> fields;  // in the order the module names them

  AnalystEvent& with(std::string key, EventValue v) {
    fields.emplace_back(std::move(key), std::move(v));
    return *this;
  }
  /// Adds `s` to seats once, keeping them ascending.
  AnalystEvent& about(Seat s);
};

/// One module's reading of a re-simulated game: begin() once after setup, then before()/after() around each turn.
class EventExtractor {
 public:
  virtual ~EventExtractor() = default;
  /// What the setup did (Warp: round 1's start).
  virtual std::vector<AnalystEvent> begin(const Game& g) = 0;
  /// Remembers what after() compares with; `g` is about to step `turn`.
  virtual void before(const Game& g, uint32_t turn) = 0;
  /// The events of the turn just stepped.
  virtual std::vector<AnalystEvent> after(const Game& g, uint32_t turn) = 0;
};

/// Seat numbers as an event's list field.
std::vector<int64_t> seatList(const std::vector<Seat>& seats);

}  // namespace concord
