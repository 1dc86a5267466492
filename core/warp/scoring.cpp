// RULES §V End of round and scoring: winning, All Stop!, blocked sector, the step-by-step tally,
// Double-blank setting, Salamander (Module Beta, swap via Alpha); Victory conditions for both objectives.
#include <algorithm>
#include <cstdint>

#include "core/det/checked.h"
#include "core/warp/state.h"

namespace concord::warp {

void WarpGame::winRound(uint8_t s) {
  lastWinner_ = s;
  lastBlocked_ = false;
  // §VI Kappa even rounds (rules v4): going out ends the round but the top hand wins it (scorePoints).
  if (cfg_.objective == Objective::Points && topHandWins()) say(Ev::GoesOut, {s});
  else say(Ev::Wins, {s, round_});
  // §V All Stop! ceremony: Neutral Zone go-outs, or any go-out under All Stop! echo (Alpha).
  if (cfg_.allStop && (lastLine_ == seats_ || echo_)) say(Ev::AllStop);
  if (cfg_.objective == Objective::Points) {
    scorePoints(s);
  } else {
    for (uint8_t t = 0; t < seats_; ++t)  // §VI Zeta (Go-out): the whole squadron scores the round win
      if (home(t) == home(s)) ++seat_[t].roundWins;
    tally_.clear();
    for (uint8_t t = 0; t < seats_; ++t)
      tally_.push_back(name(t) + ": " + std::to_string(seat_[t].roundWins) + " round win(s)");
  }
  finishRound();
}

void WarpGame::blockRound() {
  say(Ev::Blocked);
  lastWinner_ = kNone;
  lastBlocked_ = true;
  if (cfg_.objective == Objective::GoOut) {
    // Victory conditions: a blocked go-out round is re-dealt at the same Spacedock, no win credited.
    // The manual sets no limit; decision (docs/rules-decisions.md "Consecutive blocked Go-out deals"):
    // the kMaxBlockedDeals-th blocked deal in a row is resolved instead of re-dealt again.
    ++blockedDeals_;
    if (blockedDeals_ >= kMaxBlockedDeals) {
      resolveBlockedCap();
      return;
    }
    say(Ev::Redealt);
    dealRound();
    return;
  }
  scorePoints(kNone);  // §V: every captain counts, no exemption
  finishRound();
}

void WarpGame::resolveBlockedCap() {
  // Decision (Victory conditions are silent on a round that keeps blocking): after kMaxBlockedDeals blocked
  // deals of one round in a row, the round goes to the captain(s) closest to going out — fewest coordinates
  // in hand, then the lowest hand pip total (§V "Count a hand": both ends added) — and captains still tied
  // share it. A credited round always ends: sudden death finishes, first-to-X and fixed rounds advance.
  say(Ev::BlockedCap, {blockedDeals_});
  size_t fewest = SIZE_MAX;
  int lowest = INT32_MAX;
  std::vector<int> pips(seats_, 0);
  for (uint8_t t = 0; t < seats_; ++t) {
    for (Tile c : seat_[t].hand) pips[t] += c.pips();
    size_t n = seat_[t].hand.size();
    if (n < fewest || (n == fewest && pips[t] < lowest)) {
      fewest = n;
      lowest = pips[t];
    }
  }
  std::vector<bool> credited(seats_, false);
  uint8_t first = kNone;
  int winners = 0;
  for (uint8_t t = 0; t < seats_; ++t) {
    if (seat_[t].hand.size() != fewest || pips[t] != lowest) continue;
    if (first == kNone) first = t;
    ++winners;
    say(Ev::BlockedCapWin, {t, static_cast<uint16_t>(fewest), static_cast<uint16_t>(lowest), round_});
    for (uint8_t u = 0; u < seats_; ++u)  // §VI Zeta (Go-out): the whole squadron is credited, once
      if (home(u) == home(t)) credited[u] = true;
  }
  for (uint8_t t = 0; t < seats_; ++t)
    if (credited[t]) ++seat_[t].roundWins;
  lastWinner_ = winners == 1 ? first : kNone;
  lastBlocked_ = true;
  tally_.clear();
  for (uint8_t t = 0; t < seats_; ++t)
    tally_.push_back(name(t) + ": " + std::to_string(seat_[t].roundWins) + " round win(s)");
  finishRound();
}

void WarpGame::scorePoints(uint8_t winner) {
  const uint8_t top = cfg_.maxPip;
  // §VI Beta: the highest double scores double its pips once it is in circulation (not Spacedock).
  bool salamander = cfg_.salamander && spacedock_ != top;
  Tile high{top, top};
  uint8_t holder = kNone;
  for (uint8_t t = 0; t < seats_; ++t)
    if (std::binary_search(seat_[t].hand.begin(), seat_[t].hand.end(), high)) holder = t;
  // Who won the round: the captain who went out, or on a Kappa even round (rules v4) the captain(s) holding
  // the top hand, counted as §IV counts hands before any swap ("nets 0 — they win the round").
  std::vector<bool> won(seats_, false);
  if (winner != kNone) won[winner] = true;
  if (topHandWins()) won = topHandHolders(salamander, high);
  uint8_t swapTo = kNone;
  if (salamander && swap_ && holder != kNone) {
    // §VI Alpha Salamander swap: the highest campaign score among non-winners takes the whole penalty;
    // decision: on a tie that includes the holder there is no transfer, otherwise the first tied
    // captain clockwise from the holder takes it.
    int64_t best = INT64_MIN;
    for (uint8_t t = 0; t < seats_; ++t)
      if (!won[t]) best = std::max(best, seat_[t].campaign);
    if (seat_[holder].campaign != best) {
      for (int k = 1; k < seats_; ++k) {
        auto t = static_cast<uint8_t>((holder + k) % seats_);
        if (!won[t] && seat_[t].campaign == best) {
          swapTo = t;
          break;
        }
      }
    }
  }
  tally_.clear();
  std::vector<int32_t> add(seats_, 0);
  std::vector<std::string> parts(seats_);
  for (uint8_t t = 0; t < seats_; ++t) {
    if (t == winner) {
      parts[t] = "went out";
      continue;
    }
    for (Tile c : seat_[t].hand) {
      int v = c.pips();
      std::string note;
      if (c.hi == 0 && c.lo == 0) {
        v = cfg_.doubleBlank;  // §V Double-blank score 50 / 25 / 0
        if (v) note = " (double-blank)";
      }
      if (salamander && c == high) {
        v = 2 * c.pips();
        note = " (Salamander)";
        if (swapTo != kNone) {
          add[swapTo] += v;
          parts[t] += (parts[t].empty() ? "" : ", ") + c.text() + " = 0 (Salamander swapped to " + name(swapTo) + ")";
          parts[swapTo] += std::string(parts[swapTo].empty() ? "" : ", ") + "Salamander swap = " + std::to_string(v);
          continue;
        }
      }
      add[t] += v;
      parts[t] += (parts[t].empty() ? "" : ", ") + c.text() + " = " + std::to_string(v) + note;
    }
  }
  // §VI Zeta (Points): a squadron goes out when one captain clears their hand; every other squadron's
  // members each score the squadron's aggregate hand.
  if (cfg_.squadrons) {
    std::vector<int32_t> squad(seats_, 0);
    for (uint8_t t = 0; t < seats_; ++t) squad[home(t)] += add[t];
    for (uint8_t t = 0; t < seats_; ++t) {
      bool out = winner != kNone && home(t) == home(winner);
      add[t] = out ? 0 : squad[home(t)];
      parts[t] += out ? std::string(", squadron went out") : ", squadron total " + std::to_string(add[t]);
    }
  }
  // §VI Kappa Temporal Inversion: on even rounds each hand term becomes a spread off the top hand
  // (top hand nets 0, a go-out takes the full baseline); the add-ons below follow the hand term.
  bool inverted = cfg_.kappa && round_ % 2 == 0;
  if (inverted) {
    int32_t topHand = 0;
    for (uint8_t t = 0; t < seats_; ++t) topHand = std::max(topHand, add[t]);
    for (uint8_t t = 0; t < seats_; ++t) {
      parts[t] += ", inverted round: top hand " + std::to_string(topHand) + " - " + std::to_string(add[t]);
      add[t] = topHand - add[t];
    }
  }
  // §VI Delta pass penalties (+5 each) and Eta Temporal Debt (+2 per token) apply to every captain,
  // the round winner included; then Theta's -3 for the longest personal trail(s), never below 0.
  for (uint8_t t = 0; t < seats_; ++t) {
    if (cfg_.delta && seat_[t].hazardPasses) {
      add[t] += 5 * seat_[t].hazardPasses;
      parts[t] += ", Hazard Marker passes " + std::to_string(seat_[t].hazardPasses) + " x 5";
    }
    if (cfg_.eta && seat_[t].debt) {
      add[t] += 2 * seat_[t].debt;
      parts[t] += ", Temporal Debt " + std::to_string(seat_[t].debt) + " x 2";
    }
  }
  if (cfg_.theta) {
    size_t longest = 0;
    for (uint8_t t = 0; t < seats_; ++t) longest = std::max(longest, lines_[home(t)].main.size());
    for (uint8_t t = 0; t < seats_ && longest > 0; ++t)
      if (lines_[home(t)].main.size() == longest) {
        // Kappa's scoring floor: with Kappa on, the -3 may dip below zero (kept to break campaign ties).
        add[t] = cfg_.kappa ? add[t] - 3 : std::max(0, add[t] - 3);
        parts[t] += ", Longest Trail -3";
      }
  }
  for (uint8_t t = 0; t < seats_; ++t) {
    seat_[t].roundScore = add[t];
    seat_[t].campaign = det::saturatingAdd(seat_[t].campaign, add[t]);
    // §VI Kappa scoring floor: the tally shows scores clamped to zero (rules v4); the raw ones stay in the state.
    tally_.push_back(name(t) + ": " + (parts[t].empty() ? "empty hand" : parts[t]) + " -> " +
                     std::to_string(shownScore(add[t])) + " (campaign " + std::to_string(shownScore(seat_[t].campaign)) + ")");
  }
  for (const auto& line : tally_) sayText(Ev::Tally, line);
  if (topHandWins()) {
    uint8_t only = kNone;
    int count = 0;
    for (uint8_t t = 0; t < seats_; ++t)
      if (won[t]) {
        say(Ev::TopHandWins, {t, round_});
        only = t;
        ++count;
      }
    lastWinner_ = count == 1 ? only : kNone;
  }
}

bool WarpGame::topHandWins() const { return cfg_.kappa && round_ % 2 == 0 && rulesVersion_ >= 4; }

std::vector<bool> WarpGame::topHandHolders(bool salamander, Tile high) const {
  std::vector<int32_t> held(seats_, 0);
  for (uint8_t t = 0; t < seats_; ++t)
    for (Tile c : seat_[t].hand)
      held[t] += c.hi == 0 && c.lo == 0 ? cfg_.doubleBlank : (salamander && c == high ? 2 * c.pips() : c.pips());
  if (cfg_.squadrons) {  // §VI Zeta: each member counts the squadron's aggregate hand
    std::vector<int32_t> squad(seats_, 0);
    for (uint8_t t = 0; t < seats_; ++t) squad[home(t)] += held[t];
    for (uint8_t t = 0; t < seats_; ++t) held[t] = squad[home(t)];
  }
  int32_t top = *std::max_element(held.begin(), held.end());
  std::vector<bool> won(seats_, false);
  for (uint8_t t = 0; t < seats_; ++t) won[t] = held[t] == top;
  return won;
}

bool WarpGame::campaignDone() const {
  if (cfg_.objective == Objective::Points) return roundsScored_ >= descentRounds(cfg_);
  return false;
}

void WarpGame::finishRound() {
  ++roundsScored_;
  blockedDeals_ = 0;  // a completed round ends any run of blocked deals
  if (cfg_.objective == Objective::Points) {
    if (roundsScored_ >= descentRounds(cfg_)) {
      finishCampaign("campaign complete: lowest cumulative total wins");
      return;
    }
  } else {
    uint16_t most = 0;
    for (const auto& st : seat_) most = std::max(most, st.roundWins);
    int leaders = 0;
    for (const auto& st : seat_) leaders += st.roundWins == most ? 1 : 0;
    switch (cfg_.goOutMode) {
      case GoOutMode::SuddenDeath:
        // A round resolved by the re-deal cap (resolveBlockedCap) decides the sector like a go-out.
        finishCampaign(lastBlocked_ ? "sudden death: the round blocked " + std::to_string(kMaxBlockedDeals) +
                                          " deals in a row goes to the captain(s) closest to out"
                                    : "sudden death: first captain out wins the sector");
        return;
      case GoOutMode::FirstTo:
        if (most >= cfg_.firstTo) {
          finishCampaign("first to " + std::to_string(cfg_.firstTo) + " round wins");
          return;
        }
        break;
      case GoOutMode::FixedRounds: {
        int n = cfg_.rounds ? cfg_.rounds : descentRounds(cfg_);
        if (roundsScored_ >= n) {
          if (leaders == 1) {
            finishCampaign("fixed rounds: most round wins");
            return;
          }
          if (cfg_.overtime == Overtime::Offer) {
            for (auto& st : seat_) st.vote = st.roundWins == most ? 1 : 0;
            phase_ = Phase::OvertimeVote;
            say(Ev::OvertimeOffered);
            return;
          }
          overtime_ = true;
          say(Ev::Overtime);
        }
        break;
      }
    }
  }
  ++round_;
  roundStarter_ = static_cast<uint8_t>((roundStarter_ + 1) % seats_);  // §II starter rotates clockwise
  dealRound();
}

std::vector<Seat> WarpGame::sectorWinners() const {
  std::vector<Seat> w;
  if (phase_ != Phase::Over) return w;
  for (uint8_t s : winners_) w.push_back(s);
  return w;
}

void WarpGame::finishCampaign(const std::string& why) {
  phase_ = Phase::Over;
  winners_.clear();
  if (cfg_.objective == Objective::Points) {
    int64_t best = INT64_MAX;
    for (const auto& st : seat_) best = std::min(best, st.campaign);
    for (uint8_t t = 0; t < seats_; ++t)
      if (seat_[t].campaign == best) winners_.push_back(t);  // §V ties share the victory
  } else {
    uint16_t most = 0;
    for (const auto& st : seat_) most = std::max(most, st.roundWins);
    for (uint8_t t = 0; t < seats_; ++t)
      if (seat_[t].roundWins == most) winners_.push_back(t);
  }
  uint32_t mask = 0;
  for (uint8_t t : winners_) mask |= 1u << t;
  sayText(Ev::SectorOver, why, static_cast<uint16_t>(mask & 0xFFFF), static_cast<uint16_t>(mask >> 16));
}

std::optional<Outcome> WarpGame::outcome() const {
  if (phase_ != Phase::Over) return std::nullopt;
  Outcome o;
  bool points = cfg_.objective == Objective::Points;
  std::vector<int64_t> raw;
  for (uint8_t s = 0; s < seats_; ++s)
    raw.push_back(points ? seat_[s].campaign : static_cast<int64_t>(seat_[s].roundWins));
  for (uint8_t s = 0; s < seats_; ++s) {
    uint32_t better = 0;  // §VI Kappa scoring floor: the raw totals rank, so a true -3 edges a shown 0
    for (uint8_t t = 0; t < seats_; ++t)
      if (points ? raw[t] < raw[s] : raw[t] > raw[s]) ++better;
    o.rankBySeat.push_back(better + 1);
    o.scoreBySeat.push_back(points ? shownScore(raw[s]) : raw[s]);
  }
  o.summary = log_.events.empty() ? "sector over" : lastLogLine();
  return o;
}

}  // namespace concord::warp
