#include "tools/concord/terminal_seat.h"

#include <algorithm>

#include "core/warp/ai/officer.h"
#include "lockstep/deck_duty.h"
#include "lockstep/peer.h"
#include "lockstep/session_result.h"
#include "tools/concord/command.h"
#include "tools/concord/table_commands.h"

namespace concord::cli {
namespace {

// A listed order's number, as typed at the prompt.
bool listNumber(const std::string& s, uint64_t& out) { return wholeNumber(s, out, 999'999'999); }

// A bundled turn lists its legal orders only when they fit on a screen (ELC: every tile a Legion may reach).
constexpr size_t kListedAtMost = 30;

constexpr const char* kPrompt = "Your order> ";
// Between turns the status line is where a person types (/say gg): typed text follows this, not the status's words.
constexpr const char* kStatusPrompt = " > ";

}  // namespace

// What the last line holds unterminated (the prompt, the status line) is ended before anything else is printed:
// cleared on a terminal, ended off one. Before, the round log glued onto the prompt ("Your order>   AI 3 ...").
void TerminalSeat::startLine() {
  if (open_ == Open::Nothing) return;
  std::fputs(terminal_ ? "\r\033[K" : "\n", out_);
  open_ = Open::Nothing;
}

void TerminalSeat::redraw() {
  if (!terminal_) return;  // nobody types into a file: off a terminal nothing is redrawn
  if (promptedFor_ && !officer_) {
    std::fputs(kPrompt, out_);
    open_ = Open::Prompt;
  } else if (!status_.empty()) {
    std::fprintf(out_, "%s%s", status_.c_str(), kStatusPrompt);
    open_ = Open::Status;
  }
}

// A reply to a line the person typed follows it: their Enter ended the prompt's line (a warning that comes unasked
// starts with its own newline), so only a status line is cleared, and replies of several lines stay together.
void TerminalSeat::say(const std::string& text) {
  if (open_ == Open::Status) startLine();
  open_ = Open::Nothing;
  std::fprintf(out_, "%s\n", text.c_str());
  if (promptedFor_ && !officer_) open_ = Open::Prompt;  // decide() asks again ("Your order> ") after every answer
  else redraw();
  std::fflush(out_);
}

void TerminalSeat::background(const std::string& text) {
  startLine();
  std::fprintf(out_, "%s\n", text.c_str());
  redraw();
  std::fflush(out_);
}

void TerminalSeat::status(const std::string& text) {
  if (!terminal_ || (promptedFor_ && !officer_)) return;  // the prompt is the status while it is open
  startLine();
  status_ = text;
  redraw();
  std::fflush(out_);
}

void TerminalSeat::endLine() {
  startLine();
  status_.clear();
  std::fflush(out_);
}

void TerminalSeat::tableHelp() {
  say("At your turn: an order's number from the list, or its text" + (example_.empty() ? std::string() : " (e.g. \"" + example_ + "\")") + ".\n"
      "  board      redraw the board        auto   your officer plays your seat\n"
      "  help, ?    this list               q      leave the table\n"
      "Comms: " + std::string(kCommsCommands) + (inGame_ ? "" : "\nIn the lobby, plain text is sent as /say."));
}

std::optional<std::string> TerminalSeat::line(std::string text) {
  while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.pop_back();
  while (!text.empty() && text.front() == ' ') text.erase(0, 1);
  if ((text == "help" || text == "?") && !(promptedFor_ && !officer_)) {  // at a turn, help also lists the module's orders
    tableHelp();
    return std::nullopt;
  }
  if (text == "q" || text == "quit" || text == "exit") {
    leaving_ = true;
    say(finished_ ? "Leaving the table. Good game." : "Leaving the table: the others will see your seat fall silent and an officer take it over.");
    return std::nullopt;
  }
  if (!inGame_) return text;  // the lobby: plain text is chat
  if (finished_) {
    say("! the game is over: chat with /say TEXT (or q to leave)");
    return std::nullopt;
  }
  if (text == "auto") {
    officer_ = true;
    officerWhy_ = lockstep::OfficerReason::Handover;
    say("Your officer plays your seat from now on (your signature, its choices).");
    return std::nullopt;
  }
  if (text == "board" && !promptedFor_) {  // a spectator, or a person between turns
    say("\n" + board_);
    return std::nullopt;
  }
  if (officer_) {
    say("! your officer has your seat for the rest of this game");
    return std::nullopt;
  }
  if (!promptedFor_) {
    say("! not your turn yet: wait for \"Your order>\" (to talk to the table: /say TEXT; help lists commands)");
    return std::nullopt;
  }
  if (typed_.size() < 64) typed_.push_back(std::move(text));
  return std::nullopt;
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

void TerminalSeat::help(const Game& g) {
  const auto forms = g.orderForms();
  if (forms.empty()) say("Type the number of a listed order or its text.");
  else say("Orders:");
  for (const auto& f : forms) say("  " + f);
  const auto commands = g.tableCommandForms();  // the module's own read-only commands (Game::tableCommand)
  if (!commands.empty()) say("Commands:");
  for (const auto& c : commands) say("  " + c);
  say(std::string(g.ordersInBundles() ? "Type any number of orders, then \"end\" to send them (\"orders\" lists them, \"undo\" drops\n"
                                        "the last, \"legal\" lists every legal order). "
                                      : "") +
      "\"board\" redraws the table, \"auto\" hands your seat to your officer, \"q\" leaves." +
      (g.info().moduleId == "warp" ? "\n\"advise\" asks the tactical advisor (RULES §VII): the game is then assisted and not TEI-rated."
                                   : ""));
  tableHelp();
}

std::optional<std::vector<Order>> TerminalSeat::bundleLine(const lockstep::TurnEngine& e, Seat s, const std::string& text) {
  const Game& g = e.game();
  if (text == "end" || text == "done") {
    // The whole turn once more (an "undo" may have taken away what a later order needed).
    if (auto refused = g.checkOrders(s, bundle_); !refused.empty()) {
      for (const auto& r : refused)
        say("! order " + std::to_string(r.index + 1) + " (" + g.orderText(s, bundle_[r.index]) + ") would be refused: " + r.reason);
      say("  \"undo\" drops the last order; fix the turn, then \"end\" again");
      return std::nullopt;
    }
    promptedFor_.reset();
    say("Sent " + std::to_string(bundle_.size()) + " order" + (bundle_.size() == 1 ? "" : "s") + " for this turn.");
    std::vector<Order> sent = std::move(bundle_);
    bundle_.clear();
    return sent;
  }
  if (text == "orders") {
    if (bundle_.empty()) say("(no orders yet this turn)");
    for (const auto& o : bundle_) say("  " + g.orderText(s, o));
  } else if (text == "undo") {
    if (!bundle_.empty()) {
      say("dropped: " + g.orderText(s, bundle_.back()));
      bundle_.pop_back();
    }
  } else if (text == "legal") {
    for (size_t i = 0; i < legal_.size(); ++i) say("  " + std::to_string(i + 1) + ") " + g.orderText(s, legal_[i]));
  } else if (auto order = parse(e, s, legal_, text); !order) {
    say("! " + order.message());
  } else if (auto why = refusedWith(g, s, *order); !why.empty()) {
    say("! rejected: " + why);
  } else {
    bundle_.push_back(*order);
    say("ok: " + g.orderText(s, *order) + " (" + std::to_string(bundle_.size()) + " this turn; \"end\" sends them)");
  }
  return std::nullopt;
}

// The typed order checked with the turn's earlier ones, against the state it will meet (Game::checkOrders).
std::string TerminalSeat::refusedWith(const Game& g, Seat s, const Order& order) const {
  std::vector<Order> turn = bundle_;
  turn.push_back(order);
  const auto last = static_cast<uint32_t>(bundle_.size());
  std::string why;
  for (const auto& r : g.checkOrders(s, turn)) {
    if (r.index == last) return r.reason;
    if (why.empty()) why = "it would make your order " + std::to_string(r.index + 1) + " (" + g.orderText(s, turn[r.index]) + ") fail: " + r.reason;
  }
  return why;
}

void TerminalSeat::prompt(const lockstep::TurnEngine& e, Seat s, uint64_t clockLeftMs) {
  startLine();
  status_.clear();
  std::fprintf(out_, "\n%s", board(e, s).c_str());
  if (outOfTurn_) std::fprintf(out_, "Out of turn, you may act:\n");
  const bool many = e.game().ordersInBundles() && legal_.size() > kListedAtMost;
  if (many) std::fprintf(out_, "(%zu legal orders: \"legal\" lists them, \"help\" shows the order forms)\n", legal_.size());
  for (size_t i = 0; i < legal_.size() && !many; ++i) std::fprintf(out_, "  %zu) %s\n", i + 1, e.game().orderText(s, legal_[i]).c_str());
  if (outOfTurn_ && clockLeftMs == UINT64_MAX) {  // a local table waits for the answer
    std::fprintf(out_, "  %zu) let it go\n", legal_.size() + 1);
  } else if (outOfTurn_) {
    std::fprintf(out_, "  %zu) let it go\n(%llu s to decide; then the game goes on without you acting)\n", legal_.size() + 1,
                 static_cast<unsigned long long>((clockLeftMs + 999) / 1000));
  } else if (clockLeftMs != UINT64_MAX)
    std::fprintf(out_, "(turn clock: %llu s; then your officer plays this turn)\n",
                 static_cast<unsigned long long>((clockLeftMs + 999) / 1000));
  std::fputs(kPrompt, out_);
  open_ = Open::Prompt;
  std::fflush(out_);
}

std::optional<std::vector<Order>> TerminalSeat::decide(const lockstep::TurnEngine& e, Seat s, uint64_t clockLeftMs) {
  inGame_ = true;
  example_ = e.game().orderExample();
  if (officer_) {
    promptedFor_.reset();
    outOfTurn_ = false;
    if (!bot_) bot_ = lockstep::makeSeatBot(e.session(), s);
    if (!bot_) return std::vector<Order>{};
    auto orders = lockstep::markedByOfficer(lockstep::botOrdersFor(e, s, *bot_, key_ ? &*key_ : nullptr), s, officerWhy_);
    if (!orders.empty()) {
      ++help_.officerTurns;
      ++help_.byReason[static_cast<size_t>(officerWhy_)];
    }
    return sign(s, std::move(orders));
  }
  if (!promptedFor_ || *promptedFor_ != e.turn()) {
    promptedFor_ = e.turn();
    typed_.clear();
    bundle_.clear();
    legal_ = seen(e, s).legalOrders(s);
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
    if (text == "help" || text == "?") {
      help(e.game());
    } else if (auto shown = e.game().tableCommand(s, text)) {  // "map", "system 7", "cities": text only, no order
      say(*shown);
    } else if (e.game().ordersInBundles()) {
      if (auto sent = bundleLine(e, s, text)) return sign(s, std::move(*sent));
    } else {
      uint64_t pick = 0;
      if (outOfTurn_ && ((listNumber(text, pick) && pick == legal_.size() + 1) || text == "let it go" || text == "no")) {
        promptedFor_.reset();
        return sign(s, {});
      }
      auto order = parse(e, s, legal_, text);
      if (!order) {
        say("! " + order.message());
      } else if (auto ok = seen(e, s).validate(s, *order); !ok) {
        say("! rejected: " + ok.message());
      } else {
        promptedFor_.reset();
        return sign(s, {*order});
      }
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
  auto a = warp::ai::advise(seen(e, s).observeForOfficer(s), legal_, rng);
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

SeatNames TerminalSeat::names(const lockstep::TurnEngine& e) const {
  SeatNames out;
  if (!named_) return out;
  for (const auto& seat : e.session().seats) {
    std::string n = seat.name;
    for (char& c : n)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';  // a name is never a terminal escape
    out.push_back(std::move(n));
  }
  return out;
}

std::string TerminalSeat::board(const lockstep::TurnEngine& e, Seat s) const {
  const Game& g = seen(e, s);
  return named_ ? g.observeNamed(s, names(e)).text : g.observe(s).text;
}

const Game& TerminalSeat::seen(const lockstep::TurnEngine& e, Seat s) const {
  if (!key_ || !e.game().hiddenInfo()) return e.game();
  if (!viewOf_ || *viewOf_ != std::make_pair(e.turn(), s)) {
    view_ = lockstep::seatView(e, s, *key_);
    viewOf_ = std::make_pair(e.turn(), s);
  }
  return view_ ? *view_ : e.game();
}

void TerminalSeat::showLog(const lockstep::TurnEngine& e) {
  const auto lines = e.game().narrationNamed(logShown_, names(e));
  if (!lines.empty()) startLine();  // a prompt the turn went by with, or the status line
  for (const auto& l : lines) std::fprintf(out_, "  %s\n", l.c_str());
  logShown_ = e.game().narrationTotal();
}

void TerminalSeat::applied(const lockstep::TurnEngine& e, Seat me) {
  inGame_ = true;
  example_ = e.game().orderExample();
  board_ = board(e, me);
  if (promptedFor_ && *promptedFor_ != e.turn()) promptedFor_.reset();  // the turn went by (clock, officer)
  if (!promptedFor_) showLog(e);  // not under an open prompt: it was shown before the board
  if (auto o = lockstep::sessionOutcome(e); o && !finished_) {
    finished_ = true;
    startLine();
    status_.clear();
    std::fprintf(out_, "\nFinal standings:\n");
    std::vector<Seat> byRank;
    for (Seat s = 0; s < o->rankBySeat.size(); ++s) byRank.push_back(s);
    std::stable_sort(byRank.begin(), byRank.end(), [&](Seat a, Seat b) { return o->rankBySeat[a] < o->rankBySeat[b]; });
    const SeatNames shown = names(e);  // printable; empty for a local table, which keeps the session's labels
    for (Seat s : byRank)
      std::fprintf(out_, "  #%u %s%s: %lld\n", o->rankBySeat[s], (s < shown.size() ? shown[s] : e.session().seats[s].name).c_str(),
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
