// loadProfile: identity, then the store (grades, boards), then the history from the replays folder. Every
// part that fails is one line in `problems`; the rest still shows.
#include "ui/profile/profile_data.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <algorithm>
#include <filesystem>

#include "core/tei/grade.h"
#include "net/identity.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"

namespace concord::ui {

namespace {

std::string hexOf(const lockstep::PublicKey& k) {
  lockstep::SeatInfo s;
  s.key = k;
  return tei::playerIdOf(s);
}

ProfileGrade gradeLine(const std::string& bucket, const tei::StoredRating& r, int64_t wins) {
  const tei::Grade g = r.grade();
  return {bucket, g.formatted(), std::string(tei::commissionName(tei::commission(g))), r.matches, wins,
          tei::showProvisionalLabel(g.letter, r.matches)};
}

void readIdentity(const ProfileSources& src, ProfileData& out) {
  out.identityPath = src.identityPath.empty() ? net::defaultIdentityPath() : src.identityPath;
  std::error_code ec;
  out.identityCreated = !std::filesystem::exists(out.identityPath, ec);
  auto key = net::loadOrCreateIdentity(out.identityPath);
  if (!key) {
    out.identityCreated = false;
    out.problems.push_back("Your identity: " + key.message());
    return;
  }
  out.fingerprint = key->publicKey.fingerprint();
  out.playerId = hexOf(key->publicKey);
}

// TEI §9.1 board of `bucket` in path order: the top 10, and the person's row when further down.
void readBoard(tei::TeiStore& store, const std::string& bucket, const std::string& me, ProfileData& out) {
  auto slash = bucket.rfind('/');
  auto track = tei::parseTrack(bucket.substr(slash + 1));
  if (!track) return;
  auto key = tei::parseBucket(bucket.substr(0, slash), *track);
  if (!key) return;
  auto rows = store.leaderboard(*key, tei::BoardSort::TeiPath);
  if (!rows) return out.problems.push_back("Leaderboard " + bucket + ": " + rows.message());
  auto ranks = tei::boardRanks(*rows, tei::BoardSort::TeiPath);
  ProfileBoard board{bucket, {}};
  for (size_t i = 0; i < rows->size(); ++i) {
    const auto& r = (*rows)[i];
    const bool you = r.playerId == me;
    if (i >= 10 && !you) continue;
    board.rows.push_back({ranks[i], r.playerId.substr(0, 12), r.rating.grade().formatted(), r.wins, you});
  }
  out.boards.push_back(std::move(board));
}

void readStore(const ProfileSources& src, ProfileData& out) {
  std::string path = src.storePath;
  if (path.empty()) {
    auto d = tei::defaultStorePath();
    if (!d) return out.problems.push_back("TEI store: " + d.message());
    path = *d;
  }
  out.storePath = path;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return;  // no rated game yet: nothing to read, nothing to create
  auto store = tei::TeiStore::open(path);
  if (!store) return out.problems.push_back("TEI store " + path + ": " + store.message());
  if (out.playerId.empty()) return;
  auto buckets = store->playerBuckets(out.playerId);
  if (!buckets) return out.problems.push_back("TEI store: " + buckets.message());
  for (const auto& b : *buckets) out.grades.push_back(gradeLine(b.bucket, b.rating, b.wins));
  for (const auto& b : *buckets) readBoard(*store, b.bucket, out.playerId, out);
}

// The history: the newest replays re-rated in file-time order into a scratch store, so each of the person's
// games shows its bucket's grade before → after (the real store is never written here).
void readHistory(const ProfileSources& src, ProfileData& out) {
  QDir dir(QString::fromStdString(src.replayDir));
  auto files = dir.entryInfoList({QStringLiteral("*.ccr")}, QDir::Files, QDir::Time);  // newest first
  for (int i = 0; i < files.size() && i < 12; ++i)
    out.recent.push_back({files[i].absoluteFilePath().toStdString(), files[i].fileName().toStdString(),
                          files[i].lastModified().toString(QStringLiteral("yyyy-MM-dd hh:mm")).toStdString()});
  if (out.playerId.empty() || files.isEmpty()) return;
  if (files.size() > static_cast<qsizetype>(src.historyGames)) files.resize(static_cast<qsizetype>(src.historyGames));
  std::reverse(files.begin(), files.end());  // oldest first: ratings build up in the order games were played
  QTemporaryDir scratchDir;
  auto scratch = tei::TeiStore::open(scratchDir.filePath(QStringLiteral("history.sqlite")).toStdString());
  if (!scratch) return out.problems.push_back("History: " + scratch.message());
  for (const auto& f : files) {
    auto m = tei::matchFromReplay(f.absoluteFilePath().toStdString());
    if (!m) continue;  // not a finished, verifiable Warp game: not part of a grade history
    const bool mine = std::any_of(m->record.seats.begin(), m->record.seats.end(),
                                  [&](const tei::SeatRecord& s) { return s.playerId == out.playerId; });
    if (!mine) continue;
    auto applied = scratch->applyMatch(m->record);
    if (!applied) continue;
    const auto& plan = applied->plan;
    bool wrote = false;
    for (const auto& w : plan.writes) {
      if (w.playerId != out.playerId) continue;
      out.history.push_back({f.fileName().toStdString(), w.bucket.str(), w.before.grade().formatted(),
                             w.after.grade().formatted(), w.won, w.officerHeld ? "assisted: officer turns, no gain" : ""});
      wrote = true;
    }
    if (!wrote) out.history.push_back({f.fileName().toStdString(), "", "", "", false, "unrated: " + plan.eligibility.summary()});
  }
}

}  // namespace

ProfileData loadProfile(const ProfileSources& src) {
  ProfileData out;
  readIdentity(src, out);
  readStore(src, out);
  readHistory(src, out);
  return out;
}

}  // namespace concord::ui
