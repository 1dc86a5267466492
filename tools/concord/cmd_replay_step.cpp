// `concord replay step FILE [--turn T] [--seat S]`: the last move and the Observation after T turns, or an
// interactive walk (n, p, g T, next KIND, o SEAT, o all). Issue 26: a rated game not over shows the public table.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "replay/hidden_view.h"
#include "replay/reader.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/replay_view.h"

namespace concord::cli {

namespace {

std::string viewerName(const lockstep::SessionConfig& session, Seat viewer) {
  if (viewer == kOmniscient) return "everyone (omniscient)";
  if (viewer == kSpectator) return "a spectator (the public table)";
  return seatLabel(session, viewer);
}

std::optional<uint64_t> number(const std::string& s) {
  uint64_t v = 0;
  if (!wholeNumber(s, v)) return std::nullopt;
  return v;
}

constexpr const char* kEventKinds[] = {"round", "goout", "round-end", "alert", "alert-end", "catch", "tally", "winner"};

// The position after `pos` turns: the last move (turn pos-1: orders, rejections, events), then the view. Issue 30: a
// position inside a hole has no state (false); the one just after it shows the snapshot, its last move lost.
bool show(const replay::ReplayReader& r, uint32_t pos, Seat viewer) {
  const auto& session = r.header().session;
  if (const replay::Hole* h = holeInside(r, pos)) {
    std::printf("error: there is no position after %u turns: %s\n", pos, gapLine(*h).c_str());
    return false;
  }
  const replay::Hole* lastLost = pos > 0 ? r.holeAt(pos - 1) : nullptr;
  auto e = r.seek(lastLost ? pos : pos > 0 ? pos - 1 : 0);
  if (!e) {
    std::printf("error: %s\n", e.message().c_str());
    return false;
  }
  std::printf("== after %u of %u turns, seen by %s ==\n", pos, r.turnCount(), viewerName(session, viewer).c_str());
  if (lastLost) {
    std::printf("last move (turn %u): %s\n", pos - 1, gapLine(*lastLost).c_str());
  } else if (pos > 0) {
    auto rec = r.turn(pos - 1);
    if (!rec) {
      std::printf("error: %s\n", rec.message().c_str());
      return false;
    }
    std::vector<std::string> orders;
    for (Seat s = 0; s < rec->ordersBySeat.size(); ++s)
      for (const auto& o : rec->ordersBySeat[s])
        // A seat's view shows its own orders; the others' reach it only as the table's narration.
        if (viewer == kOmniscient || viewer == s)
          orders.push_back(seatLabel(session, s) + ": " + orderLine((*e)->game(), s, o));
    auto st = stepRecorded(**e, *rec);
    std::printf("last move (turn %u):\n", pos - 1);
    for (const auto& o : orders) std::printf("  %s\n", o.c_str());
    for (const auto& rj : st.rejected)
      if (viewer == kOmniscient || viewer == rj.seat)
        std::printf("  rejected: %s order %u: %s\n", seatLabel(session, rj.seat).c_str(), rj.index, rj.reason.c_str());
    for (const auto& ev : st.events) std::printf("  event %s: %s\n", ev.kind.c_str(), ev.text.c_str());
    if (!st.sealMatches) std::printf("  %s\n", sealMismatch(st).c_str());
  }
  std::printf("%s\n", (*e)->game().observe(viewer).text.c_str());
  return true;
}

// The position just after the next turn (from `pos`) whose events include one of `kind`; over a hole, from the
// snapshot after it (issue 30).
std::optional<uint32_t> nextEvent(const replay::ReplayReader& r, uint32_t pos, const std::string& kind) {
  std::unique_ptr<lockstep::TurnEngine> e;
  for (uint32_t t = pos; t < r.turnCount(); ++t) {
    if (const replay::Hole* h = r.holeAt(t)) {
      t = h->firstTurn + h->turnCount - 1;
      e.reset();
      continue;
    }
    if (!e) {
      auto at = r.seek(t);
      if (!at) return std::nullopt;
      e = std::move(*at);
    }
    auto rec = r.turn(t);
    if (!rec) return std::nullopt;
    auto st = stepRecorded(*e, *rec);
    if (!st.sealMatches) return std::nullopt;
    for (const auto& ev : st.events)
      if (ev.kind == kind) return t + 1;
  }
  return std::nullopt;
}

}  // namespace

int replayStep(const std::string& path, std::optional<uint32_t> turn, Seat asked) {
  auto r = openPastHoles(path);
  if (!r) return failure(r.message());
  const auto seats = r->header().session.seats.size();
  if (asked != kOmniscient && asked >= seats) return failure("--seat is not at this table");
  if (turn && *turn > r->turnCount()) return failure("--turn is past the end of the replay");
  // Issue 26: a rated game not over shows the public table to every viewer asked for (omniscient, --seat, `o`),
  // saying why each time it stands in for another view; the public record still steps, jumps and narrates.
  auto rights = replay::viewRightsOf(*r);
  if (!rights) return failure(rights.message());
  bool said = false;  // the reason, once per view asked for
  auto view = [&](uint32_t at, Seat wanted) {
    if (!rights->allows(wanted) && !said)
      std::printf("%s\n", replay::hiddenNote(*rights, "showing the public table only").c_str());
    said = true;
    return show(*r, at, rights->viewerFor(wanted));
  };
  Seat viewer = asked;
  if (turn) return view(*turn, viewer) ? 0 : 1;
  uint32_t pos = 0;
  view(pos, viewer);
  std::string line;
  while (std::printf("[n]ext [p]rev [g T] [next round|alert|goout|catch|tally|winner] [o SEAT|all] [q] > "),
         std::fflush(stdout), std::getline(std::cin, line)) {
    if (line == "q" || line == "quit") break;
    if (line.empty() || line == "n" || line == "next") {
      if (pos < r->turnCount()) ++pos;
      if (const replay::Hole* h = holeInside(*r, pos)) pos = h->firstTurn + h->turnCount;  // issue 30: over the hole
    } else if (line == "p" || line == "prev") {
      if (pos > 0) --pos;
      if (const replay::Hole* h = holeInside(*r, pos)) pos = h->firstTurn;
    } else if (line.rfind("next ", 0) == 0) {
      std::string kind = line.substr(5);
      if (std::find(std::begin(kEventKinds), std::end(kEventKinds), kind) == std::end(kEventKinds)) {
        std::printf("next what? round, alert, goout, catch, tally or winner (alert-end, round-end too)\n");
        continue;
      }
      auto at = nextEvent(*r, pos, kind);
      if (!at) {
        std::printf("no '%s' event after turn %u\n", kind.c_str(), pos);
        continue;
      }
      pos = *at;
    } else if (line.rfind("g ", 0) == 0) {
      auto t = number(line.substr(2));
      if (!t || *t > r->turnCount()) {
        std::printf("turn must be 0..%u\n", r->turnCount());
        continue;
      }
      if (const replay::Hole* h = holeInside(*r, static_cast<uint32_t>(*t))) {
        std::printf("no position after %llu turns: %s\n", static_cast<unsigned long long>(*t), gapLine(*h).c_str());
        continue;
      }
      pos = static_cast<uint32_t>(*t);
    } else if (line == "o all") {
      viewer = kOmniscient;
      said = false;
    } else if (line.rfind("o ", 0) == 0) {
      auto s = number(line.substr(2));
      if (!s || *s >= seats) {
        std::printf("seat must be 0..%zu or all\n", seats - 1);
        continue;
      }
      viewer = static_cast<Seat>(*s);
      said = false;
    } else {
      std::printf("unknown command '%s'\n", line.c_str());
      continue;
    }
    view(pos, viewer);
  }
  return 0;
}

}  // namespace concord::cli
