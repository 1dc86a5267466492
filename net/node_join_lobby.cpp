// A joiner's lobby: connect to the host (giving up when nothing answers), take a seat, commit and
// reveal our nonce for the seed; or, when the game already runs, rejoin our seat or follow as a spectator.
#include "net/lobby_charter.h"
#include "net/node_internal.h"

namespace concord::net {

Result<void> Node::joinLobby() {
  // Every address of an invite code is dialled at once (issue 25); one address otherwise.
  std::vector<Address> dialling = hostAddresses();
  std::string dialText, refusal;
  for (auto it = dialling.begin(); it != dialling.end();) {
    if (auto c = transport_.connect(*it); !c) {
      if (dialling.size() == 1) return c.error();
      log("join: cannot dial " + it->text() + ": " + c.message());
      it = dialling.erase(it);
      continue;
    }
    dialText += (dialText.empty() ? "" : ", ") + it->text();
    ++it;
  }
  if (dialling.empty()) return fail(NetErrorKind::BadAddress, "join: none of the invite code's addresses can be dialled");
  log("joining " + dialText + " as " + opt_.name + " [" + opt_.key.publicKey.fingerprint() + "]");
  std::optional<lockstep::PublicKey> hostKey;
  uint64_t nextRetry = 3000, nextSpectate = 0, nextJoinAsk = 0;
  bool answered = false;  // the host (or a running table's peer) has sent us anything
  uint64_t unansweredSinceMs = 0;  // since when we knock without an answer
  // Seeding on lossy links: until the host's reveals arrive we repeat our last seeding message every
  // second (the host answers repeats idempotently, even after its game has started).
  enum class Seeding { None, Committed, Revealed } seeding = Seeding::None;
  uint64_t nextSeedAsk = 0, seedingSince = 0;
  bool seedWaitSaid = false;
  while (true) {
    if (timedOut()) return fail(NetErrorKind::Unreachable, "join: no game started within the time limit (--timeout); is the host running at ", dialText, "?");
    if (leftLobby()) return fail(NetErrorKind::LeftByChoice, "you left the lobby before the game launched");
    pump(5);
    if (!hostKey) {
      if (auto k = findHost(dialling, refusal)) {
        hostKey = *k;
        if (opt_.spectate) send(*hostKey, SpectateMsg{opt_.name, opt_.secret});
        else send(*hostKey, JoinMsg{opt_.name, opt_.advertisePort, opt_.officerPlays, opt_.secret});
        nextSpectate = now() + 1000;
      } else if (dialling.empty()) {
        return fail(NetErrorKind::WrongHost, refusal);
      } else if (opt_.giveUpMs && now() > unansweredSinceMs + opt_.giveUpMs) {
        if (!opt_.joinAny.empty())  // issue 25: the code's words, not a LAN's
          return fail(NetErrorKind::Unreachable, "nothing answered at ", dialText, " in ", opt_.giveUpMs / 1000,
                      " s; is the host's `concord host --internet` still running? If it is, its router did not let you in: "
                      "ask the host for a new code, or join through a friend who is already at the table");
        return fail(NetErrorKind::Unreachable, "nothing answered at ", dialText, " in ", opt_.giveUpMs / 1000, " s; check that `concord host` is running there, ",
                   "that ", dialling.front().port, " is its port (`concord lan` lists the games announced nearby), and that no firewall ",
                   "blocks UDP port ", dialling.front().port, " on either machine");
      } else if (now() > nextRetry) {
        // Lossy networks lose connects too: keep knocking until we give up.
        nextRetry = now() + 3000;
        if (now() > 3000) log("join: no answer from " + dialText + " yet; retrying");
        for (const auto& a : dialling) (void)transport_.connect(a);
      }
      continue;
    }
    if (!transport_.connected(*hostKey)) {
      // Its last words first: a host that closed its lobby said so just before its link went.
      while (auto c = pollNonComms()) {
        if (c->from != *hostKey) continue;
        auto m = decodeLobby(c->bytes);
        if (auto* r = m ? std::get_if<RefuseMsg>(&*m) : nullptr) return fail(refusalKind(r->reason), "join refused: ", r->why);
      }
      log("join: lost the connection to the host; reconnecting");
      hostKey.reset();
      nextJoinAsk = 0;
      unansweredSinceMs = now();
      continue;
    }
    if (seeding != Seeding::None && now() >= nextSeedAsk) {
      nextSeedAsk = now() + 1000;
      if (!seedWaitSaid && now() > seedingSince + 3000) {
        seedWaitSaid = true;
        log(std::string("seeding: no ") + (seeding == Seeding::Committed ? "commitments" : "reveals") +
            " from the host after 3 s; asking again every second");
      }
      if (seeding == Seeding::Committed) sendEager(*hostKey, CommitMsg{myCommit_});
      else sendEager(*hostKey, RevealMsg{myNonce_});
    }
    if (opt_.spectate && now() >= nextSpectate) {  // asked again until the game runs
      nextSpectate = now() + 1000;
      send(*hostKey, SpectateMsg{opt_.name, opt_.secret});
    }
    // Asked again until answered: drill seed 8001 run 1, a restarted person's one JoinMsg to a running table's peer
    // went unanswered for 40 s over a link both sides called established, and it wrote no replay.
    if (!opt_.spectate && !answered && now() >= nextJoinAsk) {
      if (nextJoinAsk != 0) send(*hostKey, JoinMsg{opt_.name, opt_.advertisePort, opt_.officerPlays, opt_.secret});
      nextJoinAsk = now() + 2000;
    }
    while (auto c = pollNonComms()) {
      if (c->from != *hostKey) continue;
      auto m = decodeLobby(c->bytes);
      if (!m) {
        log("refused lobby message: " + m.message());
        continue;
      }
      answered = true;
      if (auto* l = std::get_if<LobbyMsg>(&*m)) {
        if (lobby_.launched) {  // the config is locked once launched; a repeat means our commitment was not heard
          if (l->launched && seatOf(opt_.key.publicKey)) sendEager(*hostKey, CommitMsg{myCommit_});
          continue;
        }
        const bool rulesChanged = !lobby_.seats.empty() && l->session.configHash() != lobby_.session.configHash();
        lobby_ = *l;
        if (rulesChanged) log("lobby: the host changed the rules to " + rulesText(lobby_.session) + "; ready marks reset");
        showLobby();
        // A module or rules version this build does not have cannot be played: say so now, not at the launch.
        if (auto v = checkTableVersion(lobby_.session); v.kind != NetErrorKind::Other) return fail(v.kind, v.why);
        // TEI §3.4: a crew table is played only by its members, under the charter the joiner expects.
        if (auto why = charterRefusal(lobby_.session, opt_.charter, opt_.key.publicKey); !why.empty())
          return fail(NetErrorKind::CharterRefused, "join: refusing this table: ", why);
        if (!lobby_.session.charter.id.empty() && !charterSaid_) {
          charterSaid_ = true;
          log("lobby: you are a member of crew charter '" + lobby_.session.charter.id + "'; the game rates into group/" +
              lobby_.session.charter.id);
        }
        if (opt_.onLobby) opt_.onLobby(lobby_);
        auto me = seatOf(opt_.key.publicKey);
        if (opt_.autoReady && me && !lobby_.launched && !lobby_.seats[*me].ready) {
          readyFor_ = lobby_.session.configHash();
          send(*hostKey, ReadyMsg{true, readyFor_});
        }
        if (lobby_.launched) {
          if (!me) return fail(NetErrorKind::LaunchFailed, "join: the game launched without a seat for us");
          if (lobby_.session.configHash() != readyFor_)  // only a host that ignores the protocol gets here
            return fail(NetErrorKind::LaunchFailed, "join: the host launched under rules we did not mark ready for (config hash ",
                        lobby_.session.configHash().hex(), "); refusing to play this table");
          myNonce_ = lockstep::randomBytes32();
          myCommit_ = lockstep::commitNonce(myNonce_);
          sendEager(*hostKey, CommitMsg{myCommit_});
          seeding = Seeding::Committed;
          seedingSince = now();
          nextSeedAsk = now() + 1000;
        }
      } else if (auto* cm = std::get_if<CommitsMsg>(&*m)) {
        auto humans = humanSeats();
        auto me = seatOf(opt_.key.publicKey);
        size_t idx = 0;
        while (idx < humans.size() && humans[idx] != me) ++idx;
        if (!me || cm->commits.size() != humans.size() || cm->commits[idx] != myCommit_)
          return fail(NetErrorKind::LaunchFailed, "seeding: the host changed our commitment; refusing to play this table");
        commits_ = cm->commits;
        sendEager(*hostKey, RevealMsg{myNonce_});
        if (seeding != Seeding::Revealed) {
          seeding = Seeding::Revealed;
          seedingSince = now();
          seedWaitSaid = false;
          nextSeedAsk = now() + 1000;
        }
      } else if (auto* rm = std::get_if<RevealsMsg>(&*m)) {
        nonces_ = rm->nonces;
        if (commits_.empty()) return fail(NetErrorKind::LaunchFailed, "seeding: reveals before commitments");
        return finishSeed();
      } else if (auto* g = std::get_if<GameMsg>(&*m)) {
        session_ = g->session;
        seats_ = g->seats;
        if (seats_.size() != session_.seats.size()) return Err("rejoin: malformed game description");
        rejoin_ = true;
        lobby_.seats = seats_;
        if (!seatOf(opt_.key.publicKey)) {
          spectator_ = true;
          log("the game is running and we have no seat in it: spectating (following live, sending no orders)");
        } else {
          log("rejoining a running game");
        }
        return Ok();
      } else if (auto* r = std::get_if<RefuseMsg>(&*m)) {
        return fail(refusalKind(r->reason), "join refused: ", r->why);
      }
    }
  }
}

}  // namespace concord::net
