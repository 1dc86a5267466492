#include "replay/format.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "core/det/hash.h"
#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/game/registry.h"

namespace concord::replay {

namespace {

void putLE(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

uint64_t getLE(std::span<const uint8_t> b, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<uint64_t>(b[at + static_cast<size_t>(i)]) << (8 * i);
  return v;
}

uint64_t check64(std::span<const uint8_t> b) { return det::hash64(b.data(), b.size(), 0x434f4e43u); }

}  // namespace

std::vector<uint8_t> encodeHeader(const Header& h) {
  det::Writer w;
  w.str("engineVersion", h.engineVersion);
  w.varu("blockTurns", h.blockTurns);
  w.varu("snapshotEvery", h.snapshotEvery);
  h.session.write(w);
  std::vector<uint8_t> out(kMagic.begin(), kMagic.end());
  putLE(out, h.formatVersion, 2);
  putLE(out, w.size(), 4);
  out.insert(out.end(), w.data().begin(), w.data().end());
  // From format 3 the checksum covers the preamble too, so a flipped version byte is caught (it no longer
  // names another readable format: 3 only added meaning to orders).
  putLE(out, h.formatVersion >= 3 ? check64(out) : check64(w.data()), 8);
  return out;
}

Result<Header> decodeHeader(std::span<const uint8_t> file, size_t& consumed) {
  if (file.size() < kMagic.size() || !std::equal(kMagic.begin(), kMagic.end(), file.begin()))
    return Err(file.size() < kMagic.size() ? "file too short to be a Concord replay"
                                           : "not a Concord replay (bad magic; expected \"CONCORDR\")");
  if (file.size() < kPreambleSize) return Err("replay truncated inside its header (", file.size(), " bytes)");
  Header h;
  h.formatVersion = static_cast<uint16_t>(getLE(file, 8, 2));
  if (h.formatVersion < kMinFormatVersion || h.formatVersion > kFormatVersion)
    return Err("replay format version ", h.formatVersion, " is not supported: this build reads format versions ",
               kMinFormatVersion, "..", kFormatVersion, " (open it with a Concord build that writes format ",
               h.formatVersion, ")");
  uint64_t len = getLE(file, 10, 4);
  if (len > kMaxHeaderBytes) return Err("replay header claims ", len, " bytes (corrupt header length)");
  if (file.size() < kPreambleSize + len + 8)
    return Err("replay truncated inside its header (", file.size(), " of ", kPreambleSize + len + 8, " bytes)");
  auto body = file.subspan(kPreambleSize, static_cast<size_t>(len));
  const auto covered = h.formatVersion >= 3 ? file.first(kPreambleSize + static_cast<size_t>(len)) : body;
  if (check64(covered) != getLE(file, kPreambleSize + static_cast<size_t>(len), 8))
    return Err("replay header is corrupt (checksum mismatch)");
  det::Reader r(body, "replay header");
  h.engineVersion = r.str("engineVersion", 64);
  h.blockTurns = static_cast<uint32_t>(r.varu("blockTurns", 1 << 16));
  h.snapshotEvery = static_cast<uint32_t>(r.varu("snapshotEvery", 1u << 30));
  if (r.ok() && h.blockTurns == 0) r.fail("blockTurns", "must be at least 1");
  auto session = lockstep::SessionConfig::read(r);
  if (!session) return Err("replay header: ", session.message());
  if (auto f = r.finish(); !f) return Err("replay header: ", f.message());
  h.session = std::move(*session);
  auto mod = findModule(h.session.moduleId, h.session.rulesVersion);
  if (!mod)
    return Err("this replay needs rule module '", h.session.moduleId, "' rulesVersion ", h.session.rulesVersion,
               ": ", mod.message());
  consumed = kPreambleSize + static_cast<size_t>(len) + 8;
  return h;
}

std::vector<uint8_t> encodeFrame(FrameKind kind, uint32_t firstTurn, uint32_t turnCount,
                                 std::span<const uint8_t> raw) {
  std::vector<uint8_t> z(ZSTD_compressBound(raw.size()));
  size_t n = ZSTD_compress(z.data(), z.size(), raw.data(), raw.size(), 19);
  if (ZSTD_isError(n)) n = 0;  // cannot happen with a bound-sized buffer; an empty frame then fails to read
  z.resize(n);
  std::vector<uint8_t> out;
  out.reserve(kFrameHeaderSize + z.size() + kFrameCheckSize);
  out.push_back(static_cast<uint8_t>(kind));
  putLE(out, firstTurn, 4);
  putLE(out, turnCount, 4);
  putLE(out, raw.size(), 4);
  putLE(out, z.size(), 4);
  putLE(out, check64(out) & 0xFFFFFFFFu, 4);
  out.insert(out.end(), z.begin(), z.end());
  putLE(out, check64(z), 8);
  return out;
}

std::vector<uint8_t> encodeFooter(uint64_t trailerOffset) {
  std::vector<uint8_t> out;
  putLE(out, trailerOffset, 8);
  out.insert(out.end(), kFooterMagic.begin(), kFooterMagic.end());
  return out;
}

FrameParse parseFrame(std::span<const uint8_t> bytes) {
  FrameParse p;
  if (bytes.size() < kFrameHeaderSize) {
    p.status = FrameStatus::Cut;
    p.why = "file ends inside a frame header";
    return p;
  }
  if ((check64(bytes.first(kFrameHeaderSize - 4)) & 0xFFFFFFFFu) != getLE(bytes, kFrameHeaderSize - 4, 4)) {
    p.status = FrameStatus::Corrupt;
    p.why = "frame header checksum mismatch";
    return p;
  }
  uint8_t kind = bytes[0];
  p.header.firstTurn = static_cast<uint32_t>(getLE(bytes, 1, 4));
  p.header.turnCount = static_cast<uint32_t>(getLE(bytes, 5, 4));
  p.header.rawLen = static_cast<uint32_t>(getLE(bytes, 9, 4));
  p.header.storedLen = static_cast<uint32_t>(getLE(bytes, 13, 4));
  if (kind < 1 || kind > kMaxFrameKind || p.header.rawLen > kMaxFrameBytes || p.header.storedLen > kMaxFrameBytes) {
    p.status = FrameStatus::Corrupt;
    p.why = "frame header has an invalid kind or length";
    return p;
  }
  p.header.kind = static_cast<FrameKind>(kind);
  p.totalSize = kFrameHeaderSize + p.header.storedLen + kFrameCheckSize;
  if (bytes.size() < p.totalSize) {
    p.status = FrameStatus::Cut;
    p.why = "file ends inside a frame (" + std::to_string(bytes.size()) + " of " + std::to_string(p.totalSize) +
            " bytes)";
    return p;
  }
  auto stored = bytes.subspan(kFrameHeaderSize, p.header.storedLen);
  if (check64(stored) != getLE(bytes, kFrameHeaderSize + p.header.storedLen, 8)) {
    p.status = FrameStatus::Corrupt;
    p.why = "frame payload checksum mismatch";
  }
  return p;
}

size_t nextIntactFrame(std::span<const uint8_t> bytes, size_t from) {
  // A false match needs a 32-bit header check and a 64-bit payload check to hold by chance.
  for (size_t at = from; at + kFrameHeaderSize <= bytes.size(); ++at)
    if (parseFrame(bytes.subspan(at)).status == FrameStatus::Ok) return at;
  return bytes.size();
}

Result<std::vector<uint8_t>> framePayload(std::span<const uint8_t> frame, const FrameHeader& h) {
  auto stored = frame.subspan(kFrameHeaderSize, h.storedLen);
  unsigned long long declared = ZSTD_getFrameContentSize(stored.data(), stored.size());
  if (declared == ZSTD_CONTENTSIZE_ERROR || declared == ZSTD_CONTENTSIZE_UNKNOWN || declared != h.rawLen)
    return Err("frame payload is not a zstd frame of the declared size");
  std::vector<uint8_t> raw(h.rawLen);
  size_t n = ZSTD_decompress(raw.data(), raw.size(), stored.data(), stored.size());
  if (ZSTD_isError(n)) return Err("zstd: ", ZSTD_getErrorName(n));
  if (n != h.rawLen) return Err("frame payload decompressed to ", n, " bytes, expected ", h.rawLen);
  return raw;
}

std::vector<uint8_t> encodeComms(const std::vector<CommsEntry>& entries) {
  det::Writer w;
  w.varu("entries", entries.size());
  for (const auto& e : entries) {
    w.varu("turn", e.turn);
    w.varu("seat", e.seat);
    w.bytes("signed", e.signedBytes);
    w.raw("sig", e.sig.bytes);
  }
  return w.take();
}

Result<std::vector<CommsEntry>> decodeComms(std::span<const uint8_t> raw, uint32_t position, uint32_t minTurn,
                                            Seat seats) {
  det::Reader r(raw, "comms frame");
  // Each entry takes at least turn(1) + seat(1) + len(1) + 1 byte + signature(64).
  uint64_t n = r.count("entries", kMaxCommsPerFrame, 68);
  if (r.ok() && n == 0) r.fail("entries", "a comms frame holds at least one message");
  std::vector<CommsEntry> out;
  uint32_t prev = minTurn;
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    CommsEntry e;
    e.turn = static_cast<uint32_t>(r.varu("turn", position));
    if (r.ok() && e.turn < prev) r.fail("turn", "comms messages must be in the order they were accepted");
    prev = e.turn;
    e.seat = static_cast<Seat>(r.varu("seat", seats == 0 ? 0 : seats - 1u));
    if (r.ok() && seats == 0) r.fail("seat", "no seats");
    e.signedBytes = r.bytes("signed", kMaxCommsSignedBytes);
    if (r.ok() && e.signedBytes.empty()) r.fail("signed", "empty message");
    auto sig = r.raw("sig", 64);
    if (r.ok()) std::copy(sig.begin(), sig.end(), e.sig.bytes.begin());
    if (r.ok()) out.push_back(std::move(e));
  }
  if (auto f = r.finish(); !f) return f.error();
  return out;
}

}  // namespace concord::replay
