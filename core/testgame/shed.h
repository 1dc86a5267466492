// "Shed": a tiny shedding card game that drives the pipeline in tests until richer modules exist.
// Rules: cards 1..deck are dealt `hand` each from the "deal" stream; the seat to act must play a card
// higher than the top card if it can, else passes and draws one card (if the pile has one). When every
// other seat has passed since the last play, the pile top resets and the last player leads anything.
// Emptying one's hand wins the hand; the others score their cards left. After `hands` hands (or
// `maxTurns` turns) the lowest total ranks first.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game/game.h"
#include "core/game/registry.h"

namespace concord::shed {

inline constexpr uint16_t kPlay = 1;  // payload: [card]
inline constexpr uint16_t kPass = 2;  // payload: empty

struct Config {
  uint8_t handSize = 5;
  uint8_t deckPerSeat = 8;
  uint16_t hands = 1;
  uint32_t maxTurns = 100000;
};

class ShedGame final : public Game {
 public:
  GameInfo info() const override;
  Result<void> setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) override;
  std::vector<Seat> awaiting() const override;
  Result<void> validate(Seat seat, const Order& order) const override;
  std::vector<Rejection> apply(const TurnInput& input) override;
  void seal(uint32_t turn) override;
  void write(det::Writer& w) const override;
  Result<void> read(det::Reader& r) override;
  Observation observe(Seat viewer) const override;
  std::vector<Order> legalOrders(Seat seat) const override;
  std::optional<Outcome> outcome() const override;
  std::unique_ptr<Game> clone() const override { return std::make_unique<ShedGame>(*this); }
  std::string describe(Seat seat, const Order& order) const override;
  /// "play 7" or "pass".
  std::string orderText(Seat seat, const Order& order) const override;
  Result<Order> parseOrder(Seat seat, std::string_view text) const override;

 private:
  void deal();
  void applyOne(Seat seat, const Order& order);
  bool canPlay(Seat seat) const;

  Config cfg_;
  Seat seats_ = 0;
  det::Rng deal_;
  std::vector<std::vector<uint8_t>> hands_;  // ascending card values
  std::vector<uint8_t> pile_;                // draw order: back() is drawn next
  std::vector<int64_t> scores_;
  uint8_t top_ = 0;
  Seat toAct_ = 0;
  Seat lastPlayer_ = 0;
  uint16_t passesSincePlay_ = 0;
  uint16_t handsPlayed_ = 0;
  uint32_t turns_ = 0;
  bool over_ = false;
};

Result<std::vector<uint8_t>> encodeConfig(const Config& c);
Result<Config> decodeConfig(std::span<const uint8_t> bytes);
ModuleEntry moduleEntry();

}  // namespace concord::shed
