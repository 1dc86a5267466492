#include "core/testgame/shed.h"

#include <algorithm>

namespace concord::shed {

#ifdef CONCORD_INJECT_UNSEQUENCED_DRAWS
namespace {
size_t injectedSkew(uint64_t a, uint64_t b) { return static_cast<size_t>(a * 7 + b); }
}  // namespace
#endif

Result<std::vector<uint8_t>> encodeConfig(const Config& c) {
  if (c.handSize < 1 || c.handSize > 20) return Err("shed: hand must be 1..20, got ", c.handSize);
  if (c.deckPerSeat < c.handSize || c.deckPerSeat > 40) return Err("shed: deck must be hand..40");
  if (c.hands < 1 || c.hands > 10000) return Err("shed: hands must be 1..10000");
  det::Writer w;
  w.u8("hand", c.handSize);
  w.u8("deck", c.deckPerSeat);
  w.u16("hands", c.hands);
  w.u32("maxTurns", c.maxTurns);
  return w.take();
}

Result<Config> decodeConfig(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "shed config");
  Config c;
  c.handSize = r.u8("hand");
  c.deckPerSeat = r.u8("deck");
  c.hands = r.u16("hands");
  c.maxTurns = r.u32("maxTurns");
  if (auto f = r.finish(); !f) return f.error();
  if (auto e = encodeConfig(c); !e) return e.error();
  return c;
}

GameInfo ShedGame::info() const { return GameInfo{"shed", 1, 2, kMaxSeats}; }

Result<void> ShedGame::setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) {
  auto c = decodeConfig(config);
  if (!c) return c.error();
  if (seats < 2 || seats > kMaxSeats) return Err("shed: needs 2..", kMaxSeats, " seats, got ", seats);
  if (static_cast<int>(c->deckPerSeat) * seats > 255) return Err("shed: deck too large for ", seats, " seats");
  cfg_ = *c;
  seats_ = seats;
  deal_ = det::Rng::stream(seed, "deal");
  scores_.assign(seats, 0);
  deal();
  return Ok();
}

void ShedGame::deal() {
  std::vector<uint8_t> deck;
  for (int v = 1; v <= cfg_.deckPerSeat * seats_; ++v) deck.push_back(static_cast<uint8_t>(v));
  deal_.shuffle(deck);
  hands_.assign(seats_, {});
  for (Seat s = 0; s < seats_; ++s) {
    for (int i = 0; i < cfg_.handSize; ++i) {
      hands_[s].push_back(deck.back());
      deck.pop_back();
    }
    std::sort(hands_[s].begin(), hands_[s].end());
  }
  pile_ = std::move(deck);
#ifdef CONCORD_INJECT_UNSEQUENCED_DRAWS
  // Issue 32's proof build only (-DCONCORD_INJECT_UNSEQUENCED_DRAWS=ON): two draws as one call's arguments, which
  // gcc and clang evaluate in opposite orders, so tools/compare_seals.sh must name this game and turn.
  if (handsPlayed_ > 0 && pile_.size() > 1)
    std::swap(pile_[0], pile_[injectedSkew(deal_.below(pile_.size()), deal_.below(7)) % pile_.size()]);
#endif
  top_ = 0;
  toAct_ = static_cast<Seat>(handsPlayed_ % seats_);
  lastPlayer_ = toAct_;
  passesSincePlay_ = 0;
}

std::vector<Seat> ShedGame::awaiting() const {
  if (over_) return {};
  return {toAct_};
}

bool ShedGame::canPlay(Seat seat) const { return !hands_[seat].empty() && hands_[seat].back() > top_; }

Result<void> ShedGame::validate(Seat seat, const Order& order) const {
  if (over_) return Err("the game is over");
  if (seat >= seats_) return Err("seat ", seat, " is not at this table");
  if (seat != toAct_) return Err("not seat ", seat, "'s turn (seat ", toAct_, " to act)");
  if (order.kind == kPass) {
    if (!order.payload.empty()) return Err("pass takes no payload");
    if (canPlay(seat)) return Err("must play when able: a card above ", top_, " is in hand");
    return Ok();
  }
  if (order.kind != kPlay) return Err("unknown order kind ", order.kind);
  if (order.payload.size() != 1) return Err("play needs exactly one card byte");
  uint8_t card = order.payload[0];
  const auto& h = hands_[seat];
  if (!std::binary_search(h.begin(), h.end(), card)) return Err("card ", card, " is not in seat ", seat, "'s hand");
  if (card <= top_) return Err("card ", card, " does not beat the top card ", top_);
  return Ok();
}

void ShedGame::applyOne(Seat seat, const Order& order) {
  if (order.kind == kPass) {
    if (!pile_.empty()) {
      auto& h = hands_[seat];
      h.insert(std::upper_bound(h.begin(), h.end(), pile_.back()), pile_.back());
      pile_.pop_back();
    }
    ++passesSincePlay_;
    if (passesSincePlay_ + 1u >= seats_) {
      top_ = 0;
      passesSincePlay_ = 0;
      toAct_ = lastPlayer_;
      return;
    }
  } else {
    auto& h = hands_[seat];
    h.erase(std::find(h.begin(), h.end(), order.payload[0]));
    top_ = order.payload[0];
    lastPlayer_ = seat;
    passesSincePlay_ = 0;
    if (h.empty()) {
      for (Seat s = 0; s < seats_; ++s) scores_[s] += static_cast<int64_t>(hands_[s].size());
      ++handsPlayed_;
      if (handsPlayed_ >= cfg_.hands) {
        over_ = true;
        return;
      }
      deal();
      return;
    }
  }
  toAct_ = static_cast<Seat>((toAct_ + 1) % seats_);
}

std::vector<Rejection> ShedGame::apply(const TurnInput& input) {
  std::vector<Rejection> rejected;
  for (const auto& so : input.bySeat) {
    for (uint32_t i = 0; i < so.orders.size(); ++i) {
      if (auto v = validate(so.seat, so.orders[i]); !v) {
        rejected.push_back(Rejection{so.seat, i, v.message()});
        continue;
      }
      applyOne(so.seat, so.orders[i]);
    }
  }
  return rejected;
}

void ShedGame::seal(uint32_t turn) {
  turns_ = turn + 1;
  if (!over_ && turns_ >= cfg_.maxTurns) over_ = true;
}

// One Writer::Block (issue 30): the Seal of every shed turn writes this, so it takes the cursor-in-registers path.
void ShedGame::write(det::Writer& w) const {
  using det::U16, det::U32, det::U8;
  w.block(48 + size_t{seats_} * 16 + pile_.size(), [&](auto& b) {
    b.begin("shed");
    b.pack(U16{"seats", seats_}, U8{"cfg.hand", cfg_.handSize}, U8{"cfg.deck", cfg_.deckPerSeat}, U16{"cfg.hands", cfg_.hands},
           U32{"cfg.maxTurns", cfg_.maxTurns});
    deal_.write(b, "rng.deal");
    const int64_t* score = scores_.data();  // in a register: the members are re-read after every byte stored
    uint64_t s = 0;
    for (const auto& hand : hands_) {
      b.begin("seat", s);
      b.bytes("hand", hand);
      b.vari("score", score[s++]);
      b.end();
    }
    b.bytes("pile", pile_);
    b.pack(U8{"top", top_}, U16{"toAct", toAct_}, U16{"lastPlayer", lastPlayer_}, U16{"passesSincePlay", passesSincePlay_},
           U16{"handsPlayed", handsPlayed_}, U32{"turns", turns_}, det::Bool("over", over_));
    b.end();
  });
}

Result<void> ShedGame::read(det::Reader& r) {
  ShedGame g;
  g.seats_ = r.u16("seats");
  g.cfg_.handSize = r.u8("cfg.hand");
  g.cfg_.deckPerSeat = r.u8("cfg.deck");
  g.cfg_.hands = r.u16("cfg.hands");
  g.cfg_.maxTurns = r.u32("cfg.maxTurns");
  if (r.ok() && (g.seats_ < 2 || g.seats_ > kMaxSeats)) r.fail("seats", "out of range");
  g.deal_ = det::Rng::read(r, "rng.deal");
  for (Seat s = 0; r.ok() && s < g.seats_; ++s) {
    g.hands_.push_back(r.bytes("hand", 255));
    g.scores_.push_back(r.vari("score"));
  }
  g.pile_ = r.bytes("pile", 255);
  g.top_ = r.u8("top");
  g.toAct_ = r.u16("toAct");
  g.lastPlayer_ = r.u16("lastPlayer");
  g.passesSincePlay_ = r.u16("passesSincePlay");
  g.handsPlayed_ = r.u16("handsPlayed");
  g.turns_ = r.u32("turns");
  g.over_ = r.boolean("over");
  if (r.ok() && (g.toAct_ >= g.seats_ || g.lastPlayer_ >= g.seats_)) r.fail("toAct", "seat out of range");
  for (const auto& h : g.hands_)
    if (r.ok() && !std::is_sorted(h.begin(), h.end())) r.fail("hand", "not ascending");
  if (auto st = r.status(); !st) return st;
  *this = std::move(g);
  return Ok();
}

Observation ShedGame::observe(Seat viewer) const {
  Observation o;
  o.viewer = viewer;
  det::Writer w;
  w.u16("viewer", viewer);
  w.u8("top", top_);
  w.u16("toAct", toAct_);
  w.varu("pile", pile_.size());
  std::string text = "top " + std::to_string(top_) + ", pile " + std::to_string(pile_.size()) + ", to act: seat " +
                     std::to_string(toAct_) + "\n";
  for (Seat s = 0; s < seats_; ++s) {
    bool sees = viewer == kOmniscient || viewer == s;
    w.varu("count", hands_[s].size());
    if (sees) w.bytes("hand", hands_[s]);
    text += "seat " + std::to_string(s) + " (" + std::to_string(scores_[s]) + " pts): ";
    if (sees) {
      for (uint8_t c : hands_[s]) text += std::to_string(c) + " ";
    } else {
      text += std::to_string(hands_[s].size()) + " cards";
    }
    text += "\n";
  }
  o.canonical = w.take();
  o.text = std::move(text);
  return o;
}

std::vector<Order> ShedGame::legalOrders(Seat seat) const {
  std::vector<Order> out;
  if (over_ || seat != toAct_) return out;
  for (uint8_t c : hands_[seat])
    if (c > top_) out.push_back(Order{kPlay, {c}});
  if (out.empty()) out.push_back(Order{kPass, {}});
  return out;
}

std::optional<Outcome> ShedGame::outcome() const {
  if (!over_) return std::nullopt;
  Outcome o;
  o.scoreBySeat = scores_;
  for (Seat s = 0; s < seats_; ++s) {
    uint32_t better = 0;
    for (Seat t = 0; t < seats_; ++t)
      if (scores_[t] < scores_[s]) ++better;
    o.rankBySeat.push_back(better + 1);
  }
  o.summary = "shed over after " + std::to_string(turns_) + " turns";
  return o;
}

std::string ShedGame::orderText(Seat, const Order& order) const {
  if (order.kind == kPass && order.payload.empty()) return "pass";
  if (order.kind == kPlay && order.payload.size() == 1) return "play " + std::to_string(order.payload[0]);
  return "unknown order (kind " + std::to_string(order.kind) + ")";
}

Result<Order> ShedGame::parseOrder(Seat, std::string_view text) const {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text == "pass") return Order{kPass, {}};
  if (text.starts_with("play ")) {
    std::string_view n = text.substr(5);
    while (!n.empty() && n.front() == ' ') n.remove_prefix(1);
    if (n.empty() || n.size() > 3 || n.find_first_not_of("0123456789") != std::string_view::npos)
      return Err("'play' takes a card number, e.g. play 7 (got '", std::string(n), "')");
    unsigned v = 0;
    for (char c : n) v = v * 10 + static_cast<unsigned>(c - '0');
    if (v < 1 || v > 255) return Err("card ", v, " does not exist (cards are 1..255)");
    return Order{kPlay, {static_cast<uint8_t>(v)}};
  }
  if (text.empty()) return Err("empty order (shed orders: play N, pass)");
  return Err("unknown order '", std::string(text), "' (shed orders: play N, pass)");
}

std::string ShedGame::describe(Seat seat, const Order& order) const {
  if (order.kind == kPass) return "seat " + std::to_string(seat) + " passes";
  if (order.kind == kPlay && order.payload.size() == 1)
    return "seat " + std::to_string(seat) + " plays " + std::to_string(order.payload[0]);
  return "seat " + std::to_string(seat) + " sends an unknown order (kind " + std::to_string(order.kind) + ")";
}

namespace {

class RandomBot final : public Bot {
 public:
  std::vector<Order> choose(const Observation&, std::span<const Order> legal, det::Rng& rng) override {
    if (legal.empty()) return {};
    return {legal[rng.below(legal.size())]};
  }
};

// Plays the lowest card that beats the top: keeps high cards for later.
class LowestBot final : public Bot {
 public:
  std::vector<Order> choose(const Observation&, std::span<const Order> legal, det::Rng&) override {
    if (legal.empty()) return {};
    return {legal.front()};
  }
};

Result<uint64_t> parseNumber(const std::string& key, const std::string& v, uint64_t lo, uint64_t hi) {
  if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos)
    return Err("option ", key, ": '", v, "' is not a whole number");
  uint64_t n = std::stoull(v);
  if (n < lo || n > hi) return Err("option ", key, ": ", n, " is outside ", lo, "..", hi);
  return n;
}

}  // namespace

ModuleEntry moduleEntry() {
  ModuleEntry e;
  e.id = "shed";
  e.rulesVersion = 1;
  e.title = "Shed (pipeline test game)";
  e.create = [] { return std::make_unique<ShedGame>(); };
  e.parseConfig = [](const ConfigOptions& opts) -> Result<std::vector<uint8_t>> {
    Config c;
    for (const auto& [k, v] : opts) {
      if (k == "hand") {
        auto n = parseNumber(k, v, 1, 20);
        if (!n) return n.error();
        c.handSize = static_cast<uint8_t>(*n);
      } else if (k == "deck") {
        auto n = parseNumber(k, v, 1, 40);
        if (!n) return n.error();
        c.deckPerSeat = static_cast<uint8_t>(*n);
      } else if (k == "hands") {
        auto n = parseNumber(k, v, 1, 10000);
        if (!n) return n.error();
        c.hands = static_cast<uint16_t>(*n);
      } else if (k == "maxTurns") {
        auto n = parseNumber(k, v, 1, 100000000);
        if (!n) return n.error();
        c.maxTurns = static_cast<uint32_t>(*n);
      } else {
        return Err("shed: unknown option '", k, "' (known: hand, deck, hands, maxTurns)");
      }
    }
    return encodeConfig(c);
  };
  e.describeConfig = [](std::span<const uint8_t> b) -> std::string {
    auto c = decodeConfig(b);
    if (!c) return "invalid shed config: " + c.message();
    return "hand=" + std::to_string(c->handSize) + " deck=" + std::to_string(c->deckPerSeat) +
           " hands=" + std::to_string(c->hands) + " maxTurns=" + std::to_string(c->maxTurns);
  };
  e.botKinds = {"random", "lowest"};
  e.makeBot = [](std::string_view kind, Seat) -> std::unique_ptr<Bot> {
    if (kind == "lowest") return std::make_unique<LowestBot>();
    return std::make_unique<RandomBot>();
  };
  return e;
}

}  // namespace concord::shed
