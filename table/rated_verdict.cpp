#include "table/rated_verdict.h"

#include "core/tei/match.h"
#include "table/record_bots.h"
#include "table/tei_store/replay_match.h"

namespace concord::table {

std::string unratedBecause(const TableSetup& setup) {
  if (!setup.person) return casualReason(setup);
  if (setup.moduleId != "warp") return "only Warp is TEI-rated (RULES §VIII)";
  if (std::string why = casualReason(setup); !why.empty()) return why;
  auto session = makeBotSession(setup.moduleId, setup.options, setup.seats, kLocalSeatKeyLabel, setup.officer);
  if (!session) return session.message();
  if (*setup.person >= session->seats.size()) return "your seat is not at the table";
  auto& me = session->seats[*setup.person];
  me.ai = false;
  me.botKind.clear();
  if (setup.identity) me.key = setup.identity->publicKey;
  session->rated = true;
  session->charter = setup.charter;
  // The table as it would finish (everyone finishing, someone first): only what is known before the deal counts.
  auto record = tei::forfeitRecord(*session, *setup.person);
  if (!record) return record.message();
  std::string why;
  for (const auto& x : tei::evaluateEligibility(*record).exclusions)
    if (x.rule != tei::Rule::E2 && x.rule != tei::Rule::E5) why += (why.empty() ? "" : "; ") + x.reason;
  return why;
}

std::string ratedSentence(const std::string& unratedBecause) {
  if (unratedBecause.empty()) return "This game is TEI-rated on a fresh deal: finish it; left unfinished, it counts as a loss.";
  return unratedBecause + ": this game is casual, not TEI-rated.";
}

}  // namespace concord::table
