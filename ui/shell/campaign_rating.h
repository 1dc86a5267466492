// Rating a finished solo game (RULES §VIII, TEI): the verified replay is the record, applied to the local TEI
// store by table/tei_store's rateFinishedGame (the one function `concord play` calls after its last turn too),
// and the outcome kept as data the end-of-campaign summary shows: per human seat its bucket's grade before →
// after, or why the game is unrated ("assisted" when an officer or the advisor played for the person).
// Slow: run it on a worker.
#pragma once

#include <string>
#include <vector>

namespace concord::ui {

struct SeatRating {
  int seat = 0;
  std::string bucket, before, after;  // grades ("V67"); empty when not rated
  bool won = false;
  bool assisted = false;  // officer turns (gain withheld) or the advisor
};

struct CampaignRating {
  bool rated = false;
  bool alreadyApplied = false;
  std::string why;       // unrated: the TEI §4 rules that failed, or what could not be read
  std::string storePath;
  std::vector<SeatRating> seats;
};

/// `storePath` "" = the default store (table/tei_store: $XDG_DATA_HOME/concord/tei.sqlite).
CampaignRating rateCampaign(const std::string& replayPath, const std::string& storePath);

}  // namespace concord::ui
