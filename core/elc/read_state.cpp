// Strict reader of the canonical bytes of the whole game (serialize.cpp writes them): every count bounded, every value
// ranged (VC-250, VC-260, VC-2000).
#include <initializer_list>

#include "core/elc/state.h"

namespace concord::elc {

namespace {

constexpr uint64_t kMaxTurns = 4000, kMaxChronicle = 1'000'000;

void readTrack(det::Reader& r, TrackState& t) {
  t.progress = r.vari("progress");
  t.threshold = r.vari("threshold");
  t.ratio = r.vari("ratio");
  t.published = r.vari("published");
  t.vigil = r.u8("vigil");
  t.band = static_cast<Band>(r.u8("band"));
  if (static_cast<int>(t.band) > 2) r.fail("band", "must be Rumour, Report or Alarm");
  t.eliminated = r.boolean("eliminated");
}

}  // namespace

Result<void> ElcGame::read(det::Reader& r) {
  ElcGame g;
  auto cfgBytes = r.bytes("config", 4096);
  auto c = decodeConfig(cfgBytes);
  if (!c) return Err("elc state: ", c.message());
  g.cfg_ = *c;
  World& w = g.world_;
  w.grid.width = r.u8("width");
  w.grid.height = r.u8("height");
  w.grid.topology = static_cast<Topology>(r.u8("topology"));
  if (w.grid.width != g.cfg_.width || w.grid.height != g.cfg_.height || w.grid.topology != g.cfg_.topology)
    r.fail("world", "map does not match its config");
  const uint64_t nc = r.count("cities", 256, 6);
  const int32_t tiles = w.grid.tiles();
  for (uint64_t i = 0; i < nc && r.ok(); ++i) {
    CitySite s;
    s.tile = static_cast<int32_t>(r.varu("tile", static_cast<uint64_t>(tiles - 1)));
    s.name = r.str("name", 32);
    s.baseWorks = r.u8("baseWorks");
    s.academy = r.boolean("academy");
    s.region = static_cast<int32_t>(r.varu("region", 31));
    s.landmark = static_cast<int32_t>(r.vari("landmark", -1, 10));
    s.startOf = static_cast<int32_t>(r.vari("startOf", -1, 7));
    w.cities.push_back(std::move(s));
  }
  const uint64_t nr = r.count("regions", 32, 2);
  for (uint64_t i = 0; i < nr && r.ok(); ++i) {
    w.regionCapital.push_back(static_cast<int32_t>(r.varu("capital", nc - 1)));
    w.regionSize.push_back(static_cast<int32_t>(r.varu("size", nc)));
  }
  const uint64_t nl = r.count("landmarks", 11, 1);
  for (uint64_t i = 0; i < nl && r.ok(); ++i) w.landmarks.push_back(static_cast<int32_t>(r.varu("landmark", nc - 1)));
  w.potentialOutput = static_cast<int64_t>(r.varu("potentialOutput", 1'000'000));
  for (const auto& s : w.cities)
    if (static_cast<uint64_t>(s.region) >= nr) r.fail("region", "names no Region");
  const uint64_t np = r.varu("players", 8);
  if (np < 2) r.fail("players", "needs 2..8");
  g.maxTenure_ = static_cast<int64_t>(r.varu("maxTenure", 1'000'000));
  g.terms_ = r.str("terms", 4096);
  const uint64_t rot = r.count("rotations", kMaxTurns, 2);
  for (uint64_t i = 0; i < rot && r.ok(); ++i) {
    std::vector<int32_t> lit;
    const uint64_t k = r.count("lit", nl, 1);
    for (uint64_t j = 0; j < k; ++j) lit.push_back(static_cast<int32_t>(r.varu("k", nl ? nl - 1 : 0)));
    g.lit_.push_back(std::move(lit));
    g.litRelaxed_.push_back(r.boolean("relaxed") ? 1 : 0);
  }
  const uint64_t nw = r.count("warrants", kMaxTurns * 3, 8);
  for (uint64_t i = 0; i < nw && r.ok(); ++i) {
    Warrant wr;
    wr.id = static_cast<uint32_t>(i + 1);
    wr.form = static_cast<WarrantForm>(r.u8("form"));
    wr.city = static_cast<int32_t>(r.varu("city", nc ? nc - 1 : 0));
    wr.reward = static_cast<Reward>(r.u8("reward"));
    if (static_cast<int>(wr.form) > 3 || static_cast<int>(wr.reward) > 2) r.fail("warrant", "names no form or reward (VC-1810, VC-1860)");
    wr.announce = static_cast<uint32_t>(r.varu("announce", kMaxTurns));
    wr.open = static_cast<uint32_t>(r.varu("open", kMaxTurns));
    wr.contested = r.boolean("contested");
    wr.excluded = static_cast<int32_t>(r.vari("excluded", -1, 7));
    wr.deadline = static_cast<uint32_t>(r.varu("deadline", kMaxTurns));
    wr.claimedBy = static_cast<int32_t>(r.vari("claimedBy", -1, 7));
    wr.expired = r.boolean("expired");
    if (wr.form == WarrantForm::RegionHold) {
      wr.region = static_cast<int32_t>(r.vari("region", 0, 31));
      wr.halfHeld = r.u8("halfHeld");
      if (wr.region >= static_cast<int32_t>(g.world_.regionSize.size())) r.fail("warrant", "names no Region (VC-1815)");
    }
    g.warrants_.push_back(wr);
  }
  const uint64_t nrw = r.count("rallyWarrants", kMaxTurns, 8);
  for (uint64_t i = 0; i < nrw && r.ok(); ++i) {
    RallyWarrant rw;
    rw.id = static_cast<uint32_t>(i + 1);
    rw.holder = static_cast<int32_t>(r.varu("holder", np ? np - 1 : 0));
    rw.target = static_cast<int32_t>(r.varu("target", nc ? nc - 1 : 0));
    rw.leader = static_cast<int32_t>(r.varu("leader", np ? np - 1 : 0));
    rw.issued = static_cast<uint32_t>(r.varu("issued", kMaxTurns));
    rw.deadline = static_cast<uint32_t>(r.varu("deadline", kMaxTurns * 2));
    rw.claimed = r.boolean("claimed");
    rw.expired = r.boolean("expired");
    g.rally_.push_back(rw);
  }
  for (uint64_t i = 0; i < nc && r.ok(); ++i) {
    City city;
    city.owner = static_cast<int32_t>(r.vari("owner", -1, static_cast<int64_t>(np) - 1));
    city.integration = static_cast<int32_t>(r.varu("integration", 100));
    city.yard = r.vari("yard", 0, INT32_MAX);
    city.garrison = static_cast<int32_t>(r.varu("garrison", 64));
    city.unsettledThrough = static_cast<uint32_t>(r.varu("unsettledThrough", kMaxTurns));
    g.cities_.push_back(city);
  }
  const uint64_t nu = r.count("units", kUnitCap * 8 + 8, 3);
  for (uint64_t i = 0; i < nu && r.ok(); ++i) {
    Unit u;
    u.id = static_cast<uint32_t>(r.varu("id", UINT32_MAX));
    u.owner = static_cast<int32_t>(r.varu("owner", np - 1));
    u.tile = static_cast<int32_t>(r.varu("tile", static_cast<uint64_t>(tiles - 1)));
    if (!g.units_.empty() && u.id <= g.units_.back().id) r.fail("units", "ids must ascend (VC-180)");
    g.units_.push_back(u);
  }
  g.nextUnitId_ = static_cast<uint32_t>(r.varu("nextUnitId", UINT32_MAX));
  g.players_.assign(np, Player{});
  for (uint64_t s = 0; s < np && r.ok(); ++s) {
    Player& p = g.players_[s];
    p.left = static_cast<Left>(r.u8("left"));
    if (static_cast<int>(p.left) > 2) r.fail("left", "must be Live, Capitulated or Conceded");
    p.leftTurn = static_cast<uint32_t>(r.varu("leftTurn", kMaxTurns));
    for (int64_t* v : {&p.standing, &p.tenure, &p.cities, &p.output, &p.greatWork, &p.ascendancy, &p.warrantTenure, &p.peakCities, &p.peakOutput, &p.defianceTotal, &p.rallyTenure}) {
      *v = r.vari("value", 0, INT64_MAX / 4);
    }
    for (int32_t* v : {&p.seatCity, &p.pendingSeat, &p.workSite, &p.pendingWorkSite})
      *v = static_cast<int32_t>(r.vari("city", -1, static_cast<int64_t>(nc) - 1));
    for (bool* v : {&p.seatless, &p.seatDesignated, &p.broken, &p.reduced, &p.concede, &p.outOfContention}) *v = r.boolean("flag");
    for (uint32_t* v : {&p.seatlessSince, &p.workSiteBanThrough, &p.brokenRun, &p.unitsLost, &p.defianceCaptures, &p.placing, &p.bellwetherGraceThrough})
      *v = static_cast<uint32_t>(r.varu("count", UINT32_MAX));
    p.vote = static_cast<int8_t>(r.vari("vote", -1, 1));
    for (uint64_t q = 0; q < np; ++q) p.capturedFrom.push_back(static_cast<uint32_t>(r.varu("capturedFrom", UINT32_MAX)));
    const uint64_t nd = r.count("defianceLog", kMaxTurns, 2);
    for (uint64_t i = 0; i < nd; ++i) {
      uint32_t t = static_cast<uint32_t>(r.varu("turn", kMaxTurns));
      p.defianceLog.push_back({t, r.vari("paid", 0, 600)});
    }
    const uint64_t nb = r.count("bellwethers", 8, 1);
    for (uint64_t i = 0; i < nb; ++i) p.bellwethers.push_back(static_cast<int32_t>(r.varu("city", nc - 1)));
    for (int i = 0; i < kTracks; ++i) readTrack(r, p.tracks[i]);
  }
  const uint64_t ncap = r.count("captures", 256, 3);
  for (uint64_t i = 0; i < ncap; ++i) {
    Capture cp;
    cp.city = static_cast<int32_t>(r.varu("city", nc - 1));
    cp.from = static_cast<int32_t>(r.vari("from", -1, static_cast<int64_t>(np) - 1));
    cp.to = static_cast<int32_t>(r.varu("to", np - 1));
    g.captures_.push_back(cp);
  }
  const uint64_t nrec = r.count("sealRecords", kMaxTurns, 2);
  for (uint64_t i = 0; i < nrec && r.ok(); ++i) {
    SealRecordElc rec;
    rec.turn = static_cast<uint32_t>(r.varu("turn", kMaxTurns));
    const uint64_t n = r.count("players", np, 4);
    for (uint64_t k = 0; k < n && r.ok(); ++k) {
      PlayerRecord pr;
      pr.seat = static_cast<Seat>(r.varu("seat", np - 1));
      pr.standing = r.vari("standing");
      pr.tenure = r.vari("tenure");
      uint8_t f = r.u8("flags");
      if (f > 7) r.fail("flags", "unknown flag bits");
      pr.seatless = f & 1, pr.broken = f & 2, pr.reduced = f & 4;
      const uint64_t nt = r.count("tracks", kTracks, 6);
      for (uint64_t j = 0; j < nt; ++j) {
        TrackRecord tr;
        tr.track = r.u8("track");
        if (tr.track >= kTracks) r.fail("track", "names no Track (VC-880)");
        tr.progress = r.vari("progress");
        tr.threshold = r.vari("threshold");
        tr.ratio = r.vari("ratio");
        tr.vigil = r.u8("vigil");
        tr.band = static_cast<Band>(r.u8("band"));
        if (static_cast<int>(tr.band) > 2) r.fail("band", "must be Rumour, Report or Alarm");
        pr.tracks.push_back(tr);
      }
      rec.players.push_back(std::move(pr));
    }
    g.appendRecord(std::move(rec));
  }
  const uint64_t nch = r.count("chronicle", kMaxChronicle, 8);
  for (uint64_t i = 0; i < nch && r.ok(); ++i) {
    ChronEntry e;
    e.turn = static_cast<uint32_t>(r.varu("turn", kMaxTurns));
    e.cls = static_cast<Chron>(r.u8("class"));
    if (static_cast<int>(e.cls) >= kChronClasses) r.fail("class", "names no Chronicle class (VC-2430)");
    e.text = r.str("text", 512);
    e.readout = r.boolean("readout");
    e.visibleMask = r.u32("visible");
    g.chronicle_.push_back(std::move(e));
  }
  g.turn_ = static_cast<uint32_t>(r.varu("turn", kMaxTurns));
  g.over_ = r.boolean("over");
  g.winner_ = static_cast<int32_t>(r.vari("winner", -1, static_cast<int64_t>(np) - 1));
  g.route_ = r.str("route", 64);
  g.hTrue_ = static_cast<uint32_t>(r.varu("hTrue", kMaxTurns));
  g.decidedFor_ = static_cast<int32_t>(r.vari("decidedFor", -1, static_cast<int64_t>(np) - 1));
  g.decidedAt_ = static_cast<uint32_t>(r.varu("decidedAt", kMaxTurns));
  g.standingLeader_ = static_cast<int32_t>(r.vari("standingLeader", -1, static_cast<int64_t>(np) - 1));
  g.leadSeals_ = static_cast<uint32_t>(r.varu("leadSeals", kMaxTurns));
  g.verdictLeader_ = static_cast<int32_t>(r.vari("verdictLeader", -1, static_cast<int64_t>(np) - 1));
  g.verdictResolveAt_ = static_cast<uint32_t>(r.varu("verdictResolveAt", kMaxTurns));
  g.verdictCooldownThrough_ = static_cast<uint32_t>(r.varu("verdictCooldownThrough", kMaxTurns));
  if (r.ok() && g.cfg_.usesV3())
    if (auto v3 = g.readV3(r); !v3) return v3;
  if (auto st = r.status(); !st) return Err("elc state: ", st.message());
  g.version_ = version_;
  g.keepSetupBytes();
  g.facts_ = MapFacts{static_cast<int64_t>(nc), static_cast<int64_t>(nl), static_cast<int64_t>(nr), static_cast<int64_t>(np),
                      w.potentialOutput};
  *this = std::move(g);
  return Ok();
}

}  // namespace concord::elc
