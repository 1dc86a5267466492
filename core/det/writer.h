// Canonical writer: the one source of state hashes, snapshots, rejoin transfers and desync dumps.
// Little-endian fixed ints, LEB128 varints, length-prefixed bytes. Every field is written explicitly
// and named, so a traced write can say which field path a differing byte belongs to.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/hash.h"

namespace concord::det {

/// One named field of a traced write: its path ("seats[2].hand.count"), byte range and printed value.
struct TraceEntry {
  std::string path;
  size_t begin = 0;
  size_t end = 0;
  std::string value;
};

class Writer {
 public:
  /// traced = true records a TraceEntry per field (desync reports); off for hashing, which must be fast.
  explicit Writer(bool traced = false) : traced_(traced) {}

  void u8(std::string_view name, uint8_t v);
  void u16(std::string_view name, uint16_t v);
  void u32(std::string_view name, uint32_t v);
  void u64(std::string_view name, uint64_t v);
  void i32(std::string_view name, int32_t v) { u32(name, static_cast<uint32_t>(v)); }
  void i64(std::string_view name, int64_t v) { u64(name, static_cast<uint64_t>(v)); }
  void boolean(std::string_view name, bool v) { u8(name, v ? 1 : 0); }
  /// Unsigned LEB128.
  void varu(std::string_view name, uint64_t v);
  /// Zig-zag then LEB128.
  void vari(std::string_view name, int64_t v);
  /// Varint length, then the bytes.
  void bytes(std::string_view name, std::span<const uint8_t> b);
  void str(std::string_view name, std::string_view s);
  /// Raw bytes with no length prefix (fixed-size fields such as keys and signatures).
  void raw(std::string_view name, std::span<const uint8_t> b);
  void hash(std::string_view name, const Hash128& h);

  /// Opens a named scope ("hand") or an indexed one ("seats[3]"); close with end(). No bytes are written.
  void begin(std::string_view name);
  void begin(std::string_view name, uint64_t index);
  void end();

  const std::vector<uint8_t>& data() const { return buf_; }
  std::vector<uint8_t> take() { return std::move(buf_); }
  size_t size() const { return buf_.size(); }
  void clear();
  const std::vector<TraceEntry>& trace() const { return trace_; }
  Hash128 digest() const { return hash128(buf_); }

 private:
  void note(std::string_view name, size_t begin, std::string value);
  void putLE(uint64_t v, int bytes);

  std::vector<uint8_t> buf_;
  bool traced_;
  std::vector<std::string> scope_;
  std::vector<TraceEntry> trace_;
};

/// The field whose bytes first differ between two traced writes, with both printed values.
struct FieldDiff {
  bool differs = false;
  std::string path;
  std::string left;
  std::string right;
  size_t offset = 0;
};
FieldDiff firstDifference(const Writer& left, const Writer& right);

/// A readable dump of a traced write: one "path = value" line per field.
std::string readableDump(const Writer& traced);

}  // namespace concord::det
