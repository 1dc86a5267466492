// RULES §VII commission tracks as numbers, the heuristic policy that applies them, and the officer Bot.
// Blunders and noisy tie-breaks draw only from the seat's own botStream ("ai.<seat>.<turn>", docs/determinism.md).
#include <algorithm>
#include <array>

#include "core/warp/ai/officer.h"

namespace concord::warp::ai {

namespace {

// Decision (docs/rules-decisions.md "Warp AI officers"): §VII gives the tracks in words only; these
// numbers were tuned by the calibration in docs/ai-calibration.md.
constexpr std::array<Profile, 4> kProfiles{{
    {"ensign", Depth::Light, 20, 10, false},
    {"lieutenant", Depth::Full, 10, 25, false},
    {"commander", Depth::Full, 0, 0, false},
    {"commander+lookahead", Depth::Full, 0, 0, true},
}};
constexpr std::array<std::string_view, 4> kKinds{"ensign", "lieutenant", "commander", "commander+lookahead"};

// Orders of `scored` by total, best first; ties keep the legal-order index (ascending, deterministic).
std::vector<size_t> ranked(const std::vector<Scored>& scored) {
  std::vector<size_t> idx(scored.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return scored[a].total > scored[b].total; });
  return idx;
}

class HeuristicPolicy final : public Policy {
 public:
  HeuristicPolicy(const Profile& p, Budget b) : p_(p), budget_(b) {}

  Decision decide(const WarpGame& table, Seat me, std::span<const Order> legal, det::Rng& rng) override {
    Decision d;
    if (legal.empty()) return d;
    auto scored = scoreAll(table, me, legal, p_.depth);
    if (scored.size() == 1) {
      d.chosen = std::move(scored.front());
      return d;
    }
    // §VII "how often the officer blunders": a uniformly random legal order.
    if (rng.below(1000) < p_.blunderPerMille) {
      d.blunder = true;
      d.chosen = std::move(scored[static_cast<size_t>(rng.below(scored.size()))]);
      return d;
    }
    auto order = ranked(scored);
    if (p_.lookahead) return withLookahead(table, me, scored, order, rng);
    // §VII sharpness: any order within `slack` of the best, ties broken from the seat's stream.
    int32_t best = scored[order.front()].total;
    size_t n = 0;
    while (n < order.size() && scored[order[n]].total >= best - p_.slack) ++n;
    d.chosen = std::move(scored[order[n > 1 ? static_cast<size_t>(rng.below(n)) : 0]]);
    return d;
  }

 private:
  Decision withLookahead(const WarpGame& table, Seat me, std::vector<Scored>& scored, const std::vector<size_t>& order,
                         det::Rng& rng) {
    Decision d;
    size_t k = std::min<size_t>(budget_.candidates, order.size());
    // A forced answer (catch, announce) outranks everything by 1000: no search needed.
    if (scored[order[0]].total >= scored[order[1]].total + 500) k = 1;
    std::vector<Scored> cands;
    for (size_t i = 0; i < k; ++i) cands.push_back(scored[order[i]]);
    if (k == 1) {
      d.chosen = std::move(cands.front());
      return d;
    }
    auto values = lookaheadValues(table, me, cands, budget_, rng);
    size_t best = lookaheadPick(values, budget_);
    // Only a search that overrode the stack reports a value (the advisor then names the search).
    if (best != 0) {
      d.lookaheadValue = static_cast<int32_t>(std::clamp<int64_t>(values.sum[best], INT32_MIN, INT32_MAX));
      if (d.lookaheadValue == 0) d.lookaheadValue = 1;
    }
    d.chosen = std::move(cands[best]);
    return d;
  }

  Profile p_;
  Budget budget_;
};

class Officer final : public Bot {
 public:
  explicit Officer(std::unique_ptr<Policy> p) : policy_(std::move(p)) {}
  std::vector<Order> choose(const Observation& obs, std::span<const Order> legal, det::Rng& rng) override {
    if (legal.empty()) return {};
    auto table = sharedTableOf(obs);
    // A Warp observation always carries its table; anything else gets the first legal order.
    if (!table) return {legal.front()};
    auto d = policy_->decide(**table, obs.viewer, legal, rng);
    return {d.chosen.order};
  }

 private:
  std::unique_ptr<Policy> policy_;
};

}  // namespace

std::optional<Profile> profileNamed(std::string_view name) {
  for (const auto& p : kProfiles)
    if (p.name == name) return p;
  return std::nullopt;
}

std::span<const std::string_view> officerKinds() { return kKinds; }

std::unique_ptr<Policy> heuristicPolicy(const Profile& p, Budget budget) {
  return std::make_unique<HeuristicPolicy>(p, budget);
}

std::unique_ptr<Bot> makeOfficer(std::string_view kind) {
  auto p = profileNamed(kind);
  if (!p) return nullptr;
  return makeOfficer(*p);
}

std::unique_ptr<Bot> makeOfficer(const Profile& p, Budget budget) {
  return std::make_unique<Officer>(heuristicPolicy(p, budget));
}

std::optional<Profile> parseCustomProfile(std::string_view spec) {
  std::vector<std::string_view> f;
  for (size_t at = 0;;) {
    size_t c = spec.find(':', at);
    f.push_back(spec.substr(at, c == std::string_view::npos ? std::string_view::npos : c - at));
    if (c == std::string_view::npos) break;
    at = c + 1;
  }
  if ((f.size() != 4 && f.size() != 5) || f[0] != "custom") return std::nullopt;
  auto num = [](std::string_view s, int32_t& v) {
    if (s.empty() || s.size() > 6) return false;
    v = 0;
    for (char ch : s) {
      if (ch < '0' || ch > '9') return false;
      v = v * 10 + (ch - '0');
    }
    return true;
  };
  Profile p;
  p.name = "custom";
  if (f[1] == "light") p.depth = Depth::Light;
  else if (f[1] == "standard") p.depth = Depth::Standard;
  else if (f[1] == "full") p.depth = Depth::Full;
  else return std::nullopt;
  int32_t blunder = 0;
  if (!num(f[2], blunder) || blunder > 1000 || !num(f[3], p.slack)) return std::nullopt;
  p.blunderPerMille = static_cast<uint16_t>(blunder);
  if (f.size() == 5) {
    if (f[4] != "lookahead") return std::nullopt;
    p.lookahead = true;
  }
  return p;
}

}  // namespace concord::warp::ai
