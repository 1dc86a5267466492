// The hidden table (issue 26): a Warp game whose hands and Uncharted pile no peer can read. It wraps the rules
// (WarpGame with a hidden deal: unknown coordinates are placeholders named by masked-deck position) with the
// masked deck (core/deck): key holders publish keys, shuffle in turn, publish unmasking shares for every draw,
// prove every play, answer the Blocked-sector poll, reveal their hands when a round scores and their keys when
// the sector ends. Everything here is public and hashed; a holder's secrets live in its client (agent.h).
// While the deck owes work nobody may give a game order; the rules resume the turn it is done.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/deck/masked_deck.h"
#include "core/warp/hidden/deck_orders.h"
#include "core/warp/state.h"

namespace concord::warp::hidden {

class HiddenTable final : public Game, public HiddenInfo {
 public:
  /// keeperOf[s]: the seat whose client holds the last layer of seat s's hand (s for a person, the host's seat
  /// for an officer). Key holders are the seats that keep themselves.
  explicit HiddenTable(std::vector<Seat> keeperOf);

  GameInfo info() const override { return rules_.info(); }
  Result<void> setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) override;
  std::vector<Seat> awaiting() const override;
  /// Deck orders: well formed and owed. Game orders: the rules' verdict on the public state, except that a
  /// coordinate the seat may hold unseen is taken on trust here (its proof comes in the same bundle).
  Result<void> validate(Seat seat, const Order& order) const override;
  std::vector<Rejection> apply(const TurnInput& input) override;
  void seal(uint32_t turn) override { rules_.seal(turn); }
  void write(det::Writer& w) const override;
  Result<void> read(det::Reader& r) override;
  /// The public view: a seat's own hand shows as unknown here; its client shows it (agent.h viewFor).
  Observation observe(Seat viewer) const override { return rules_.observe(viewer); }
  Observation observeForOfficer(Seat viewer) const override { return rules_.observeForOfficer(viewer); }
  std::vector<Order> legalOrders(Seat seat) const override;
  /// Set once the sector is over and every holder's key is in (the audit then has all it needs).
  std::optional<Outcome> outcome() const override;
  std::unique_ptr<Game> clone() const override { return std::make_unique<HiddenTable>(*this); }
  std::string describe(Seat seat, const Order& order) const override;
  std::string orderText(Seat seat, const Order& order) const override { return rules_.orderText(seat, order); }
  Result<Order> parseOrder(Seat seat, std::string_view text) const override { return rules_.parseOrder(seat, text); }
  std::string orderExample() const override { return rules_.orderExample(); }
  std::string introduction(Seat viewer) const override;
  std::string seatLabel(Seat s) const override { return rules_.seatLabel(s); }
  std::vector<std::string> narrationSince(uint64_t from) const override { return rules_.narrationSince(from); }
  std::vector<std::string> narrationNamed(uint64_t from, const SeatNames& n) const override {
    return rules_.narrationNamed(from, n);
  }
  uint64_t narrationTotal() const override { return rules_.narrationTotal(); }
  std::vector<GameEvent> eventsSince(uint64_t from) const override { return rules_.eventsSince(from); }
  Observation observeNamed(Seat viewer, const SeatNames& n) const override { return rules_.observeNamed(viewer, n); }
  std::optional<Outcome> outcomeNamed(const SeatNames& n) const override;

  void setRulesVersion(uint32_t v) { rules_.setRulesVersion(v); }

  // HiddenInfo (agent.cpp, audit.cpp): what a holder's client and replay verify ask through the Game interface.
  const HiddenInfo* hiddenInfo() const override { return this; }
  Seat keeperOf(Seat s) const override { return keeperOf_[s]; }
  std::vector<Order> owedOrders(Seat holder, const HolderKey& key) const override;
  std::unique_ptr<Game> viewFor(Seat s, const HolderKey& keeperKey) const override;
  std::vector<Order> withProofs(Seat s, const HolderKey& keeperKey, const std::vector<Order>& orders) const override;
  std::unique_ptr<HiddenAudit> audit() const override;
  bool isDeckWork(const Order& o) const override { return isDeckOrder(o); }
  std::optional<HolderKey> revealedKey(Seat s) const override { return secrets_[s]; }

  // The deck, for the holders' agents, the audit and tests.
  const WarpGame& rules() const { return rules_; }
  const std::vector<Seat>& holders() const { return holders_; }
  uint32_t epoch() const { return epoch_; }
  const std::vector<deck::Cipher>& deck() const { return deck_; }
  /// Tile index (fullSet order) behind each position of this epoch's deck before the shuffle.
  const std::vector<uint16_t>& deckTiles() const { return tiles_; }
  size_t hops() const { return hops_; }
  /// Seat s's published deck key (people only).
  const std::optional<deck::Point>& keyOf(Seat s) const { return keys_[s]; }
  const deck::Point& jointKey() const { return joint_; }
  int holderIndex(Seat s) const { return s < holderIx_.size() ? holderIx_[s] : -1; }
  /// The published share of `position` by holder index h, if any.
  const std::optional<deck::Point>& share(uint16_t position, size_t h) const { return shares_[position][h]; }
  /// The coordinate index (fullSet order) a point opens to, if it is one of this deal's deck; none otherwise.
  std::optional<uint16_t> tileOf(const deck::Point& m) const;
  /// The proof context of `holder`'s proofs (purpose Key: position 0, epoch 0).
  deck::Context context(Seat holder, uint16_t position, deck::Purpose purpose) const;

  struct Owed {
    bool key = false, shuffle = false, secret = false;
    std::vector<uint16_t> shares;  // positions
    std::vector<Seat> claims;      // seats whose claim this holder gives
    bool empty() const { return !key && !shuffle && !secret && shares.empty() && claims.empty(); }
  };
  /// What `holder` must publish before the table can go on.
  Owed owed(Seat holder) const;
  /// Whether the deck owes work (then no game order is taken).
  bool busy() const;
  /// The deck rules a holder broke where every peer saw it: a share that did not verify, a key withheld at the
  /// sector's end. Each expelled the holder; the audit reports them with its own findings.
  const std::vector<HiddenAudit::Finding>& breaches() const { return breaches_; }
  /// Protocol faults seen so far ("turn 12, seat 2: ..."), in the hashed state.
  const std::vector<std::string>& faults() const { return faults_; }
  /// Seat s's revealed deck key (the sector's end; people only).
  const std::optional<DeckKey>& secretOf(Seat s) const { return secrets_[s]; }
  /// Lockstep membership: a person substituted leaves the deck and one who reclaims comes back; either way the
  /// deal cannot open positions under the missing layer, so the round is re-dealt among the holders present.
  void seatControl(uint32_t turn, std::span<const SeatControlEvent> events) override;

  // Transient (not state): the game orders the rules took in the last apply() (refused ones left out), and the
  // claims it took, for the audit.
  const std::vector<std::vector<Order>>& lastRulesTurn() const { return lastRulesTurn_; }
  const std::vector<Claim>& lastClaims() const { return lastClaims_; }
  /// Claims of the poll that just ended all-stuck (the audit checks them against the full deal).
  bool lastPollBlocked() const { return lastPollBlocked_; }

 private:
  Result<void> takeDeckOrder(Seat s, const Order& o, uint32_t turn);
  Result<void> takeShares(Seat s, const ShareBatch& b, uint32_t turn);
  void settle();
  void startEpoch();
  void afterRules(bool freshTurn);
  void revealPublic();
  void closePoll();
  void assignKeepers();
  void misdeal();
  bool keysIn() const;
  bool sharesOwed() const;
  /// What of `o` (owed by holder h as the turn began) is still missing after the turn's deck orders; "" if none.
  std::string stillOwed(Seat h, const Owed& o) const;
  bool roundWouldEnd(const std::vector<SeatOrders>& in, uint32_t turn) const;
  bool handsHidden() const;

  std::vector<Seat> firstKeeper_;  // as the session set them: people keep themselves
  std::vector<uint8_t> present_;   // per seat: 1 a person in the deck, 0 substituted, kExpelled after a wrong share
  static constexpr uint8_t kExpelled = 2;
  bool expelledNow_ = false;       // this turn's deck orders expelled a holder: a misdeal before the turn goes on
  bool controlChanged_ = false;    // seatControl() changed the deck this turn (transient: set and read in one step)
  std::vector<HiddenAudit::Finding> breaches_;  // deck rules broken in plain sight (a wrong share, a key withheld)
  std::vector<Seat> keeperOf_;     // now: an absent person's or officer's seat is kept by the lowest holder present
  std::vector<Seat> holders_;
  std::vector<int> holderIx_;
  WarpGame rules_;
  std::array<uint8_t, 16> gameId_{};
  std::vector<std::optional<deck::Point>> keys_;  // per seat
  deck::Point joint_{};
  uint32_t epoch_ = 0;
  std::vector<uint16_t> tiles_;
  std::vector<deck::Cipher> deck_;
  size_t hops_ = 0;
  std::vector<std::vector<std::optional<deck::Point>>> shares_;  // [position][holder index]
  bool revealAll_ = false;    // a round is scoring: keepers owe their own shares of every hand
  bool pendingBlock_ = false;  // the poll found every captain stuck: block once hands are open
  std::optional<std::vector<std::vector<Order>>> stash_;  // the round-ending turn, applied once hands are open
  std::vector<uint8_t> claims_;  // per seat: 0 not asked, 1 asked, 2 cannot chart, 3 could chart
  std::vector<std::optional<DeckKey>> secrets_;  // per seat
  std::vector<std::string> faults_;
  std::vector<std::optional<deck::Cipher>> incoming_;  // this turn's shuffle slices (transient within apply)
  std::optional<Seat> incomingFrom_;
  std::vector<std::vector<Order>> lastRulesTurn_;
  std::vector<Claim> lastClaims_;
  bool lastPollBlocked_ = false;
};



}  // namespace concord::warp::hidden
