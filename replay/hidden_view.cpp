#include "replay/hidden_view.h"

#include "replay/verify.h"

namespace concord::replay {

ViewRights viewRights(const lockstep::SessionConfig& session, bool over, bool verified) {
  ViewRights r;
  if (!session.rated) return r;  // casual games keep today's views (docs/rules-decisions.md)
  if (!over) {
    r.publicOnly = true;
    r.reason = "this rated game is not over: its hands, the pile and all else the rules keep hidden stay hidden from every "
               "viewer until it ends (issue 26; a captain's own hand is at the table: resume or rejoin the game)";
  } else if (!verified) {
    r.publicOnly = true;
    r.reason = "this rated game's ending does not verify (`concord replay verify` says why): its hands, the pile and all "
               "else the rules keep hidden stay hidden (issue 26)";
  }
  return r;
}

Result<ViewRights> viewRightsOf(const ReplayReader& reader) {
  const auto& session = reader.header().session;
  if (!session.rated) return viewRights(session, false, false);
  auto end = reader.seek(reader.turnCount());
  if (!end) return end.error();
  const bool over = (*end)->game().outcome().has_value();
  if (!over) return viewRights(session, false, false);
  auto report = verifyReplay(reader);
  // Issue 30: a hole does not unprove the ending: the turns after it verify from a state the seats signed.
  return viewRights(session, true, report && (report->ok || report->holesOnly));
}

std::string hiddenNote(const ViewRights& rights, const std::string& instead) {
  return rights.reason + (instead.empty() ? "" : "; " + instead);
}

}  // namespace concord::replay
