#include "replay/verify.h"

#include <algorithm>

#include "core/det/writer.h"
#include "replay/officer_marks.h"

namespace concord::replay {

namespace {

struct Run {
  std::unique_ptr<lockstep::TurnLedger> ledger;
  VerifyReport report;
};

// keys/audit: the second pass over a finished hidden-hands game (issue 26), with the keys its end revealed.
Result<Run> run(const ReplayReader& reader, const VerifyProgress& progress, const VerifyTurn& onTurn,
                const RevealedKeys* keys = nullptr, HiddenAudit* audit = nullptr) {
  Run st;
  const auto& session = reader.header().session;
  auto l = lockstep::TurnLedger::create(session);
  if (!l) return l.error();
  st.ledger = std::move(*l);
  st.ledger->keepStates(false);  // snapshots are compared by writing the engine; no turn's bytes are kept
  auto& rep = st.report;
  rep.notices = reader.notices();
  auto fail = [&](uint32_t turn, std::optional<Seat> seat, const std::string& why) {
    rep.ok = false;
    rep.failedTurn = turn;
    rep.failedSeat = seat;
    rep.failure = "turn " + std::to_string(turn) + (seat ? " seat " + std::to_string(*seat) : "") + ": " + why;
  };
  OfficerAudit officers(session, keys);
  OfficerAuditCounts officerCounts;
  const auto& frames = reader.frames();
  bool pickUp = false;  // after a hole, the next snapshot is where the game is picked up (issue 30)
  for (size_t i = 0; i < frames.size(); ++i) {
    const auto& f = frames[i];
    if (f.kind == FrameKind::Gap) {
      pickUp = true;
      continue;
    }
    if (f.kind == FrameKind::Snapshot && pickUp) {
      pickUp = false;
      auto picked = reader.ledgerAt(i);
      if (!picked) {
        fail(f.firstTurn, std::nullopt, picked.message());
        return st;
      }
      st.ledger = std::move(*picked);
      ++rep.snapshotsChecked;
      continue;
    }
    if (f.kind == FrameKind::Snapshot) {
      auto snap = reader.loadSnapshot(i);
      if (!snap) {
        fail(f.firstTurn, std::nullopt, snap.message());
        return st;
      }
      det::Writer a, b;
      (*snap)->write(a);
      st.ledger->engine().write(b);
      if (!std::ranges::equal(a.data(), b.data())) {
        fail(f.firstTurn, std::nullopt, "snapshot differs from the re-simulated state");
        return st;
      }
      ++rep.snapshotsChecked;
      continue;
    }
    if (f.kind != FrameKind::Turns) continue;
    auto block = reader.block(i);
    if (!block) {
      fail(f.firstTurn, std::nullopt, block.message());
      return st;
    }
    lockstep::TurnRecord rec;
    for (size_t k = 0; k < block->turns.size(); ++k) {
      const auto& t = block->turns[k];
      // Issues 11, 30: a turn marked as the officer's, and an AI seat's every decision, must be the officer's
      // (re-derived before the turn is applied).
      auto bad = officers.check(st.ledger->engine(), t.ordersBySeat, officerCounts);
      rep.officerTurnsChecked = officerCounts.markedTurns;
      rep.aiDecisionsChecked = officerCounts.aiDecisions;
      if (bad) {
        fail(t.turn, bad->seat, bad->why);
        return st;
      }
      std::unique_ptr<Game> before = audit ? st.ledger->engine().game().clone() : nullptr;
      rec = st.ledger->applyOrders(t.ordersBySeat);
      if (audit) audit->step(*before, st.ledger->engine().game(), t.turn);
      if (!t.sealMatches(rec.seal)) {
        fail(t.turn, std::nullopt,
             "re-simulated Seal hash " + rec.seal.shortHex() + " does not match the recorded Seal hash");
        return st;
      }
      rep.turns = t.turn + 1;
      if (k + 1 == block->turns.size()) break;  // the block's last turn is reported once its heads are checked
      if (onTurn) onTurn(rec);
    }
    const uint32_t last = f.firstTurn + f.turnCount - 1;
    ++rep.sealsChecked;
    if (st.ledger->lastSeal() != block->lastSeal) {
      fail(last, std::nullopt,
           "re-simulated Seal hash " + st.ledger->lastSeal().hex() + " differs from the recorded " +
               block->lastSeal.hex());
      return st;
    }
    for (Seat s = 0; s < rec.bundles.size(); ++s) {
      rec.bundles[s].signature = block->signatures[s];
      ++rep.signaturesChecked;
      if (!rec.bundles[s].verifySignature(rec.signers[s])) {
        fail(last, s,
             "signature on the seat's chain head does not verify with key " + rec.signers[s].fingerprint() +
                 " (a bundle of this seat at or before this turn was altered, or signed by another key)");
        return st;
      }
    }
    if (onTurn && !block->turns.empty()) onTurn(rec);
    if (progress) progress(rep.turns, reader.turnCount());
  }
  // Comms: per-peer annotations outside the Seal, each signed by its sender's seat key.
  auto comms = reader.comms();
  if (!comms) {
    fail(rep.turns, std::nullopt, comms.message());
    return st;
  }
  for (size_t i = 0; i < comms->size(); ++i) {
    const auto& c = (*comms)[i];
    const auto& key = session.seats[c.seat].key;
    if (!lockstep::verify(key, c.signedBytes, c.sig)) {
      fail(c.turn, c.seat,
           "comms message " + std::to_string(i + 1) + " of " + std::to_string(comms->size()) +
               " (accepted at turn " + std::to_string(c.turn) + ") does not verify with the seat's key " +
               key.fingerprint() + " (altered, or not signed by that seat)");
      rep.failedComms = i;
      return st;
    }
    ++rep.commsChecked;
  }
  rep.ok = true;
  rep.finalSeal = st.ledger->lastSeal();
  // Issue 30: every turn the file still holds verified, but a game with a hole is not the whole game.
  for (const auto& h : reader.holes()) {
    rep.lost.push_back(h);
    rep.lostTurns += h.turnCount;
  }
  if (!rep.lost.empty()) {
    rep.ok = false;
    rep.holesOnly = true;
    rep.failedTurn = rep.lost.front().firstTurn;
    rep.failure = rep.lost.front().describe();
  }
  return st;
}

}  // namespace

Result<VerifyReport> verifyReplay(const ReplayReader& reader, const VerifyProgress& progress, const VerifyTurn& onTurn) {
  auto r = run(reader, progress, onTurn);
  if (!r) return r.error();
  auto& rep = r->report;
  const HiddenInfo* hidden = r->ledger->engine().game().hiddenInfo();
  if (!rep.ok || !hidden) return std::move(rep);
  // Issue 26: the sector's end revealed every holder's key; a second pass reads every deal, re-checks the officers'
  // marks from their seats' views and every game order and poll answer with all hands known.
  auto audit = hidden->audit();
  if (!audit) {
    rep.notices.push_back("hidden hands: the sector is not over, so the hands stay hidden and the hidden-hand rules "
                          "are not audited yet (the holders' keys come at the end)");
    return std::move(rep);
  }
  RevealedKeys keys;
  for (Seat s = 0; s < r->ledger->session().seats.size(); ++s) keys.push_back(hidden->revealedKey(s));
  auto second = run(reader, {}, {}, &keys, audit.get());
  if (!second) return second.error();
  auto& full = second->report;
  full.hiddenAudited = true;
  full.findings = audit->findings();
  if (full.ok && !full.findings.empty()) {
    const auto& f = full.findings.front();
    full.ok = false;
    full.findingsOnly = true;  // both passes verified everything else (issue 26)
    full.failedTurn = f.turn;
    full.failedSeat = f.seat;
    full.failure = "turn " + std::to_string(f.turn) + " seat " + std::to_string(f.seat) + ": broke a hidden-hand rule (" +
                   std::to_string(full.findings.size()) + " finding(s); the seat's signed bundle is the proof): " + f.what;
  }
  return std::move(full);
}

Result<VerifyReport> verifyReplay(const std::string& path, const VerifyProgress& progress) {
  auto reader = ReplayReader::open(path);
  if (!reader) return reader.error();
  return verifyReplay(*reader, progress);
}

Result<Resumed> resumeReplay(const std::string& path) {
  auto reader = ReplayReader::open(path);
  if (!reader) return reader.error();
  auto r = run(*reader, {}, {});
  if (!r) return r.error();
  if (!r->report.ok) return Err(path, ": cannot resume: ", r->report.failure);
  r->ledger->keepStates(true);  // play goes on from here: the recorder's snapshots and the peer's ring need them
  return Resumed{std::move(*reader), std::move(r->ledger), std::move(r->report)};
}

}  // namespace concord::replay
