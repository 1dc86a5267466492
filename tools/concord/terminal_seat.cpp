#include "tools/concord/terminal_seat.h"

#include <algorithm>

#include "core/warp/ai/officer.h"
#include "lockstep/peer.h"
#include "tools/concord/command.h"

namespace concord::cli {
namespace {

// A listed order's number, as typed at the prompt.
bool listNumber(const std::string& s, uint64_t& out) { return wholeNumber(s, out, 999'999'999); }

}  // namespace

void TerminalSeat::say(const std::string& text) {
  std::fprintf(out_, "%s\n", text.c_str());
  std::fflush(out_);
}

void TerminalSeat::line(std::string text) {
  while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.pop_back();
  while (!text.empty() && text.front() == ' ') text.erase(0, 1);
  if (text == "q" || text == "quit" || text == "exit") {
    leaving_ = true;
    return say("Leaving the table: the others will see your seat fall silent and an officer take it over.");
  }
  if (text == "auto") {
    officer_ = true;
    officerWhy_ = lockstep::OfficerReason::Handover;
    return say("Your officer plays your seat from now on (your signature, its choices).");
  }
  if (officer_) return say("! your officer has your seat for the rest of this game");
  if (!promptedFor_) return say("! not your turn yet: wait for \"Your order>\" (comms start with /, e.g. /hails)");
  if (typed_.size() < 64) typed_.push_back(std::move(text));
}

void TerminalSeat::inputClosed() {
  if (officer_) return;
  officer_ = true;
  officerWhy_ = lockstep::OfficerReason::InputClosed;
  say("Input closed: your officer plays your seat from now on.");
}

// A listed order's number, or the order's text as the game reads it (Game::parseOrder).
Result<Order> TerminalSeat::parse(const lockstep::TurnEngine& e, Seat s, const std::vector<Order>& legal,
                                  const std::string& text) const {
  uint64_t n = 0;
  if (listNumber(text, n)) {
    if (n < 1 || n > legal.size()) return Err("pick 1..", legal.size());
    return legal[n - 1];
  }
  return e.game().parseOrder(s, text);
}

void TerminalSeat::prompt(const lockstep::TurnEngine& e, Seat s, uint64_t clockLeftMs) {
  std::fprintf(out_, "\n%s", e.game().observe(s).text.c_str());
  if (outOfTurn_) std::fprintf(out_, "Out of turn, you may act:\n");
  for (size_t i = 0; i < legal_.size(); ++i) std::fprintf(out_, "  %zu) %s\n", i + 1, e.game().orderText(s, legal_[i]).c_str());
  if (outOfTurn_ && clockLeftMs == UINT64_MAX) {  // a local table waits for the answer
    std::fprintf(out_, "  %zu) let it go\n", legal_.size() + 1);
  } else if (outOfTurn_) {
    std::fprintf(out_, "  %zu) let it go\n(%llu s to decide; then the game goes on without you acting)\n", legal_.size() + 1,
                 static_cast<unsigned long long>((clockLeftMs + 999) / 1000));
  } else if (clockLeftMs != UINT64_MAX)
    std::fprintf(out_, "(turn clock: %llu s; then your officer plays this turn)\n",
                 static_cast<unsigned long long>((clockLeftMs + 999) / 1000));
  std::fprintf(out_, "Your order> ");
  std::fflush(out_);
}

std::optional<std::vector<Order>> TerminalSeat::decide(const lockstep::TurnEngine& e, Seat s, uint64_t clockLeftMs) {
  if (officer_) {
    promptedFor_.reset();
    outOfTurn_ = false;
    if (!bot_) bot_ = lockstep::makeSeatBot(e.session(), s);
    if (!bot_) return std::vector<Order>{};
    auto orders = lockstep::markedByOfficer(lockstep::botOrdersFor(e, s, *bot_), s, officerWhy_);
    if (!orders.empty()) {
      ++help_.officerTurns;
      ++help_.byReason[static_cast<size_t>(officerWhy_)];
    }
    return sign(s, std::move(orders));
  }
  if (!promptedFor_ || *promptedFor_ != e.turn()) {
    promptedFor_ = e.turn();
    typed_.clear();
    legal_ = e.game().legalOrders(s);
    const auto aw = e.awaiting();
    outOfTurn_ = std::find(aw.begin(), aw.end(), s) == aw.end();
    clockAtPrompt_ = clockLeftMs;
    showLog(e);  // what happened since our last turn, then the board
    prompt(e, s, clockLeftMs);
  }
  // A reminder only when the clock was long enough to forget about.
  if (clockAtPrompt_ != UINT64_MAX && clockAtPrompt_ > 20000 && clockLeftMs <= 10000 && lastWarned_ != e.turn() + 1) {
    lastWarned_ = e.turn() + 1;
    say("\n! 10 s left on your turn clock");
  }
  while (!typed_.empty()) {
    std::string text = std::move(typed_.front());
    typed_.pop_front();
    if (text.empty() || text == "board") {
      prompt(e, s, clockLeftMs);
      continue;
    }
    if (text == "advise") {
      advise(e, s);
      prompt(e, s, clockLeftMs);
      continue;
    }
    uint64_t pick = 0;
    if (outOfTurn_ && ((listNumber(text, pick) && pick == legal_.size() + 1) || text == "let it go" || text == "no")) {
      promptedFor_.reset();
      return sign(s, {});
    }
    auto order = parse(e, s, legal_, text);
    if (!order) {
      say("! " + order.message());
    } else if (auto ok = e.game().validate(s, *order); !ok) {
      say("! rejected: " + ok.message());
    } else {
      promptedFor_.reset();
      return sign(s, {*order});
    }
    std::fprintf(out_, "Your order> ");
    std::fflush(out_);
  }
  return std::nullopt;
}

// RULES §VII: the advisor during live play makes the match assisted (TEI §4 E3); warned the moment it is engaged.
void TerminalSeat::advise(const lockstep::TurnEngine& e, Seat s) {
  if (e.session().moduleId != "warp") return say("! the tactical advisor knows Warp only");
  if (!help_.advisor) {
    help_.advisor = true;
    help_.firstAdvisorTurn = e.turn();
    advisorMarkDue_ = true;
    say("! You engaged the tactical advisor: this game is now ASSISTED and will not be TEI-rated (TEI §4 E3,\n"
        "  RULES §VIII); at an online table one assisted captain leaves the whole sector unrated. It is on the record.");
  }
  auto rng = det::Rng::fromU64(static_cast<uint64_t>(e.turn()) * 64 + s);
  auto a = warp::ai::advise(e.game().observe(s), legal_, rng);
  if (!a) return say("! advisor: " + a.message());
  say("Advisor: " + a->orderText);
  for (const auto& r : a->reasons) say("  - " + r);
}

std::vector<Order> TerminalSeat::sign(Seat s, std::vector<Order> orders) {
  if (advisorMarkDue_) {
    advisorMarkDue_ = false;
    orders.push_back(lockstep::makeAdvisorOrder(s));
  }
  return orders;
}

void TerminalSeat::showLog(const lockstep::TurnEngine& e) {
  for (const auto& l : e.game().narrationSince(logShown_)) std::fprintf(out_, "  %s\n", l.c_str());
  logShown_ = e.game().narrationTotal();
}

void TerminalSeat::applied(const lockstep::TurnEngine& e, Seat me) {
  if (promptedFor_ && *promptedFor_ != e.turn()) promptedFor_.reset();  // the turn went by (clock, officer)
  if (!promptedFor_) showLog(e);  // not under an open prompt: it was shown before the board
  if (auto o = e.game().outcome(); o && !finished_) {
    finished_ = true;
    std::fprintf(out_, "\nFinal standings:\n");
    for (Seat s = 0; s < o->rankBySeat.size(); ++s)
      std::fprintf(out_, "  #%u %s%s: %lld\n", o->rankBySeat[s], e.session().seats[s].name.c_str(),
                   s == me && e.session().seats[s].name != "you" ? " (you)" : "",
                   static_cast<long long>(o->scoreBySeat[s]));
    // Issue 11 point 3: the end-of-game screen says what help this seat had.
    if (help_.officerTurns > 0)
      std::fprintf(out_, "Your %s: no rating gain comes of an officer's turns, and a loss still counts.\n",
                   help_.text().substr(0, help_.text().find(';')).c_str());
    if (help_.advisor)
      std::fprintf(out_, "You consulted the tactical advisor (from turn %u): this game is assisted and not TEI-rated.\n",
                   help_.firstAdvisorTurn);
  }
  std::fflush(out_);
}

}  // namespace concord::cli
