#include "core/warp/hidden/audit.h"

#include <algorithm>

#include "core/warp/hidden/agent.h"

namespace concord::warp::hidden {

FullAudit::FullAudit(std::vector<std::optional<DeckKey>> keys) : keys_(std::move(keys)) {}

const std::map<uint8_t, Tile>& FullAudit::deal(const HiddenTable& t, uint32_t turn) {
  auto [it, fresh] = deals_.try_emplace(t.epoch());
  if (!fresh) return it->second;
  std::vector<deck::Scalar> xs;
  for (Seat h : t.holders()) {
    if (!keys_[h]) return it->second;  // a layer whose key never came: this deal stays unread (not audited)
    xs.push_back(holderScalar(*keys_[h]));
  }
  const auto set = fullSet(t.rules().config().maxPip);
  std::vector<bool> seen(set.size(), false);
  for (size_t p = 0; p < t.deck().size(); ++p) {
    std::vector<deck::Point> ds;
    for (const auto& x : xs) ds.push_back(deck::ownShare(x, t.deck()[p]));
    const deck::Point m = deck::unmask(t.deck()[p], ds);
    bool found = false;
    if (auto ix = t.tileOf(m); ix && !seen[*ix]) {
      seen[*ix] = found = true;
      it->second[static_cast<uint8_t>(p)] = set[*ix];
    }
    if (!found)
      findings_.push_back({turn, t.holders().front(),
                           "deal " + std::to_string(t.epoch()) + " position " + std::to_string(p) +
                               " opens to no coordinate of the deck, or to one twice: a shuffle substituted a coordinate"});
  }
  return it->second;
}

std::optional<WarpGame> FullAudit::full(const HiddenTable& t, uint32_t turn) {
  WarpGame g = t.rules();
  if (t.hops() < t.holders().size() || t.epoch() != t.rules().deals()) return g;
  const auto& tiles = deal(t, turn);
  for (const auto& u : g.unknowns()) {
    auto at = tiles.find(u.position);
    if (at == tiles.end()) return std::nullopt;  // a layer whose key never came (a holder who left): not audited
    g.reveal(u.position, at->second);
  }
  return g;
}

void FullAudit::step(const HiddenTable& before, const HiddenTable& after, uint32_t turn) {
  // Each shuffle is the re-masking its holder's revealed key gives, of the deck before it.
  if (after.epoch() == before.epoch() && after.hops() == before.hops() + 1) {
    const Seat h = before.holders()[before.hops()];
    auto want = keys_[h] ? deck::remask(before.deck(), before.jointKey(), *keys_[h], before.epoch()) : after.deck();
    if (want != after.deck())
      findings_.push_back({turn, h,
                           "its shuffle of deal " + std::to_string(before.epoch()) +
                               " is not the re-masking its revealed key gives: it changed the deck's coordinates"});
  }
  // Claims answer the poll about the table as it stood before this turn.
  if (auto g = after.lastClaims().empty() ? std::nullopt : full(before, turn)) {
    for (const auto& c : after.lastClaims()) {
      bool could = g->couldChart(static_cast<uint8_t>(c.seat));
      if (could != c.couldChart)
        findings_.push_back({turn, before.keeperOf(c.seat),
                             "claimed Captain " + std::to_string(c.seat) + (c.couldChart ? " could" : " could not") +
                                 " chart when polled (RULES §V Blocked sector); with every hand known it " +
                                 (could ? "could" : "could not")});
    }
  }
  // Every game order the rules took, checked again with every hand known.
  const auto& taken = after.lastRulesTurn();
  if (std::all_of(taken.begin(), taken.end(), [](const auto& v) { return v.empty(); })) return;
  // The whole turn at once, as the rules take one (a catch made moot by an earlier one is not a refusal).
  auto g = full(before, turn);
  if (!g) return;
  std::vector<SeatOrders> in;
  for (Seat s = 0; s < taken.size(); ++s) in.push_back(SeatOrders{s, taken[s]});
  for (const auto& rj : g->apply(TurnInput{turn, in}))
    findings_.push_back({turn, rj.seat,
                         "\"" + g->orderText(rj.seat, taken[rj.seat][rj.index]) +
                             "\" breaks the rules with every hand known: " + rj.reason});
}

std::string describeFindings(const std::vector<Finding>& findings) {
  std::string out;
  for (const auto& f : findings)
    out += "seat " + std::to_string(f.seat) + " (turn " + std::to_string(f.turn) + "): " + f.what + "\n";
  return out;
}

}  // namespace concord::warp::hidden

namespace concord::warp::hidden {
namespace {
// The audit through the Game interface (replay verify): the tables it is stepped with are HiddenTables.
class TableAudit final : public HiddenAudit {
 public:
  TableAudit(std::vector<std::optional<DeckKey>> keys, std::vector<Finding> breaches)
      : audit_(std::move(keys)), breaches_(std::move(breaches)) {}
  void step(const Game& before, const Game& after, uint32_t turn) override {
    auto* b = dynamic_cast<const HiddenTable*>(&before);
    auto* a = dynamic_cast<const HiddenTable*>(&after);
    if (b && a) audit_.step(*b, *a, turn);
  }
  std::vector<Finding> findings() const override {
    auto out = breaches_;  // the deck rules broken in plain sight, then what only full information shows
    out.insert(out.end(), audit_.findings().begin(), audit_.findings().end());
    return out;
  }

 private:
  FullAudit audit_;
  std::vector<Finding> breaches_;
};
}  // namespace

std::unique_ptr<HiddenAudit> HiddenTable::audit() const {
  if (!outcome()) return nullptr;  // the keys come at the sector's end
  return std::make_unique<TableAudit>(secrets_, breaches_);
}

}  // namespace concord::warp::hidden
