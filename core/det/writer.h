// Canonical writer: the one source of state hashes, snapshots, rejoin transfers and desync dumps.
// Little-endian fixed ints, LEB128 varints, length-prefixed bytes. Every field is written explicitly
// and named, so a traced write can say which field path a differing byte belongs to. Untraced writes are a
// plain byte append (the names cost nothing); hot state is written through a Writer::Block (a local cursor,
// core/det/writer_block.h) that produces the very same bytes and, when traced, the very same field paths.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
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
  template <bool kTraced>
  class Block;
  /// traced = true records a TraceEntry per field (desync reports); off for hashing, which must be fast.
  explicit Writer(bool traced = false) : traced_(traced) {}
  /// Room for `bytes` in one allocation: a state written every turn grows once, not by doubling from 256.
  void reserve(size_t bytes) {
    if (buf_.size() < bytes) buf_.resize(bytes);
  }

  // The untraced paths are inline: hashing a state is a stream of these calls.
  void u8(std::string_view name, uint8_t v) { traced_ ? tracedInt(name, v, 1) : put(v, 1); }
  void u16(std::string_view name, uint16_t v) { traced_ ? tracedInt(name, v, 2) : put(v, 2); }
  void u32(std::string_view name, uint32_t v) { traced_ ? tracedInt(name, v, 4) : put(v, 4); }
  void u64(std::string_view name, uint64_t v) { traced_ ? tracedInt(name, v, 8) : put(v, 8); }
  void i32(std::string_view name, int32_t v) { u32(name, static_cast<uint32_t>(v)); }
  void i64(std::string_view name, int64_t v) { u64(name, static_cast<uint64_t>(v)); }
  void boolean(std::string_view name, bool v) { u8(name, v ? 1 : 0); }
  /// Unsigned LEB128.
  void varu(std::string_view name, uint64_t v) {
    if (traced_) return tracedVaru(name, v);
    uint8_t tmp[10];
    size_t n = 0;
    while (v >= 0x80) {
      tmp[n++] = static_cast<uint8_t>(v | 0x80);
      v >>= 7;
    }
    tmp[n++] = static_cast<uint8_t>(v);
    std::memcpy(grow(n), tmp, n);
  }
  /// Zig-zag then LEB128.
  void vari(std::string_view name, int64_t v);
  /// Varint length, then the bytes.
  void bytes(std::string_view name, std::span<const uint8_t> b) {
    if (traced_) return tracedBytes(name, b);
    varu(name, b.size());
    if (!b.empty()) std::memcpy(grow(b.size()), b.data(), b.size());
  }
  void str(std::string_view name, std::string_view s);
  /// Raw bytes with no length prefix (fixed-size fields such as keys and signatures).
  void raw(std::string_view name, std::span<const uint8_t> b);
  void hash(std::string_view name, const Hash128& h);

  /// Opens a named scope ("hand") or an indexed one ("seats[3]"); close with end(). No bytes are written.
  void begin(std::string_view name) {
    if (traced_) tracedBegin(name);
  }
  void begin(std::string_view name, uint64_t index) {
    if (traced_) tracedBegin(name, index);
  }
  void end() {
    if (traced_) tracedEnd();
  }

  /// Runs fn(block) with a Block (a cursor in locals, see below) over this writer, reserving `expected`
  /// bytes up front. fn is a generic lambda, compiled twice: untraced, a plain byte append with no trace
  /// code at all; traced (desync diffs), recording every field's path. Inside fn write through the block only.
  template <class Fn>
  void block(size_t expected, Fn&& fn);

  /// The bytes written so far; valid until the next write or clear().
  std::span<const uint8_t> data() const { return {buf_.data(), size_}; }
  /// Moves the bytes out; the writer is empty afterwards.
  std::vector<uint8_t> take();
  size_t size() const { return size_; }
  void clear() {
    size_ = 0;
    if (traced_) clearTrace();
  }
  const std::vector<TraceEntry>& trace() const { return trace_; }
  Hash128 digest() const { return hash128(data()); }

 private:
  void note(std::string_view name, size_t begin, std::string value);
  void tracedBegin(std::string_view name);
  void tracedBegin(std::string_view name, uint64_t index);
  void tracedEnd();
  void tracedBytes(std::string_view name, std::span<const uint8_t> b);
  void tracedInt(std::string_view name, uint64_t v, int bytes);
  void tracedVaru(std::string_view name, uint64_t v);
  // Fixed ints are little-endian whatever the host; memcpy is the fast path on little-endian hosts.
  void put(uint64_t v, int bytes) {
    uint8_t* p = grow(static_cast<size_t>(bytes));
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(p, &v, static_cast<size_t>(bytes));
    } else {
      for (int i = 0; i < bytes; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
    }
  }
  // Room for k more bytes; buf_ is kept larger than size_ so the hot path is a compare and a memcpy.
  uint8_t* grow(size_t k) {
    assert(!blockOpen_ && "write through the open Writer::Block, not the Writer");
    if (buf_.size() - size_ < k) reserveMore(k);
    uint8_t* p = buf_.data() + size_;
    size_ += k;
    return p;
  }
  void reserveMore(size_t k);
  void clearTrace();
  // Everything fn calls is inlined here, so the block's cursor stays in registers: were fn a call taking the
  // block by reference, every field would reload and store the cursor through memory.
  template <class Fn>
  [[gnu::flatten]] void untracedBlock(size_t expected, Fn& fn);
  // Out of line: inlined beside the untraced copy, its calls made gcc keep the untraced cursor on the stack.
  template <class Fn>
  [[gnu::noinline]] void tracedBlock(size_t expected, Fn& fn);
  // Block support: makes room for k more bytes after `used` and returns the (possibly moved) buffer.
  struct Room {
    uint8_t* base;
    uint8_t* end;
  };
  Room roomAfter(size_t used, size_t k) {
    if (buf_.size() - used < k) [[unlikely]] return growAfter(used, k);
    return Room{buf_.data(), buf_.data() + buf_.size()};
  }
  Room growAfter(size_t used, size_t k);
  // One traced field of a Block: bytes [begin, end) are already written.
  void traceAt(std::string_view name, size_t begin, size_t end, std::string value);
  void traceUnsigned(std::string_view name, size_t begin, size_t end, uint64_t v);
  void traceSigned(std::string_view name, size_t begin, size_t end, int64_t v);
  void traceHex(std::string_view name, size_t begin, size_t end, std::span<const uint8_t> content);
  void traceQuoted(std::string_view name, size_t begin, size_t end, std::string_view s);

  std::vector<uint8_t> buf_;
  size_t size_ = 0;
#ifndef NDEBUG
  bool blockOpen_ = false;  // debug check: while a Block is open, its cursor (not size_) is the truth
#endif
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

// Writer::Block, the hot-path writer, needs Writer complete; every user of Writer gets it.
#include "core/det/writer_block.h"  // IWYU pragma: export
