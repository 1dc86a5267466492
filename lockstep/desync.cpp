#include "lockstep/desync.h"

#include <algorithm>
#include <map>

#include "core/det/writer.h"
#include "lockstep/turn_engine.h"

namespace concord::lockstep {

std::string DesyncReport::summary() const {
  std::string s = "desync at turn " + std::to_string(turn) + ": seats";
  for (Seat x : disagreeingSeats) s += " " + std::to_string(x);
  s += " disagree with the majority (seats";
  for (Seat x : majoritySeats) s += " " + std::to_string(x);
  s += "); majority " + majorityHash.shortHex() + " vs " + otherHash.shortHex();
  if (!fieldPath.empty()) s += "; first difference at " + fieldPath + " (" + majorityValue + " vs " + otherValue + ")";
  return s;
}

namespace {

// Re-reads canonical bytes into an engine and writes them traced, so the diff can name field paths.
Result<det::Writer> traced(const SessionConfig& session, const std::vector<uint8_t>& bytes) {
  auto e = TurnEngine::create(session);
  if (!e) return e.error();
  det::Reader r(bytes, "state dump");
  if (auto st = (*e)->read(r); !st) return st.error();
  if (auto f = r.finish(); !f) return f.error();
  det::Writer w(true);
  (*e)->write(w);
  return w;
}

}  // namespace

Result<DesyncReport> buildDesyncReport(const SessionConfig& session, uint32_t turn, PeerId ours,
                                       const std::vector<StateSample>& samples) {
  // hash -> (seats, index of the first sample with that hash); std::map keeps the order deterministic.
  struct Group {
    std::vector<Seat> seats;
    size_t sample = 0;
  };
  std::map<std::pair<uint64_t, uint64_t>, Group> groups;
  const StateSample* mine = nullptr;
  for (size_t i = 0; i < samples.size(); ++i) {
    auto h = det::hash128(samples[i].state);
    auto [it, fresh] = groups.try_emplace({h.hi, h.lo}, Group{{}, i});
    for (Seat s : samples[i].seats) it->second.seats.push_back(s);
    if (samples[i].peer == ours) mine = &samples[i];
  }
  if (!mine) return Err("desync report: our own state of turn ", turn, " is missing");
  for (auto& [h, g] : groups) std::sort(g.seats.begin(), g.seats.end());
  auto better = [](const Group& a, const Group& b) {
    if (a.seats.size() != b.seats.size()) return a.seats.size() > b.seats.size();
    Seat la = a.seats.empty() ? kMaxSeats : a.seats.front();
    Seat lb = b.seats.empty() ? kMaxSeats : b.seats.front();
    return la < lb;
  };
  const Group* major = nullptr;
  for (auto& [h, g] : groups)
    if (!major || better(g, *major)) major = &g;
  DesyncReport rep;
  rep.turn = turn;
  const auto& majSample = samples[major->sample];
  rep.majorityHash = det::hash128(majSample.state);
  rep.majoritySeats = major->seats;
  auto ourHash = det::hash128(mine->state);
  rep.weAreMajority = ourHash == rep.majorityHash;
  const StateSample* other = rep.weAreMajority ? nullptr : mine;
  for (auto& [h, g] : groups) {
    if (&g == major) continue;
    rep.disagreeingSeats.insert(rep.disagreeingSeats.end(), g.seats.begin(), g.seats.end());
    if (!other) other = &samples[g.sample];
  }
  std::sort(rep.disagreeingSeats.begin(), rep.disagreeingSeats.end());
  rep.majorityBinary = majSample.state;
  auto tm = traced(session, majSample.state);
  if (tm) rep.majorityReadable = det::readableDump(*tm);
  if (!other) return rep;  // nobody else reported yet: no counterpart to diff
  rep.otherHash = det::hash128(other->state);
  rep.otherBinary = other->state;
  auto to = traced(session, other->state);
  if (to) rep.otherReadable = det::readableDump(*to);
  if (tm && to) {
    auto d = det::firstDifference(*tm, *to);
    if (d.differs) {
      rep.fieldPath = d.path;
      rep.majorityValue = d.left;
      rep.otherValue = d.right;
    }
  }
  return rep;
}

}  // namespace concord::lockstep
