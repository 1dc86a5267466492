// Orders as a person types them (Game::orderText / parseOrder): "move 12 3 4", "build 5", "vote end".
// parseOrder reads only the text; whether the order is legal now is validate()'s question (VC-320).
#include <string>
#include <vector>

#include "core/elc/orders.h"
#include "core/elc/state.h"

namespace concord::elc {

namespace {

const char* kCharterKeys[kTracks] = {"dominion",  "every-last-city", "last-standing", "hegemony", "keys",
                                      "ascendancy", "great-work",     "prosperity",    "horizon",  "endurance",
                                      "charters",  "ambition",        "warrants",      "throne"};

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t' && text[j] != '\r' && text[j] != '\n') ++j;
    if (j > i) out.emplace_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

// A whole number of 1-9 digits; "" or the problem, naming the field ("UNIT").
std::string number(const std::string& w, const char* field, uint32_t& out) {
  if (w.empty() || w.size() > 9) return std::string(field) + " is a whole number, got '" + w + "'";
  uint32_t v = 0;
  for (char c : w) {
    if (c < '0' || c > '9') return std::string(field) + " is a whole number, got '" + w + "'";
    v = v * 10 + static_cast<uint32_t>(c - '0');
  }
  out = v;
  return "";
}

struct Form {
  const char* verb;
  uint16_t kind;
  const char* form;   // what to type
  const char* about;  // what it does
};
const Form kForms[] = {
    {"move", kMove, "move UNIT X Y", "move Legion UNIT to tile (X,Y), at most 2 tiles away (VC-2650)"},
    {"build", kBuild, "build CITY", "a Legion in city number CITY from its Yard"},
    {"seat", kDesignateSeat, "seat CITY", "designate your Seat (once, turns 1-5; VC-1450)"},
    {"worksite", kDesignateWorkSite, "worksite CITY", "designate your Great Work site (VC-1210)"},
    {"charter", kSelectCharter, "charter TRACK", "select a Charter (dominion, keys, ...; VC-1630)"},
    {"vote", kCastVerdictVote, "vote end|continue", "your Verdict vote (VC-2760)"},
    {"concede", kConcede, "concede yes", "leave the game, conceding (VC-2840)"},
    {"claim", kClaimWarrant, "claim WARRANT", "claim a Warrant (claims are automatic; VC-1830)"},
};

}  // namespace

std::vector<std::string> ElcGame::orderForms() const {
  std::vector<std::string> out;
  for (const auto& f : kForms) out.push_back(std::string(f.form) + std::string(20 - std::string_view(f.form).size(), ' ') + f.about);
  return out;
}

std::string ElcGame::orderText(Seat seat, const Order& order) const {
  (void)seat;
  auto d = decodeOrder(order);
  if (!d) return "? " + d.message();
  const std::string a = std::to_string(d->a);
  const auto w = static_cast<uint32_t>(world_.grid.width);
  switch (d->kind) {
    case kMove: return "move " + a + " " + std::to_string(d->b % w) + " " + std::to_string(d->b / w);
    case kBuild: return "build " + a;
    case kDesignateSeat: return "seat " + a;
    case kDesignateWorkSite: return "worksite " + a;
    case kSelectCharter: return "charter " + (d->a < kTracks ? std::string(kCharterKeys[d->a]) : a);
    case kCastVerdictVote: return d->a == 1 ? "vote end" : d->a == 0 ? "vote continue" : "vote " + a;
    case kConcede: return d->a == 1 ? "concede yes" : d->a == 0 ? "concede no" : "concede " + a;
    case kClaimWarrant: return "claim " + a;
  }
  return "? order kind " + std::to_string(d->kind);
}

Result<Order> ElcGame::parseOrder(Seat seat, std::string_view text) const {
  (void)seat;
  const auto w = words(text);
  if (w.empty()) return Err("no order given (type help for the order forms)");
  const Form* form = nullptr;
  for (const auto& f : kForms)
    if (w[0] == f.verb) form = &f;
  if (!form) return Err("unknown order '", w[0], "': orders are move, build, seat, worksite, charter, vote, concede, claim");
  const size_t want = form->kind == kMove ? 4 : 2;
  if (w.size() != want) return Err("'", std::string(text), "': the form is ", form->form);
  uint32_t a = 0;
  auto word = [&](const char* yes, const char* no) -> std::string {
    if (w[1] == yes || w[1] == no) {
      a = w[1] == yes ? 1 : 0;
      return "";
    }
    if (number(w[1], form->verb, a).empty()) return "";
    return std::string(form->verb) + " takes " + yes + " or " + no + ", got '" + w[1] + "'";
  };
  std::string problem;
  switch (form->kind) {
    case kMove: {
      uint32_t x = 0, y = 0;
      problem = number(w[1], "UNIT", a);
      if (problem.empty()) problem = number(w[2], "X", x);
      if (problem.empty()) problem = number(w[3], "Y", y);
      if (!problem.empty()) return Err("move UNIT X Y: ", problem);
      if (x >= static_cast<uint32_t>(world_.grid.width) || y >= static_cast<uint32_t>(world_.grid.height))
        return Err("move: (", x, ",", y, ") is off the map, which is ", world_.grid.width, "x", world_.grid.height,
                   " (X 0..", world_.grid.width - 1, ", Y 0..", world_.grid.height - 1, ")");
      return makeMove(a, static_cast<uint32_t>(world_.grid.at(static_cast<int32_t>(x), static_cast<int32_t>(y))));
    }
    case kSelectCharter:
      for (uint32_t t = 0; t < kTracks; ++t)
        if (w[1] == kCharterKeys[t]) return makeOrder(kSelectCharter, t);
      problem = number(w[1], "TRACK", a);
      if (!problem.empty()) return Err("charter TRACK: unknown Track '", w[1], "' (VC-880: dominion, keys, ascendancy, ...)");
      return makeOrder(kSelectCharter, a);
    case kCastVerdictVote: problem = word("end", "continue"); break;
    case kConcede: problem = word("yes", "no"); break;
    default:
      problem = number(w[1], form->kind == kClaimWarrant ? "WARRANT" : "CITY", a);
      if (!problem.empty()) return Err(form->verb, ": ", problem);
  }
  if (!problem.empty()) return Err(problem);
  return makeOrder(form->kind, a);
}

}  // namespace concord::elc
