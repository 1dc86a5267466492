// Writes small seed inputs for the fuzz corpora: fuzz/make_seeds OUT_DIR (creates OUT_DIR/{bundle,reader,replay,wire,net_packet,mesh,invite_code,deck}/..., the layout tools/test.sh expects).
// Seeds are valid encodings (bundles, sessions, replays, blocks) so fuzzing starts from deep inside.
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/deck/masked_deck.h"
#include "core/det/writer.h"
#include "lockstep/bundle.h"
#include "lockstep/wire.h"
#include "net/comms.h"
#include "net/invite_code.h"
#include "net/lan.h"
#include "net/lobby_msg.h"
#include "net/mesh_msg.h"
#include "net/secure_channel.h"
#include "table/record_bots.h"
#include "replay/salvage.h"
#include "replay/turn_block.h"
#include "replay/writer.h"

using namespace concord;
namespace fs = std::filesystem;

namespace {
void put(const fs::path& dir, const std::string& name, uint8_t mode, const std::vector<uint8_t>& bytes, bool withMode) {
  fs::create_directories(dir);
  std::ofstream out(dir / name, std::ios::binary | std::ios::trunc);
  if (withMode) out.put(static_cast<char>(mode));
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}
// The masked deck (fuzz_deck): items as a kind byte (0 KeyProof, 1 Share, 2 Cipher) and the item's encoding. A
// key proof, a cipher and a share that verifies against both; a shuffled deck's ciphers; one share alone.
void deckSeeds(const fs::path& dir) {
  using namespace concord::deck;
  std::array<uint8_t, 32> k0{}, k1{};
  k0.fill(11);
  k1.fill(22);
  const Scalar x0 = deriveScalar(k0, "key", 1, 0), x1 = deriveScalar(k1, "key", 1, 1);
  Context ctx;
  ctx.gameId.fill(7);  // fuzz_deck's context: a share seed verifies there
  ctx.epoch = 1;
  ctx.purpose = static_cast<uint8_t>(Purpose::Key);
  const KeyProof kp = proveKey(x0, ctx);
  const Point keys[2] = {kp.X, publicKey(x1)};
  const Point H = jointKey(keys);
  const uint16_t tiles[4] = {0, 1, 2, 189};
  const auto deck = remask(remask(openDeck(tiles, H), H, k0, 1), H, k1, 1);
  ctx.purpose = static_cast<uint8_t>(Purpose::Share);
  ctx.position = 2;
  const Share sh = makeShare(x0, deck[2], ctx);
  det::Writer w;
  w.u8("kind", 0);
  writeKeyProof(w, kp);
  put(dir, "key_proof", 0, std::vector<uint8_t>(w.data().begin(), w.data().end()), false);
  w.u8("kind", 2);
  writeCipher(w, deck[2]);
  w.u8("kind", 1);
  writeShare(w, sh);
  put(dir, "key_cipher_share", 0, w.take(), false);
  for (const auto& c : deck) {
    w.u8("kind", 2);
    writeCipher(w, c);
  }
  put(dir, "ciphers", 0, w.take(), false);
  w.u8("kind", 1);
  writeShare(w, sh);
  put(dir, "share", 0, w.take(), false);
}
std::vector<uint8_t> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  fs::path root = argv[1];
  // Bundles.
  lockstep::Bundle b;
  b.gameId = det::Hash128{1, 2};
  b.turn = 7;
  b.seat = 2;
  b.orders = {Order{1, {5}}, Order{2, {}}};
  b.signWith(lockstep::KeyPair::fromLabel("seed"));
  put(root / "bundle", "bundle_two_orders", 0, b.encode(), false);
  b.orders.clear();
  put(root / "bundle", "bundle_empty", 0, b.encode(), false);
  // Wire messages.
  put(root / "wire", "bundle_msg", 0, lockstep::encodeWire(lockstep::BundleMsg{b}), false);
  put(root / "wire", "bundle_request", 0, lockstep::encodeWire(lockstep::BundleRequest{12, 1}), false);
  put(root / "wire", "state_dump", 0,
      lockstep::encodeWire(lockstep::StateDump{5, det::Hash128{9, 9}, {0, 2}, {1, 2, 3, 4}}), false);
  put(root / "wire", "snapshot", 0, lockstep::encodeWire(lockstep::Snapshot{6, {7, 7, 7}, {b}, {b, b}}), false);
  put(root / "wire", "reclaim", 0,
      lockstep::encodeWire(lockstep::ReclaimRequest{1, 9, det::Hash128{1, 1}, Order{0xFF02, {1, 9}}}), false);
  put(root / "wire", "deciding", 0, lockstep::encodeWire(lockstep::Deciding{14, 2}), false);
  // Sessions and primitives.
  auto session = table::makeBotSession("shed", {{"hands", "2"}}, 3, "seed").value();
  det::Writer w;
  session.write(w);
  put(root / "reader", "session", 1, w.take(), true);
  put(root / "reader", "primitives", 0, {4, 0x85, 0x01, 6, 3, 'a', 'b', 'c', 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, true);
  // Replays: a closed one, a crashed one (no trailer), and the structured/block forms.
  std::string tmp = (fs::temp_directory_path() / "concord_seed.ccr").string();
  table::RecordOptions opt;
  opt.writer = {8, 8};
  opt.maxTurns = 20;
  (void)table::recordBotGame(tmp, session, table::botSessionKeys("seed", 3), opt);
  put(root / "replay", "replay_closed", 0, slurp(tmp), true);
  opt.close = false;
  opt.maxTurns = 10;
  (void)table::recordBotGame(tmp, session, table::botSessionKeys("seed", 3), opt);
  put(root / "replay", "replay_crashed", 0, slurp(tmp), true);
  replay::TurnBlock blk;
  replay::TurnRecord t;
  t.ordersBySeat = {{Order{1, {3}}}, {}, {}};
  blk.turns = {t, t};
  blk.signatures.resize(3);
  auto raw = replay::encodeBlock(blk, replay::sealTagBytes(replay::kFormatVersion));
  std::vector<uint8_t> direct{static_cast<uint8_t>(2 + 16 * 2)};  // 2 turns, 3 seats
  direct.insert(direct.end(), raw.begin(), raw.end());
  put(root / "replay", "block_direct", 2, direct, true);
  std::vector<uint8_t> framed{1, static_cast<uint8_t>(raw.size() & 0xFF), static_cast<uint8_t>(raw.size() >> 8)};
  framed.insert(framed.end(), raw.begin(), raw.end());  // one Turns frame of 1 turn... (ctl 1 -> count 1)
  put(root / "replay", "structured_block", 1, framed, true);
  // A replay (format 2) with signed comms frames beside the orders, and a comms payload for the direct decoder.
  auto keys = table::botSessionKeys("seed", 3);
  auto commsAt = [&](uint32_t t) {
    std::vector<replay::CommsEntry> out;
    if (t % 4 != 0) return out;
    auto m = net::makeComms(keys[t % 3], keys[0].publicKey, t + 1, net::CommsKind::Hail, 401, 0, "");
    out.push_back({t, static_cast<Seat>(t % 3), net::commsSignedBytes(m), m.sig});
    return out;
  };
  opt.close = true;
  opt.maxTurns = 12;
  (void)table::recordBotGame(tmp, session, keys, opt, commsAt);
  put(root / "replay", "replay_comms", 0, slurp(tmp), true);
  put(root / "replay", "comms_direct", 3, replay::encodeComms(commsAt(4)), true);
  // Issue 30 (format 4): a replay with one damaged frame before a snapshot (a hole the reader resumes after), and its
  // salvage (a Gap frame, then the snapshot that picks the game up).
  opt.maxTurns = 40;
  (void)table::recordBotGame(tmp, session, keys, opt);
  auto holed = slurp(tmp);
  if (auto r = replay::ReplayReader::fromBytes(holed); r.ok() && r->frames().size() > 4)
    holed[static_cast<size_t>(r->frames()[4].offset + r->frames()[4].size / 2)] ^= 0x5A;
  put(root / "replay", "replay_hole", 0, holed, true);
  std::ofstream(tmp, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(holed.data()), static_cast<std::streamsize>(holed.size()));
  const std::string salvaged = tmp + ".salvaged";
  (void)replay::salvageReplay(tmp, salvaged);
  put(root / "replay", "replay_salvaged", 0, slurp(salvaged), true);
  std::remove(salvaged.c_str());
  std::remove(tmp.c_str());
  // Net packets (fuzz_net_packet: first byte picks the decoder).
  const auto ka = lockstep::KeyPair::fromLabel("seed:a");
  net::SecureChannel ch(ka);
  put(root / "net_packet", "hello", 0, ch.hello(), true);
  put(root / "net_packet", "data", 1, std::vector<uint8_t>(40, 7), true);
  put(root / "net_packet", "lobby_join", 2, net::encodeLobby(net::JoinMsg{"captain", 7000}), true);
  net::LobbyMsg lm;
  lm.session = session;
  lm.seats = {{net::SeatKind::Human, "host", ka.publicKey, true, "", 7000}, {net::SeatKind::Open, "", {}, false, "", 0},
              {net::SeatKind::Ai, "bot", {}, true, "", 0}};
  put(root / "net_packet", "lobby_state", 2, net::encodeLobby(lm), true);
  put(root / "net_packet", "lobby_commits", 7, net::encodeLobby(net::CommitsMsg{{net::Nonce{}, net::Nonce{}}}), true);
  put(root / "net_packet", "lobby_refuse", 12, net::encodeLobby(net::RefuseMsg{"table full"}), true);
  put(root / "net_packet", "comms_hail", 3,
      net::encodeComms(net::makeComms(ka, ka.publicKey, 1, net::CommsKind::Hail, 401, 0, "")), true);
  put(root / "net_packet", "comms_dm", 3,
      net::encodeComms(net::makeComms(ka, ka.publicKey, 2, net::CommsKind::Direct, 0, 2, "psst")), true);
  net::LanAnnounce an{"host", "shed", det::Hash128{3, 4}, 4, 3, true, false, 7000, {}, {}};  // a lobby: no game yet
  put(root / "net_packet", "announce", 4, net::encodeAnnounce(an), true);
  // Mesh plane (fuzz_mesh: even first byte a mesh message, odd a relayed packet).
  const auto kb = lockstep::KeyPair::fromLabel("seed:b");
  net::LinkReport rep{{{ka.publicKey, 41, false, {"203.0.113.7", 29001}}, {kb.publicKey, 90, true, {"2001:db8::7", 29002}}}};
  put(root / "mesh", "report", 0, net::encodeMesh(rep), true);
  put(root / "mesh", "relay_to", 2, net::encodeMesh(net::RelayTo{kb.publicKey, true, ch.hello()}), true);
  put(root / "mesh", "relay_from", 4, net::encodeMesh(net::RelayFrom{ka.publicKey, false, std::vector<uint8_t>(40, 7)}), true);
  put(root / "mesh", "relayed_hello", 1, ch.hello(), true);
  put(root / "mesh", "relayed_data", 3, std::vector<uint8_t>(60, 9), true);
  // Invite codes (fuzz_invite_code: the text as typed): IPv4 + LAN, IPv6 with its own port, a typo, lower case.
  net::Invite inv;
  inv.addresses = {*net::InviteAddress::parse("203.0.113.7", 27960), *net::InviteAddress::parse("192.168.1.20", 27960)};
  inv.host = net::hostFingerprint(ka.publicKey);
  inv.secret.fill(5);
  const std::string code = *net::encodeInvite(inv);
  auto text = [](const std::string& s) { return std::vector<uint8_t>(s.begin(), s.end()); };
  put(root / "invite_code", "ipv4", 0, text(code), false);
  inv.addresses.push_back(*net::InviteAddress::parse("2001:db8::42", 40000));
  put(root / "invite_code", "ipv6", 0, text(*net::encodeInvite(inv)), false);
  std::string typo = code;
  typo[3] = typo[3] == 'A' ? 'B' : 'A';
  put(root / "invite_code", "typo", 0, text(typo), false);
  std::string lower;
  for (char c : code) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  put(root / "invite_code", "lower", 0, text(lower), false);
  put(root / "invite_code", "binary", 0, *net::inviteBytes(inv), false);  // the layout under the text
  deckSeeds(root / "deck");
  std::printf("seeds written under %s\n", root.c_str());
  return 0;
}
