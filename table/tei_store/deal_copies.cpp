#include "table/tei_store/deal_copies.h"

#include <algorithm>

namespace concord::tei {

namespace {

bool membersCopy(const ReplayMatch& m) { return !m.record.charterId.empty() && !m.record.charterMismatch; }

// The people's keys, seat by seat (officers' seats left out): who signed this copy.
std::vector<lockstep::PublicKey> peopleOf(const ReplayMatch& m) {
  std::vector<lockstep::PublicKey> keys;
  for (const auto& seat : m.session.seats)
    if (!seat.ai) keys.push_back(seat.key);
  return keys;
}

// Why `copy` cannot void `kept`, the members' game of crew `kept.session.charter`.
std::string outsideTheCrew(const ReplayMatch& copy, const ReplayMatch& kept) {
  const auto& crew = kept.session.charter;
  for (Seat s = 0; s < copy.session.seats.size(); ++s) {
    const auto& seat = copy.session.seats[s];
    if (!seat.ai && std::find(crew.members.begin(), crew.members.end(), seat.key) == crew.members.end())
      return "seat " + std::to_string(s) + " is signed by key " + seat.key.fingerprint() + ", not a member of crew '" + crew.id + "'";
  }
  if (copy.session.charter.id.empty()) return "it names no crew charter";
  if (copy.session.charter != crew) return "it names another charter than crew '" + crew.id + "''s";
  return "it does not honour crew '" + crew.id + "''s charter (" + copy.record.charterWhy + ")";
}

// The placing of the one person at this table (their worse result is the larger number).
int personPlacing(const ReplayMatch& m) {
  for (const auto& seat : m.record.seats)
    if (seat.kind == SeatKind::Human) return seat.placing;
  return 0;
}

}  // namespace

DealChoice chooseDealCopy(const std::vector<const ReplayMatch*>& copies, const std::vector<lockstep::Charter>& ownCrews) {
  DealChoice out;
  std::vector<const ReplayMatch*> members, own;
  for (const auto* c : copies)
    if (membersCopy(*c)) members.push_back(c);
  for (const auto* c : members)
    if (std::find(ownCrews.begin(), ownCrews.end(), c->session.charter) != ownCrews.end()) own.push_back(c);
  if (!own.empty()) members = own;
  const auto& candidates = members.empty() ? copies : members;
  auto dropAll = [&](const std::string& why) {
    for (const auto* c : copies) out.dropped.emplace_back(c, why);
  };
  const bool oneCrew = std::all_of(members.begin(), members.end(),
                                   [&](const ReplayMatch* c) { return c->session.charter == members.front()->session.charter; });
  if (!oneCrew) {
    dropAll("its deal is played by " + std::to_string(copies.size()) + " games in this folder, members' games "
                        "of different crews that name the same deal; give the crew's own charter (--charter FILE) to "
                        "say whose game it is");
    return out;
  }
  const auto signers = peopleOf(*candidates.front());
  const bool oneSigner = signers.size() == 1 && std::all_of(candidates.begin(), candidates.end(),
                                                            [&](const ReplayMatch* c) { return peopleOf(*c) == signers; });
  if (candidates.size() == 1) out.kept = candidates.front();
  else if (oneSigner)
    out.kept = *std::max_element(candidates.begin(), candidates.end(), [](const ReplayMatch* a, const ReplayMatch* b) {
      return personPlacing(*a) < personPlacing(*b);  // the first (smallest game id) of the worst placings
    });
  if (!out.kept) {
    dropAll("its deal is played by " + std::to_string(copies.size()) +
                            " games in this folder (a replay signed again by another key; no file shows which came first)");
    return out;
  }
  const std::string crew = members.empty() ? std::string() : "crew '" + out.kept->session.charter.id + "'";
  const std::string keptId = out.kept->gameIdHex;
  if (candidates.size() == 1) {
    out.keptWhy = "the one copy of its deal in this folder that " + crew + "'s members signed under its charter";
    for (const auto* c : copies)
      if (c != out.kept) out.dropped.emplace_back(c, "a copy of game " + keptId + "'s deal that cannot void the members' game: " +
                                                         outsideTheCrew(*c, *out.kept));
    return out;
  }
  out.keptWhy = "every copy of its deal" + std::string(crew.empty() ? "" : " played under " + crew + "'s charter") +
                " is signed by the same captain (key " + signers.front().fingerprint() + "): a deal counts once, at their worse placing";
  for (const auto* c : copies)
    if (c != out.kept)
      out.dropped.emplace_back(c, std::find(candidates.begin(), candidates.end(), c) == candidates.end()
                                      ? "a copy of game " + keptId + "'s deal that cannot void the members' game: " + outsideTheCrew(*c, *out.kept)
                                      : "a copy of game " + keptId + "'s deal signed by the same captain; game " + keptId +
                                            ", their worse placing, is rated");
  return out;
}

}  // namespace concord::tei
