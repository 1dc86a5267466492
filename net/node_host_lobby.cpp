// The host's lobby: seats filled by joiners (open seats become AI officers at launch), the lobby shown to
// everyone as it changes, then commit-reveal seeding (lockstep/seeding: every player's nonce counts, so
// nobody picks the seed alone).
#include <algorithm>
#include <map>

#include "net/lobby_charter.h"
#include "net/node_internal.h"

namespace concord::net {
namespace {

// How long the host waits for every commitment and reveal after the launch. At 30% loss each way a reliable
// message can take tens of seconds in ENet's backoff; the eager repeats (sendEager) usually finish in seconds.
constexpr uint64_t kSeedingLimitMs = 90000;

std::string seatLine(size_t i, const LobbySeat& s) {
  const char* kind = s.kind == SeatKind::Human ? (s.officer ? "AI officer (its own peer)" : "human") : s.kind == SeatKind::Ai ? "AI" : "open";
  std::string line = "  seat " + std::to_string(i) + ": " + kind;
  if (s.kind != SeatKind::Open) line += " " + s.name;
  if (s.kind == SeatKind::Human) line += " [" + s.key.fingerprint() + "]" + (s.ready ? " ready" : " not ready");
  return line;
}

}  // namespace

std::string rulesText(const lockstep::SessionConfig& s) {
  auto mod = findModule(s.moduleId);
  std::string text = mod && (*mod)->describeConfig ? (*mod)->describeConfig(s.config) : s.moduleId;
  return text + (s.rated ? ", rated" : ", casual") + (s.hiddenHands ? ", hidden hands" : "") + " (config hash " +
         s.configHash().hex() + ")";
}

Result<void> Node::hostLobby() {
  auto mod = findModule(opt_.moduleId);
  if (!mod) return mod.error();
  auto cfg = (*mod)->parseConfig(opt_.options);
  if (!cfg) return fail(NetErrorKind::RulesRefused, "config: ", cfg.message());
  if (!opt_.charter.id.empty() && (*mod)->id != "warp")
    return fail(NetErrorKind::RulesRefused, "charter: a crew charter freezes a Warp table, not module ", (*mod)->id);
  if (!opt_.charter.id.empty() && opt_.options.empty()) *cfg = opt_.charter.config;  // the crew's frozen settings
  lobby_.session.moduleId = (*mod)->id;
  lobby_.session.rulesVersion = (*mod)->rulesVersion;
  lobby_.session.config = std::move(*cfg);
  lobby_.session.rated = opt_.rated;
  // A crew's table (TEI §3.4, RULES §VIII): the charter's frozen settings, its members only, in the signed session.
  if (!opt_.charter.id.empty()) {
    if (opt_.charter.config != lobby_.session.config || opt_.charter.seats != opt_.seats)
      return fail(NetErrorKind::RulesRefused, "charter: the table's settings or fleet size are not the ones crew charter '", opt_.charter.id, "' froze");
    if (!charterMember(opt_.charter, opt_.key.publicKey))
      return fail(NetErrorKind::RulesRefused, "charter: your key [", opt_.key.publicKey.fingerprint(), "] is not a member of crew charter '", opt_.charter.id, "'");
    lobby_.session.charter = opt_.charter;
  }
  lobby_.seats.resize(opt_.seats);
  aiKinds_.assign(opt_.seats, "");
  lobby_.seats[0] = LobbySeat{SeatKind::Human, opt_.name, opt_.key.publicKey, true, "", advertisedPort(), opt_.officerPlays};
  for (Seat a : opt_.aiSeats)
    if (a > 0 && a < opt_.seats) {
      lobby_.seats[a] = LobbySeat{SeatKind::Ai, "AI " + std::to_string(a), opt_.key.publicKey, true, "", 0, false};
      if (a < opt_.seatOfficers.size()) aiKinds_[a] = opt_.seatOfficers[a];
    }
  const unsigned want = opt_.waitFor ? opt_.waitFor : static_cast<unsigned>(opt_.seats - opt_.aiSeats.size());
  log("hosting on UDP port " + std::to_string(transport_.port()) + " as " + opt_.name + " [" + opt_.key.publicKey.fingerprint() + "]; " +
      (opt_.manualLaunch ? std::string("launching when the host says so") : "launching when " + std::to_string(want) + " players are in and ready"));
  broadcastLobby();
  while (true) {
    if (timedOut()) return fail(NetErrorKind::TimedOut, "lobby: timed out waiting for players; start again with a smaller --wait-for");
    if (leftLobby()) return closeLobby();
    pump(5);
    bool changed = false;
    while (auto c = pollNonComms()) {
      auto m = decodeLobby(c->bytes);
      if (!m) {
        log("refused lobby message from " + c->from.fingerprint() + ": " + m.message());
        continue;
      }
      if (auto* j = std::get_if<JoinMsg>(&*m)) {
        if (std::find(kicked_.begin(), kicked_.end(), c->from) != kicked_.end()) {
          send(c->from, RefuseMsg{"the host removed you from this table", RefuseReason::Kicked});
          continue;
        }
        if (refusedForSecret(c->from, j->secret)) continue;  // issue 25: invited strangers only
        auto seat = seatOf(c->from);
        if (!seat && !lobby_.session.charter.id.empty() && !charterMember(lobby_.session.charter, c->from)) {
          log("lobby: refused " + c->from.fingerprint() + ": not a member of crew charter '" + lobby_.session.charter.id + "'");
          send(c->from, RefuseMsg{"this table plays under crew charter '" + lobby_.session.charter.id + "' and your key [" +
                                  c->from.fingerprint() + "] is not a member", RefuseReason::Charter});
          continue;
        }
        if (!seat) {
          for (size_t i = 0; i < lobby_.seats.size() && !seat; ++i)
            if (lobby_.seats[i].kind == SeatKind::Open) seat = i;
          if (!seat) {
            send(c->from, RefuseMsg{"the table is full", RefuseReason::Full});
            continue;
          }
        }
        auto addr = transport_.remoteAddress(c->from);
        const bool again = lobby_.seats[*seat].key == c->from && lobby_.seats[*seat].kind == SeatKind::Human;
        if (again && lobby_.seats[*seat].ready) continue;  // a repeated join (its first answer was slow) keeps its mark
        lobby_.seats[*seat] = LobbySeat{SeatKind::Human, j->name.empty() ? "player" : j->name, c->from, false,
                                        addr ? addr->host : "127.0.0.1", j->port ? j->port : (addr ? addr->port : uint16_t{0}), j->officer};
        changed = true;
      } else if (auto* r = std::get_if<ReadyMsg>(&*m)) {
        if (auto seat = seatOf(c->from)) {
          if (r->ready && r->rules != lobby_.session.configHash()) {  // sent before it saw the rules change
            log("lobby: " + lobby_.seats[*seat].name + " marked ready for rules before the change; waiting for their mark for these");
            continue;
          }
          lobby_.seats[*seat].ready = r->ready;
          changed = true;
        }
      }
    }
    for (size_t i = 1; i < lobby_.seats.size(); ++i)
      if (lobby_.seats[i].kind == SeatKind::Human && !transport_.connected(lobby_.seats[i].key)) {
        log("lobby: " + lobby_.seats[i].name + " left");
        lobby_.seats[i] = LobbySeat{};
        changed = true;
      }
    if (changed) broadcastLobby();
    unsigned in = 0, ready = 0;
    for (const auto& s : lobby_.seats)
      if (s.kind == SeatKind::Human) {
        ++in;
        ready += s.ready ? 1 : 0;
      }
    if (((in >= want && !opt_.manualLaunch) || launchNow_) && ready == in) break;
  }
  for (size_t i = 0; i < lobby_.seats.size(); ++i)
    if (lobby_.seats[i].kind == SeatKind::Open) {
      lobby_.seats[i] = LobbySeat{SeatKind::Ai, "AI " + std::to_string(i), opt_.key.publicKey, true, "", 0, false};
      aiKinds_[i] = opt_.openSeatOfficer;
    }
  decideHands();
  lobby_.launched = true;
  log("launching: config locked");
  broadcastLobby();
  return hostSeed();
}

// Issue 26: the hands are hidden (a masked deck among the people) whenever two or more people sit at the table and
// the module can hide them under its rules; an officer's hand is kept by the host's client, and the lobby says so.
void Node::decideHands() {
  syncSession();
  auto& s = lobby_.session;
  s.hiddenHands = false;
  if (opt_.hands == "open") return;
  auto mod = findModule(s.moduleId);
  if (!mod || !(*mod)->createHidden) return;
  std::vector<bool> ai;
  std::vector<std::array<uint8_t, 32>> keys;
  for (const auto& seat : s.seats) {
    ai.push_back(seat.ai);
    keys.push_back(seat.key.bytes);
  }
  const auto people = static_cast<size_t>(std::count(ai.begin(), ai.end(), false));
  if (people < 2 && opt_.hands != "hidden") return;
  auto trial = (*mod)->createHidden(keepersFor(ai, keys));
  if (auto fits = trial->setup(s.config, det::Seed{}, static_cast<Seat>(s.seats.size())); !fits) {
    log("hands: open at this table (" + fits.message() + ")");
    return;
  }
  s.hiddenHands = true;
  log("hands: hidden — a masked deck among the " + std::to_string(people) + " people; nobody sees a person's hand" +
      (people < s.seats.size() ? "; the officers' hands are held by the host's client (it could look at them)" : ""));
}

Result<void> Node::hostSeed() {
  auto humans = humanSeats();
  std::map<size_t, Nonce> commits, reveals;
  myNonce_ = lockstep::randomBytes32();
  commits[0] = lockstep::commitNonce(myNonce_);
  reveals[0] = myNonce_;
  const uint64_t deadline = now() + kSeedingLimitMs;
  uint64_t nextNudge = now() + 1000;
  bool commitsSent = false;
  while (reveals.size() < humans.size() || !commitsSent) {
    if (now() > deadline) {
      std::string missing;  // whose, so a failed seeding can be traced to one link
      for (auto s : humans)
        if (!(commitsSent ? reveals : commits).count(s)) missing += (missing.empty() ? "" : ", ") + who(lobby_.seats[s].key);
      return fail(NetErrorKind::LaunchFailed, "seeding: not every player committed and revealed in ", kSeedingLimitMs / 1000,
                  " s (", commitsSent ? "reveals" : "commitments", " missing from ", missing,
                  ": is the network losing most packets?); host again");
    }
    if (leftLobby()) return closeLobby();
    pump(5);
    if (now() >= nextNudge) {
      // Lossy links: ask again whoever we still wait for (answers are idempotent).
      nextNudge = now() + 1000;
      for (auto s : humans) {
        if (s == 0) continue;
        if (!commitsSent && !commits.count(s)) sendEager(lobby_.seats[s].key, lobby_);
        if (commitsSent && !reveals.count(s)) sendEager(lobby_.seats[s].key, CommitsMsg{commits_});
      }
    }
    while (auto c = pollNonComms()) {
      auto m = decodeLobby(c->bytes);
      auto seat = seatOf(c->from);
      if (!m || !seat) continue;
      if (auto* cm = std::get_if<CommitMsg>(&*m); cm && !commitsSent) commits.emplace(*seat, cm->commit);
      if (auto* rm = std::get_if<RevealMsg>(&*m); rm && commitsSent) reveals.emplace(*seat, rm->nonce);
    }
    if (!commitsSent && commits.size() == humans.size()) {
      for (auto s : humans) commits_.push_back(commits[s]);
      for (auto s : humans)
        if (s != 0) sendEager(lobby_.seats[s].key, CommitsMsg{commits_});
      commitsSent = true;
    }
  }
  for (auto s : humans) nonces_.push_back(reveals[s]);
  for (auto s : humans)
    if (s != 0) sendEager(lobby_.seats[s].key, RevealsMsg{nonces_});
  return finishSeed();
}

Result<void> Node::finishSeed() {
  if (auto ok = lockstep::checkReveals(commits_, nonces_); !ok) return fail(NetErrorKind::LaunchFailed, "seeding: ", ok.message());
  session_ = lobby_.session;
  session_.seed = lockstep::seedFromNonces(nonces_);
  seats_ = lobby_.seats;
  return Ok();
}

void Node::syncSession() {
  auto& ss = lobby_.session.seats;
  ss.resize(lobby_.seats.size());
  for (size_t i = 0; i < lobby_.seats.size(); ++i) {
    const auto& s = lobby_.seats[i];
    ss[i].name = s.kind == SeatKind::Open ? "open" : s.name;
    ss[i].key = s.kind == SeatKind::Human ? s.key : opt_.key.publicKey;
    ss[i].ai = s.kind != SeatKind::Human;
    ss[i].botKind = s.kind == SeatKind::Ai && i < aiKinds_.size() ? aiKinds_[i] : std::string();
  }
}

// The host leaves before the game runs (q, Ctrl-C, a client's Leave): every seated joiner hears it at once and ends
// on it, instead of waiting for a table that will never launch.
Error Node::closeLobby() {
  for (const auto& s : lobby_.seats)
    if (s.kind == SeatKind::Human && s.key != opt_.key.publicKey)
      send(s.key, RefuseMsg{"the host closed the lobby before the game launched; `concord lan` lists the tables nearby", RefuseReason::Other});
  // A quarter second for it to arrive: ENet drops what a peer has not dispatched when our goodbye comes in.
  for (const uint64_t until = steadyMs() + 250; steadyMs() < until;) transport_.pump(steadyMs() - startMs_, 10);
  return fail(NetErrorKind::LeftByChoice, "you closed the lobby before the game launched");
}

void Node::showLobby() const {
  log("lobby: module " + lobby_.session.moduleId + " config hash " + lobby_.session.configHash().hex() +
      (lobby_.session.rated ? " rated" : " casual") + (lobby_.launched ? " (launched, config locked)" : ""));
  if (!lobby_.session.charter.id.empty()) log("lobby: " + charterLine(lobby_.session));
  for (size_t i = 0; i < lobby_.seats.size(); ++i) {
    const auto& s = lobby_.seats[i];
    const bool linked = s.kind == SeatKind::Human && s.key != opt_.key.publicKey;
    log(seatLine(i, s) + (linked ? "  [" + linkText(s.key) + "]" : ""));
  }
}

void Node::broadcastLobby() {
  syncSession();
  for (const auto& s : lobby_.seats)
    if (s.kind == SeatKind::Human && s.key != opt_.key.publicKey) send(s.key, lobby_);
  showLobby();
  if (opt_.onLobby) opt_.onLobby(lobby_);
}

}  // namespace concord::net
