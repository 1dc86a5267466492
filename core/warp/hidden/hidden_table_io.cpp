// HiddenTable's canonical bytes: the deck's public state, then the rules' state (a hidden deal: 16-bit tiles).
#include <algorithm>

#include "core/warp/hidden/hidden_table.h"

namespace concord::warp::hidden {

namespace {
void optPoint(det::Writer& w, std::string_view name, const std::optional<deck::Point>& p) {
  w.boolean(name, p.has_value());
  if (p) deck::writePoint(w, name, *p);
}
std::optional<deck::Point> readOptPoint(det::Reader& r, std::string_view name) {
  if (!r.boolean(name)) return std::nullopt;
  return deck::readPoint(r, name);
}
}  // namespace

void HiddenTable::write(det::Writer& w) const {
  w.begin("hidden");
  w.raw("gameId", gameId_);
  w.raw("present", present_);
  for (const auto& k : keys_) optPoint(w, "key", k);
  w.raw("joint", joint_);
  w.u32("epoch", epoch_);
  w.varu("tileCount", tiles_.size());
  for (uint16_t t : tiles_) w.u16("tile", t);
  w.varu("deckCount", deck_.size());
  for (const auto& c : deck_) deck::writeCipher(w, c);
  w.varu("hops", hops_);
  for (const auto& row : shares_)
    for (const auto& d : row) optPoint(w, "share", d);
  w.boolean("revealAll", revealAll_);
  w.boolean("pendingBlock", pendingBlock_);
  w.boolean("stash", stash_.has_value());
  if (stash_)
    for (const auto& orders : *stash_) {
      w.varu("orderCount", orders.size());
      for (const auto& o : orders) o.write(w);
    }
  w.raw("claims", claims_);
  for (const auto& k : secrets_) {
    w.boolean("secret", k.has_value());
    if (k) w.raw("secret", *k);
  }
  w.varu("breachCount", breaches_.size());
  for (const auto& b : breaches_) {
    w.u32("turn", b.turn);
    w.u16("seat", b.seat);
    w.str("what", b.what);
  }
  w.varu("faultCount", faults_.size());
  for (const auto& f : faults_) w.str("fault", f);
  w.end();
  rules_.write(w);
}

Result<void> HiddenTable::read(det::Reader& r) {
  HiddenTable t(firstKeeper_);
  const size_t seats = keeperOf_.size();
  auto id = r.raw("gameId", 16);
  if (r.ok()) std::copy(id.begin(), id.end(), t.gameId_.begin());
  auto present = r.raw("present", seats);
  if (r.ok()) t.present_.assign(present.begin(), present.end());
  for (Seat s = 0; s < seats && r.ok(); ++s)
    if (t.present_[s] > kExpelled || (t.present_[s] && t.firstKeeper_[s] != s)) r.fail("present", "only a person is present in the deck");
  if (!r.ok()) return r.status();
  t.assignKeepers();
  const size_t holders = t.holders_.size();
  t.keys_.assign(seats, std::nullopt);
  for (size_t s = 0; s < seats && r.ok(); ++s) t.keys_[s] = readOptPoint(r, "key");
  auto joint = r.raw("joint", 32);
  if (r.ok()) std::copy(joint.begin(), joint.end(), t.joint_.begin());
  t.epoch_ = r.u32("epoch");
  const uint64_t nt = r.count("tileCount", 190, 2);
  for (uint64_t i = 0; i < nt && r.ok(); ++i) t.tiles_.push_back(r.u16("tile"));
  for (size_t i = 0; i < t.tiles_.size() && r.ok(); ++i)
    if (t.tiles_[i] >= 190 || (i > 0 && t.tiles_[i] <= t.tiles_[i - 1])) r.fail("tile", "the deck's coordinates ascend, each once");
  const uint64_t nd = r.count("deckCount", 190, 64);
  if (r.ok() && nd != nt) r.fail("deckCount", "the masked deck and its tile list differ in length");
  for (uint64_t i = 0; i < nd && r.ok(); ++i) t.deck_.push_back(deck::readCipher(r));
  t.hops_ = r.varu("hops", holders);
  t.shares_.assign(nd, std::vector<std::optional<deck::Point>>(holders));
  for (uint64_t p = 0; p < nd && r.ok(); ++p)
    for (size_t h = 0; h < holders && r.ok(); ++h) t.shares_[p][h] = readOptPoint(r, "share");
  t.revealAll_ = r.boolean("revealAll");
  t.pendingBlock_ = r.boolean("pendingBlock");
  if (r.boolean("stash")) {
    t.stash_.emplace(seats);
    for (size_t s = 0; s < seats && r.ok(); ++s) {
      const uint64_t n = r.count("orderCount", 64, 3);
      for (uint64_t i = 0; i < n && r.ok(); ++i) (*t.stash_)[s].push_back(Order::read(r));
    }
  }
  auto claims = r.raw("claims", seats);
  if (r.ok()) t.claims_.assign(claims.begin(), claims.end());
  if (r.ok() && std::any_of(t.claims_.begin(), t.claims_.end(), [](uint8_t c) { return c > 3; }))
    r.fail("claims", "a claim is 0..3");
  t.secrets_.assign(seats, std::nullopt);
  for (size_t s = 0; s < seats && r.ok(); ++s)
    if (r.boolean("secret")) {
      auto k = r.raw("secret", 32);
      if (r.ok()) std::copy(k.begin(), k.end(), t.secrets_[s].emplace().begin());
    }
  const uint64_t nb = r.count("breachCount", seats, 7);
  for (uint64_t i = 0; i < nb && r.ok(); ++i) {
    HiddenAudit::Finding b;
    b.turn = r.u32("turn");
    b.seat = r.u16("seat");
    b.what = r.str("what", 512);
    if (r.ok() && b.seat >= seats) r.fail("seat", "a breach names a seat at the table");
    t.breaches_.push_back(std::move(b));
  }
  const uint64_t nf = r.count("faultCount", 1 << 16, 1);
  for (uint64_t i = 0; i < nf && r.ok(); ++i) t.faults_.push_back(r.str("fault", 512));
  if (!r.ok()) return r.status();
  t.rules_.setRulesVersion(rules_.rulesVersion());
  if (auto rr = t.rules_.read(r); !rr) return rr;
  if (t.rules_.seats() != seats) return Err("hidden table: the state has ", t.rules_.seats(), " seats, the table ", seats);
  t.incoming_.assign(t.deck_.size(), std::nullopt);
  *this = std::move(t);
  return Ok();
}

}  // namespace concord::warp::hidden
