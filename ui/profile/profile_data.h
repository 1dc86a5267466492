// What the profile shows, gathered off the UI thread: the person's identity (the same key file as
// `concord host/join`: net/identity.h, $CONCORD_HOME), their TEI grades per bucket from the local store
// (table/tei_store, as `concord tei show`), a grade history recomputed from the replays folder, the local
// leaderboard of each of their buckets (as `concord tei leaderboard`) and the recent replays.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/det/result.h"

namespace concord::ui {

struct ProfileGrade {
  std::string bucket;      // "localAi/lieutenant/points", "human/goOut", ...
  std::string grade;       // "V67"
  std::string commission;  // "Lieutenant Junior Grade"
  int64_t matches = 0, wins = 0;
  bool provisional = false;
};

/// One rated game of this person, oldest first: the bucket's grade before → after.
struct ProfileHistoryEntry {
  std::string replay;  // file name
  std::string bucket;
  std::string before, after;
  bool won = false;
  std::string note;    // "unrated: E4 ..." when the game was not rated
};

struct ProfileBoardRow {
  int64_t rank = 0;
  std::string player;  // short id (the first 12 hex digits of the key)
  std::string grade;
  int64_t wins = 0;
  bool you = false;
};

struct ProfileBoard {
  std::string bucket;
  std::vector<ProfileBoardRow> rows;  // the top 10 (and you, when further down)
};

struct ProfileRecent {
  std::string path, name, when;  // when: "yyyy-MM-dd hh:mm" (file time)
};

struct ProfileData {
  std::string identityPath, fingerprint, playerId;  // playerId: the TEI player id (hex of the public key)
  bool identityCreated = false;
  std::string storePath;
  std::vector<ProfileGrade> grades;
  std::vector<ProfileHistoryEntry> history;
  std::vector<ProfileBoard> boards;
  std::vector<ProfileRecent> recent;
  std::vector<std::string> problems;  // what could not be read, in words a person can act on
};

struct ProfileSources {
  std::string identityPath;  // "" = net::defaultIdentityPath()
  std::string storePath;     // "" = tei::defaultStorePath()
  std::string replayDir;     // the replays folder (recent games, history)
  size_t historyGames = 30;  // at most this many of the newest replays are re-rated for the history
};

/// Reads everything; never fails as a whole (a missing store is an empty profile, said in `problems`).
/// Slow (verifies replays): call it on a worker.
ProfileData loadProfile(const ProfileSources& src);

}  // namespace concord::ui
