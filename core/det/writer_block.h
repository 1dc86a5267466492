// Writer::Block: hot state (a game's whole state, every Seal) written through a cursor held in registers, and
// pack(), the bulk layout for runs of fixed-width fields. Same bytes and, traced, same field paths as the
// Writer's own calls (issue 9: the hot path). Included by writer.h; use it through Writer::block().
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "core/det/writer.h"

namespace concord::det {

/// A fixed-width unsigned field for Writer::Block::pack: its name and value; W bytes little-endian.
template <size_t W>
struct Fixed {
  static constexpr size_t kWidth = W;
  std::string_view name;
  uint64_t value;
};
using U8 = Fixed<1>;
using U16 = Fixed<2>;
using U32 = Fixed<4>;
using U64 = Fixed<8>;
/// A bool as a u8 field (0 or 1), as Writer::boolean writes it.
inline U8 Bool(std::string_view name, bool v) { return U8{name, v ? 1u : 0u}; }

/// A run of fields written through a cursor held in locals (registers), not in the Writer: no member
/// reloads between fields, one bounds check per field against a local end. The bytes are exactly those the
/// Writer's own calls of the same names and values write; Block<true> also records every field with its
/// path, so desync diffs keep naming fields. Destroying the block commits its bytes. Made by Writer::block.
template <bool kTraced>
class Writer::Block {
 public:
  Block(Writer& w, size_t expected) : w_(w) {
#ifndef NDEBUG
    assert(!w.blockOpen_ && "one Writer::Block at a time");
    w.blockOpen_ = true;
#endif
    Room r = w.roomAfter(w.size_, expected);
    base_ = r.base;
    p_ = base_ + w.size_;
    end_ = r.end;
  }
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;
  ~Block() {
    w_.size_ = used();
#ifndef NDEBUG
    w_.blockOpen_ = false;
#endif
  }

  void u8(std::string_view name, uint8_t v) { fixed(name, v, 1); }
  void u16(std::string_view name, uint16_t v) { fixed(name, v, 2); }
  void u32(std::string_view name, uint32_t v) { fixed(name, v, 4); }
  void u64(std::string_view name, uint64_t v) { fixed(name, v, 8); }
  void i32(std::string_view name, int32_t v) { u32(name, static_cast<uint32_t>(v)); }
  void i64(std::string_view name, int64_t v) { u64(name, static_cast<uint64_t>(v)); }
  void boolean(std::string_view name, bool v) { fixed(name, v ? 1 : 0, 1); }
  void varu(std::string_view name, uint64_t v) {
    size_t b = used();
    leb128(v);
    if constexpr (kTraced) w_.traceUnsigned(name, b, used(), v);
  }
  void vari(std::string_view name, int64_t v) {
    size_t b = used();
    leb128((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
    if constexpr (kTraced) w_.traceSigned(name, b, used(), v);
  }
  void bytes(std::string_view name, std::span<const uint8_t> b) {
    size_t start = used();
    room(10 + b.size());
    leb128Here(b.size());
    copyHere(b.data(), b.size());
    if constexpr (kTraced) w_.traceHex(name, start, used(), b);
  }
  void str(std::string_view name, std::string_view s) {
    size_t start = used();
    room(10 + s.size());
    leb128Here(s.size());
    copyHere(reinterpret_cast<const uint8_t*>(s.data()), s.size());
    if constexpr (kTraced) w_.traceQuoted(name, start, used(), s);
  }
  void raw(std::string_view name, std::span<const uint8_t> b) {
    size_t start = used();
    room(b.size());
    copyHere(b.data(), b.size());
    if constexpr (kTraced) w_.traceHex(name, start, used(), b);
  }
  /// n raw bytes made in place by fill(out) (a list converted element by element, with no staging copy).
  template <class Fill>
  void rawFill(std::string_view name, size_t n, Fill&& fill) {
    size_t start = used();
    room(n);
    fill(p_);
    p_ += n;
    if constexpr (kTraced) w_.traceHex(name, start, used(), std::span<const uint8_t>(base_ + start, n));
  }
  void hash(std::string_view name, const Hash128& h) {
    size_t start = used();
    put(h.lo, 8);
    put(h.hi, 8);
    if constexpr (kTraced) w_.traceAt(name, start, used(), h.hex());
  }
  /// Bytes that write(block) made earlier, kept by their owner because the fields behind them never change (a
  /// game's map, an append-only record of past Seals). Untraced, one copy; traced, write(*this) writes the fields
  /// again, so desync diffs still name each one. Debug builds check the kept bytes against a fresh write.
  template <class Write>
  void preEncoded(std::span<const uint8_t> kept, Write&& write) {
    if constexpr (kTraced) {
      write(*this);
    } else {
#ifndef NDEBUG
      Writer fresh;
      fresh.block(kept.size(), write);
      assert(std::equal(kept.begin(), kept.end(), fresh.data().begin(), fresh.data().end()) &&
             "pre-encoded bytes went stale: the fields behind them changed");
#endif
      room(kept.size());
      if (!kept.empty()) std::memcpy(p_, kept.data(), kept.size());
      p_ += kept.size();
    }
  }
  /// A bulk layout for hot records: consecutive fixed-width fields (U8, U16, U32, U64, Bool), the same
  /// bytes as one call each, packed into 8-byte little-endian words and stored a word at a time.
  template <class... F>
  void pack(F... f) {
    if constexpr (kTraced) {
      (fixed(f.name, f.value, F::kWidth), ...);
    } else {
      room((F::kWidth + ...) + 8);
      uint64_t word = 0;
      size_t fill = 0;
      auto add = [&](uint64_t v, size_t width) {
        if (fill + width > 8) {
          store8(word);
          p_ += fill;
          word = 0;
          fill = 0;
        }
        word |= width == 8 ? v : (v & ((uint64_t{1} << (8 * width)) - 1)) << (8 * fill);
        fill += width;
      };
      (add(f.value, F::kWidth), ...);
      store8(word);
      p_ += fill;
    }
  }
  void begin(std::string_view name) {
    if constexpr (kTraced) w_.tracedBegin(name);
  }
  void begin(std::string_view name, uint64_t index) {
    if constexpr (kTraced) w_.tracedBegin(name, index);
  }
  void end() {
    if constexpr (kTraced) w_.tracedEnd();
  }

 private:
  size_t used() const { return static_cast<size_t>(p_ - base_); }
  void room(size_t k) {
    if (static_cast<size_t>(end_ - p_) < k) [[unlikely]] {
      size_t u = used();
      Room r = w_.roomAfter(u, k);
      base_ = r.base;
      p_ = base_ + u;
      end_ = r.end;
    }
  }
  void put(uint64_t v, size_t n) {
    room(n);
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(p_, &v, n);
    } else {
      for (size_t i = 0; i < n; ++i) p_[i] = static_cast<uint8_t>(v >> (8 * i));
    }
    p_ += n;
  }
  // Eight bytes of v little-endian at p_ (room already made); bytes past the field are overwritten later.
  void store8(uint64_t v) {
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(p_, &v, 8);
    } else {
      for (size_t i = 0; i < 8; ++i) p_[i] = static_cast<uint8_t>(v >> (8 * i));
    }
  }
  // Four bytes of v little-endian at p_ (room already made); bytes past the field are overwritten later.
  void store4(uint32_t v) {
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(p_, &v, 4);
    } else {
      for (size_t i = 0; i < 4; ++i) p_[i] = static_cast<uint8_t>(v >> (8 * i));
    }
  }
  void fixed(std::string_view name, uint64_t v, size_t n) {
    put(v, n);
    if constexpr (kTraced) w_.traceUnsigned(name, used() - n, used(), v);
  }
  void leb128(uint64_t v) {
    room(10);
    leb128Here(v);
  }
  // The Here variants write at p_ without a bounds check: the caller has made room.
  void leb128Here(uint64_t v) {
    if (v < 0x80) [[likely]] {
      *p_++ = static_cast<uint8_t>(v);
      return;
    }
    if (v < (uint64_t{1} << 21)) [[likely]] {
      // Two or three bytes without a branch on which: ids, tiles and systems mix them in no predictable order, and a
      // mispredicted length cost more than the whole field (issue 30).
      const auto x = static_cast<uint32_t>(v);
      const uint32_t three = x >= 0x4000;
      store4((x & 0x7f) | 0x80 | ((x << 1) & 0x7f00) | ((x << 2) & 0x7f0000) | (three << 15));
      p_ += 2 + three;
      return;
    }
    while (v >= 0x80) {
      *p_++ = static_cast<uint8_t>(v | 0x80);
      v >>= 7;
    }
    *p_++ = static_cast<uint8_t>(v);
  }
  // Short pieces (tile lists, hands, config) as two overlapping fixed-size moves instead of a memcpy call.
  void copyHere(const uint8_t* src, size_t n) {
    uint8_t* d = p_;
    if (n - 16 <= 16) {  // 16..32 (hands, tile lists) first: one compare
      std::memcpy(d, src, 16);
      std::memcpy(d + n - 16, src + n - 16, 16);
    } else if (n > 32) {
      std::memcpy(d, src, n);
    } else if (n >= 8) {
      std::memcpy(d, src, 8);
      std::memcpy(d + n - 8, src + n - 8, 8);
    } else if (n >= 4) {
      std::memcpy(d, src, 4);
      std::memcpy(d + n - 4, src + n - 4, 4);
    } else if (n > 0) {
      d[0] = src[0];
      d[n / 2] = src[n / 2];
      d[n - 1] = src[n - 1];
    }
    p_ += n;
  }

  Writer& w_;
  uint8_t* base_;
  uint8_t* p_;
  uint8_t* end_;
};

template <class Fn>
void Writer::block(size_t expected, Fn&& fn) {
  if (traced_) [[unlikely]] {
    tracedBlock(expected, fn);
  } else {
    untracedBlock(expected, fn);
  }
}

template <class Fn>
void Writer::tracedBlock(size_t expected, Fn& fn) {
  Block<true> b(*this, expected);
  fn(b);
}

template <class Fn>
void Writer::untracedBlock(size_t expected, Fn& fn) {
  Block<false> b(*this, expected);
  fn(b);
}

}  // namespace concord::det
