// Canonical bytes of the whole game (named fields), including every retained Seal record (VC-250, VC-260) and the
// stored Terms paragraph (VC-2000); read_state.cpp reads them back. Written through Writer::Block (issue 30: the Seal
// writes the whole state every turn): the same bytes and, traced, the same field paths as one Writer call per field.
#include <initializer_list>

#include "core/elc/state.h"

namespace concord::elc {

namespace {

using det::Bool, det::U8;

template <class Out>
void writeTrack(Out& w, const TrackState& t) {
  w.vari("progress", t.progress);
  w.vari("threshold", t.threshold);
  w.vari("ratio", t.ratio);
  w.vari("published", t.published);
  w.pack(U8{"vigil", t.vigil}, U8{"band", static_cast<uint8_t>(t.band)}, Bool("eliminated", t.eliminated));
}

template <class Out>
void writeRecord(Out& w, const SealRecordElc& rec) {
  w.begin("seal", rec.turn);
  w.varu("turn", rec.turn);
  w.varu("players", rec.players.size());
  for (const auto& pr : rec.players) {
    w.varu("seat", pr.seat);
    w.vari("standing", pr.standing);
    w.vari("tenure", pr.tenure);
    w.u8("flags", static_cast<uint8_t>((pr.seatless ? 1 : 0) | (pr.broken ? 2 : 0) | (pr.reduced ? 4 : 0)));
    w.varu("tracks", pr.tracks.size());
    for (const auto& tr : pr.tracks) {
      w.u8("track", tr.track);
      w.vari("progress", tr.progress);
      w.vari("threshold", tr.threshold);
      w.vari("ratio", tr.ratio);
      w.pack(U8{"vigil", tr.vigil}, U8{"band", static_cast<uint8_t>(tr.band)});
    }
  }
  w.end();
}

// The config and the map: fixed once setup or read ends.
template <class Out>
void writeSetup(Out& w, const Config& cfg, const World& world) {
  w.bytes("config", encodeConfig(cfg));
  w.begin("world");
  w.pack(U8{"width", static_cast<uint8_t>(world.grid.width)}, U8{"height", static_cast<uint8_t>(world.grid.height)},
         U8{"topology", static_cast<uint8_t>(world.grid.topology)});
  w.varu("cities", world.cities.size());
  uint64_t i = 0;
  for (const auto& c : world.cities) {
    w.begin("site", i++);
    w.varu("tile", static_cast<uint64_t>(c.tile));
    w.str("name", c.name);
    w.pack(U8{"baseWorks", c.baseWorks}, Bool("academy", c.academy));
    w.varu("region", static_cast<uint64_t>(c.region));
    w.vari("landmark", c.landmark);
    w.vari("startOf", c.startOf);
    w.end();
  }
  w.varu("regions", world.regionCapital.size());
  for (size_t r = 0; r < world.regionCapital.size(); ++r) {
    w.varu("capital", static_cast<uint64_t>(world.regionCapital[r]));
    w.varu("size", static_cast<uint64_t>(world.regionSize[r]));
  }
  w.varu("landmarks", world.landmarks.size());
  for (int32_t c : world.landmarks) w.varu("landmark", static_cast<uint64_t>(c));
  w.varu("potentialOutput", static_cast<uint64_t>(world.potentialOutput));
  w.end();
}

size_t recordSize(const SealRecordElc& rec) { return 16 + rec.players.size() * (12 + kTracks * 16); }

}  // namespace

void ElcGame::keepSetupBytes() {
  det::Writer w;
  w.block(256 + world_.cities.size() * 48, [&](auto& b) { writeSetup(b, cfg_, world_); });
  setupBytes_ = w.take();
}

void ElcGame::appendRecord(SealRecordElc rec) {
  det::Writer w;
  w.block(recordSize(rec), [&](auto& b) { writeRecord(b, rec); });
  recordBytes_.insert(recordBytes_.end(), w.data().begin(), w.data().end());
  records_.push_back(std::move(rec));
}

void ElcGame::write(det::Writer& w) const {
  size_t expected = 512 + setupBytes_.size() + terms_.size() + warrants_.size() * 24 + rally_.size() * 16 +
                    units_.size() * 12 + players_.size() * 256 + recordBytes_.size();
  for (const auto& e : chronicle_) expected += 16 + e.text.size();
  // Several blocks, not one: in one lambda this long gcc 12 kept dead copies of the packs' field names on the stack.
  // The first reserves room for all of them.
  w.block(expected, [&](auto& b) {
    if (setupBytes_.empty())  // a game that setup never finished
      writeSetup(b, cfg_, world_);
    else
      b.preEncoded(setupBytes_, [&](auto& fields) { writeSetup(fields, cfg_, world_); });
    b.varu("players", players_.size());
    b.varu("maxTenure", static_cast<uint64_t>(maxTenure_));
    b.str("terms", terms_);
    b.varu("rotations", lit_.size());
    for (size_t r = 0; r < lit_.size(); ++r) {
      b.varu("lit", lit_[r].size());
      for (int32_t k : lit_[r]) b.varu("k", static_cast<uint64_t>(k));
      b.boolean("relaxed", litRelaxed_[r] != 0);
    }
    b.varu("warrants", warrants_.size());
    for (const auto& wr : warrants_) {
      b.begin("warrant", wr.id);
      b.u8("form", static_cast<uint8_t>(wr.form));
      b.varu("city", static_cast<uint64_t>(wr.city));
      b.u8("reward", static_cast<uint8_t>(wr.reward));
      b.varu("announce", wr.announce);
      b.varu("open", wr.open);
      b.boolean("contested", wr.contested);
      b.vari("excluded", wr.excluded);
      b.varu("deadline", wr.deadline);
      b.vari("claimedBy", wr.claimedBy);
      b.boolean("expired", wr.expired);
      if (wr.form == WarrantForm::RegionHold) b.vari("region", wr.region), b.u8("halfHeld", wr.halfHeld);  // VC-1815 only
      b.end();
    }
    b.varu("rallyWarrants", rally_.size());
    for (const auto& rw : rally_) {
      b.begin("rally", rw.id);
      b.varu("holder", static_cast<uint64_t>(rw.holder));
      b.varu("target", static_cast<uint64_t>(rw.target));
      b.varu("leader", static_cast<uint64_t>(rw.leader));
      b.varu("issued", rw.issued);
      b.varu("deadline", rw.deadline);
      b.pack(Bool("claimed", rw.claimed), Bool("expired", rw.expired));
      b.end();
    }
  });
  w.block(0, [&](auto& b) {
    uint64_t city = 0;  // range loops: an index loop re-reads the vector's size after every byte stored
    for (const City& c : cities_) {
      b.begin("city", city++);
      b.vari("owner", c.owner);
      b.varu("integration", static_cast<uint64_t>(c.integration));
      b.vari("yard", c.yard);
      b.varu("garrison", static_cast<uint64_t>(c.garrison));
      b.varu("unsettledThrough", c.unsettledThrough);
      b.end();
    }
    b.varu("units", units_.size());
    for (const auto& u : units_) {
      b.varu("id", u.id);
      b.varu("owner", static_cast<uint64_t>(u.owner));
      b.varu("tile", static_cast<uint64_t>(u.tile));
    }
    b.varu("nextUnitId", nextUnitId_);
    uint64_t s = 0;
    for (const Player& p : players_) {
      b.begin("player", s++);
      b.u8("left", static_cast<uint8_t>(p.left));
      b.varu("leftTurn", p.leftTurn);
      for (const auto& [name, v] : std::initializer_list<std::pair<const char*, int64_t>>{
               {"standing", p.standing}, {"tenure", p.tenure}, {"cities", p.cities}, {"output", p.output},
               {"greatWork", p.greatWork}, {"ascendancy", p.ascendancy}, {"warrantTenure", p.warrantTenure},
               {"peakCities", p.peakCities}, {"peakOutput", p.peakOutput}, {"defianceTotal", p.defianceTotal},
               {"rallyTenure", p.rallyTenure}, {"seatCity", p.seatCity}, {"pendingSeat", p.pendingSeat},
               {"workSite", p.workSite}, {"pendingWorkSite", p.pendingWorkSite}})
        b.vari(name, v);
      b.pack(Bool("seatless", p.seatless), Bool("seatDesignated", p.seatDesignated), Bool("broken", p.broken),
             Bool("reduced", p.reduced), Bool("concede", p.concede), Bool("outOfContention", p.outOfContention));
      for (const auto& [name, v] : std::initializer_list<std::pair<const char*, uint32_t>>{
               {"seatlessSince", p.seatlessSince}, {"workSiteBanThrough", p.workSiteBanThrough}, {"brokenRun", p.brokenRun},
               {"unitsLost", p.unitsLost}, {"defianceCaptures", p.defianceCaptures}, {"placing", p.placing},
               {"bellwetherGraceThrough", p.bellwetherGraceThrough}})
        b.varu(name, v);
      b.vari("vote", p.vote);
      for (uint32_t n : p.capturedFrom) b.varu("capturedFrom", n);
      b.varu("defianceLog", p.defianceLog.size());
      for (auto [t, paid] : p.defianceLog) b.varu("turn", t), b.vari("paid", paid);
      b.varu("bellwethers", p.bellwethers.size());
      for (int32_t c : p.bellwethers) b.varu("city", static_cast<uint64_t>(c));
      for (int i = 0; i < kTracks; ++i) {
        b.begin("track", static_cast<uint64_t>(i));
        writeTrack(b, p.tracks[i]);
        b.end();
      }
      b.end();
    }
    b.varu("captures", captures_.size());
    for (const auto& c : captures_)
      b.varu("city", static_cast<uint64_t>(c.city)), b.vari("from", c.from), b.varu("to", static_cast<uint64_t>(c.to));
  });
  w.block(0, [&](auto& b) {
    b.varu("sealRecords", records_.size());  // VC-260: the Seal records are in the hash
    b.preEncoded(recordBytes_, [&](auto& fields) {
      for (const auto& rec : records_) writeRecord(fields, rec);
    });
  });
  w.block(0, [&](auto& b) {
    b.varu("chronicle", chronicle_.size());
    for (const auto& e : chronicle_) {
      b.varu("turn", e.turn);
      b.u8("class", static_cast<uint8_t>(e.cls));
      b.str("text", e.text);
      b.boolean("readout", e.readout);
      b.u32("visible", e.visibleMask);
    }
    b.varu("turn", turn_);
    b.boolean("over", over_);
    b.vari("winner", winner_);
    b.str("route", route_);
    b.varu("hTrue", hTrue_);
    b.vari("decidedFor", decidedFor_);
    b.varu("decidedAt", decidedAt_);
    b.vari("standingLeader", standingLeader_);
    b.varu("leadSeals", leadSeals_);
    b.vari("verdictLeader", verdictLeader_);
    b.varu("verdictResolveAt", verdictResolveAt_);
    b.varu("verdictCooldownThrough", verdictCooldownThrough_);
    if (cfg_.usesV3()) writeV3(b);  // §10 and teams: absent from a v2 game's bytes, so its hash is unchanged
  });
}

// The v3 state (§10 Charters, Sealed Orders and Ambition), appended to the game's bytes only when the configuration
// uses them (VC-260: the hash covers them; v2 games keep their exact bytes).
template <class Out>
void ElcGame::writeV3(Out& w) const {
  w.begin("objectives");
  for (size_t s = 0; s < players_.size(); ++s) {
    const Player& p = players_[s];
    w.begin("player", s);
    w.pack(U8{"charter", static_cast<uint8_t>(p.charter)}, U8{"orderShortfall", p.orderShortfall});
    w.varu("orders", p.sealedOrders.size());
    for (const auto& o : p.sealedOrders) {
      w.u8("form", static_cast<uint8_t>(o.form));
      w.vari("subject", o.subject);
      w.vari("progress", o.progress);
      w.pack(Bool("revealed", o.revealed), Bool("done", o.done));
    }
    w.vari("ambition", p.ambition);
    w.vari("ambitionPending", p.ambitionPending);
    w.end();
  }
  w.end();
  if (cfg_.teams()) writeTeams(w);  // VC-1580: who has left their team
}

template <class Out>
void ElcGame::writeTeams(Out& w) const {
  w.begin("teams");
  for (size_t s = 0; s < players_.size(); ++s) w.boolean("leftTeam", players_[s].leftTeam);
  w.end();
}

}  // namespace concord::elc
