// `tei ledger DIR` (issue 11 point 4, issue 30): every replay in a folder verified, one copy of each deal rated, in
// ascending game id order, then the boards.
#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "table/tei_store/deal_copies.h"
#include "table/tei_store/replay_match.h"

namespace concord::tei {

namespace {

bool startsWithMagic(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::array<char, 8> b{};
  if (!in.read(b.data(), static_cast<std::streamsize>(b.size()))) return false;
  return std::equal(b.begin(), b.end(), replay::kMagic.begin(),
                    [](char c, uint8_t m) { return static_cast<uint8_t>(c) == m; });
}

std::string boardText(TeiStore& store, const BucketKey& key, Result<void>& err) {
  auto rows = store.leaderboard(key, BoardSort::TeiPath);
  if (!rows) {
    err = rows.error();
    return {};
  }
  if (rows->empty()) return {};
  std::string s = "board " + key.str() + "\n";
  auto ranks = boardRanks(*rows, BoardSort::TeiPath);
  for (size_t i = 0; i < rows->size(); ++i) {
    const auto& r = (*rows)[i];
    char buf[512];
    std::snprintf(buf, sizeof buf, "%4lld  %s  %-4s  matches %lld  wins %lld  mu %.17g  sigma %.17g\n",
                  static_cast<long long>(ranks[i]), r.playerId.c_str(), r.rating.grade().formatted().c_str(),
                  static_cast<long long>(r.rating.matches), static_cast<long long>(r.wins), r.rating.mu,
                  r.rating.sigma);
    s += buf;
  }
  return s;
}

}  // namespace

Result<Ledger> buildLedger(TeiStore& store, const std::string& dir, const ReplayMatchOptions& options) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Err(dir, " is not a directory");
  std::vector<fs::path> files;
  Ledger led;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const auto& p = it->path();
    if (p.filename().string().starts_with(".") || !it->is_regular_file(ec)) continue;
    if (startsWithMagic(p)) files.push_back(p);
    else ++led.ignoredFiles;
  }
  if (ec) return Err("cannot list ", dir, ": ", ec.message());
  std::sort(files.begin(), files.end());  // only so error messages are stable; the order is by game id

  // Verify every replay before writing anything.
  std::map<std::string, ReplayMatch> games;  // game id hex → the chosen copy
  for (const auto& f : files) {
    auto m = matchFromReplay(f.string(), options);
    if (!m) return Err("ledger refused: ", m.message());
    ++led.replays;
    auto [it, fresh] = games.emplace(m->gameIdHex, *m);
    if (fresh) continue;
    ++led.duplicates;
    const auto& cur = it->second;
    if (m->turns > cur.turns || (m->turns == cur.turns && m->report.finalSeal.hex() < cur.report.finalSeal.hex()))
      it->second = std::move(*m);
  }

  // One deal, several finished games (a replay signed again): one copy is rated, or none (deal_copies.h: issue 30).
  std::map<std::string, std::vector<const ReplayMatch*>> deals;
  for (const auto& [id, m] : games)
    if (!m.record.dealId.empty() && m.record.completed) deals[m.record.dealId].push_back(&m);
  std::map<std::string, std::string> notRated, keptWhy;  // game id → why
  for (const auto& [deal, copies] : deals) {
    if (copies.size() < 2) continue;
    auto choice = chooseDealCopy(copies, options.charters);
    if (choice.kept) keptWhy[choice.kept->gameIdHex] = choice.keptWhy;
    for (const auto& [c, why] : choice.dropped) notRated[c->gameIdHex] = why;
  }
  std::string& t = led.text;
  t += "TEI ledger: " + std::to_string(games.size()) + " games, applied in ascending game id order\n";
  for (auto& [id, m] : games) {
    if (auto it = notRated.find(id); it != notRated.end()) {
      t += "game " + id + " not rated: " + it->second + "\n";
      continue;
    }
    if (auto it = keptWhy.find(id); it != keptWhy.end()) t += "game " + id + " is the copy of its deal rated: " + it->second + "\n";
    if (!m.record.completed) {  // issue 11 point 1: not a result; its id stays free for the finished copy
      t += "game " + id + " not rated: unfinished (not a result; nothing recorded)\n";
      continue;
    }
    auto o = store.applyMatch(m.record);
    if (!o) return Err("ledger: game ", id, ": ", o.message());
    const auto& el = o->plan.eligibility;
    if (o->alreadyApplied) t += "game " + id + " already applied\n";
    else if (!el.eligible()) t += "game " + id + " not rated: " + el.summary() + "\n";
    else if (!m.record.violations.empty()) {  // issue 26: void for the others, the charged seats' losses
      ++led.rated;
      t += "game " + id + " voided (hidden-hand violation: " + violationsText(m.record) + "; " +
           std::to_string(o->plan.voided.size()) + " voided, " + std::to_string(o->plan.writes.size()) + " penalty writes)\n";
    }
    else {
      ++led.rated;
      t += "game " + id + " rated (" + std::string(contextName(el.context)) + ", " + std::to_string(o->plan.writes.size()) +
           " writes)\n";
    }
  }
  std::set<std::string> charters;  // crew ladders in this folder, in id order (TEI §3.4)
  for (const auto& [id, m] : games)
    if (!m.record.charterId.empty()) charters.insert(m.record.charterId);
  Result<void> err = Ok();
  for (Track tr : {Track::Points, Track::GoOut}) {
    std::vector<BucketKey> keys;
    BucketKey k;
    k.track = tr;
    k.kind = BucketKey::Kind::Human;
    keys.push_back(k);
    k.kind = BucketKey::Kind::Squad;
    keys.push_back(k);
    for (SkillKey sk : {SkillKey::Ensign, SkillKey::Lieutenant, SkillKey::Commander}) {
      k.kind = BucketKey::Kind::LocalAi;
      k.skill = sk;
      keys.push_back(k);
    }
    for (const auto& c : charters) {
      BucketKey g;
      g.kind = BucketKey::Kind::Group;
      g.track = tr;
      g.charterId = c;
      keys.push_back(g);
    }
    for (const auto& key : keys) {
      t += boardText(store, key, err);
      if (!err) return err.error();
    }
  }
  return led;
}

}  // namespace concord::tei
