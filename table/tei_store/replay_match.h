// A TEI MatchRecord from a signed, verified Warp replay (issue 4). Concord has no server: the verified
// replay *is* the authoritative record, so every peer derives the same MatchRecord — and the same rating
// change — from the same file. Lives on the tools side (it reads files; core does no I/O).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/game/types.h"
#include "core/tei/match.h"
#include "lockstep/assistance.h"
#include "replay/reader.h"
#include "replay/verify.h"

namespace concord::tei {

/// Extra hook for the tactical advisor (TEI §4 E3): any order it accepts in a seat's slot marks that seat
/// advisorUsed. The advisor marks of lockstep/assistance.h always count, with or without it.
using AdvisorDetector = std::function<bool(Seat seat, const Order& order)>;

struct ReplayMatchOptions {
  AdvisorDetector isAdvisorOrder;  // empty: no advisor order exists (today)
  /// The crews' own charter files (`tei apply|ledger --charter FILE`): a game naming one of these ids must carry
  /// exactly that charter in its signed header, else it is excluded by rule (TEI §3.4 charter_mismatch), so a
  /// host cannot rate a sock puppet into a crew's ladder with a home-made charter of the same id.
  std::vector<lockstep::Charter> charters;
};

struct ReplayMatch {
  MatchRecord record;
  lockstep::SessionConfig session;     // the signed header's (seat keys, charter): which copy of a deal a ledger keeps
  replay::VerifyReport report;
  std::string gameIdHex;               // = record.gameId
  uint32_t turns = 0;
  std::vector<Seat> substituted;       // seats an AI took over at some point (Substitute orders)
  std::vector<lockstep::SeatAssistance> assistance;  // per seat: officer turns and advisor marks (issue 11 point 3)
  std::vector<std::string> notes;      // facts worth printing (substitutions, reader notices)
};

/// TEI player id of a human seat: lowercase hex of its Ed25519 public key (stable, unforgeable).
std::string playerIdOf(const lockstep::SeatInfo& seat);
/// Bot kind → officer (docs/rules-decisions.md "TEI"): "greedy" = Ensign; anything else is exhibition.
OfficerKind officerOfBotKind(std::string_view botKind);

/// Per seat: the officer turns and advisor marks in the replay's order log (issue 11 point 3; not verified here).
Result<std::vector<lockstep::SeatAssistance>> assistanceOf(const replay::ReplayReader& reader);

/// Verifies the replay (signatures, seals, snapshots), re-simulates it to the end and fills the record.
/// Errors: unreadable file, a failed verification (the message names the turn/seat), a non-Warp replay.
Result<ReplayMatch> matchFromReplay(const replay::ReplayReader& reader, const ReplayMatchOptions& options = {});
Result<ReplayMatch> matchFromReplay(const std::string& path, const ReplayMatchOptions& options = {});
/// The result of a rated game `walkedAway`'s captain left unfinished (issue 11: a rated solo game is registered
/// when it starts and, abandoned, counts as a loss): that seat placed last, everyone else first.
Result<MatchRecord> forfeitRecord(const lockstep::SessionConfig& session, Seat walkedAway);

}  // namespace concord::tei

#include "table/tei_store/store.h"

namespace concord::tei {

struct ReplayApplied {
  ReplayMatch match;
  ApplyOutcome outcome;
};

/// TEI §9.2 "Top N%" of `player` on `bucket`'s public board (TEI path order), or empty when not on it.
std::string boardPercentile(TeiStore& store, const std::string& player, const BucketKey& bucket);

/// `tei apply`: verify + build the record + one store transaction (idempotent by game id).
Result<ReplayApplied> applyReplay(TeiStore& store, const std::string& path, const ReplayMatchOptions& options = {});
/// Human text of one application: "game <id> rated (...)" + one "player bucket before → after" per write,
/// or "not TEI-rated: E4 Set: …", or "already applied; nothing changed".
/// With `store`, each before → after line also shows the captain's percentile on that board (TEI §9.2:
/// Go-out MUST show one; Points shows it too).
std::string describeApplied(const ReplayApplied& a, TeiStore* store = nullptr);

/// `tei ledger DIR`: every regular, non-hidden file in DIR (not recursive) that starts with the replay
/// magic is a replay; other files are ignored. Every replay is verified before anything is written; one
/// that fails refuses the whole ledger. Games are applied in ascending game id (hex) order — the only order
/// every holder of the folder derives from content alone (replays carry no trusted time); two files of the
/// same game count once (the one with more turns, then the smaller final Seal). The text names no file, so
/// identical folders give byte-identical ledgers whatever their file names or directory order. Several games of one
/// deal: table/tei_store/deal_copies.h says which one is rated (issue 30).
struct Ledger {
  std::string text;
  size_t replays = 0;
  size_t rated = 0;
  size_t duplicates = 0;
  size_t ignoredFiles = 0;
};
Result<Ledger> buildLedger(TeiStore& store, const std::string& dir, const ReplayMatchOptions& options = {});

}  // namespace concord::tei
