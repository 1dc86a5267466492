#include "core/det/reader.h"

namespace concord::det {

void Reader::fail(std::string_view name, std::string_view why) {
  if (!ok_) return;
  ok_ = false;
  error_ = std::string(what_) + ": field '" + std::string(name) + "' at byte " + std::to_string(pos_) + ": " +
           std::string(why);
}

bool Reader::need(std::string_view name, size_t n) {
  if (!ok_) return false;
  if (remaining() < n) {
    fail(name, "truncated (needs " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left)");
    return false;
  }
  return true;
}

uint64_t Reader::getLE(int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= static_cast<uint64_t>(data_[pos_ + static_cast<size_t>(i)]) << (8 * i);
  pos_ += static_cast<size_t>(n);
  return v;
}

uint8_t Reader::u8(std::string_view name) { return need(name, 1) ? static_cast<uint8_t>(getLE(1)) : 0; }
uint16_t Reader::u16(std::string_view name) { return need(name, 2) ? static_cast<uint16_t>(getLE(2)) : 0; }
uint32_t Reader::u32(std::string_view name) { return need(name, 4) ? static_cast<uint32_t>(getLE(4)) : 0; }
uint64_t Reader::u64(std::string_view name) { return need(name, 8) ? getLE(8) : 0; }

bool Reader::boolean(std::string_view name) {
  uint8_t v = u8(name);
  if (v > 1) fail(name, "boolean must be 0 or 1, got " + std::to_string(v));
  return ok_ && v == 1;
}

uint64_t Reader::varu(std::string_view name, uint64_t max) {
  if (!ok_) return 0;
  uint64_t v = 0;
  size_t start = pos_;
  for (int shift = 0;; shift += 7) {
    if (!need(name, 1)) return 0;
    uint8_t b = data_[pos_++];
    if (shift == 63 && b > 1) {
      pos_ = start;
      fail(name, "varint overflows 64 bits");
      return 0;
    }
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) {
      if (b == 0 && shift > 0) {
        pos_ = start;
        fail(name, "overlong varint (non-minimal encoding)");
        return 0;
      }
      break;
    }
  }
  if (v > max) {
    pos_ = start;
    fail(name, "value " + std::to_string(v) + " out of range (max " + std::to_string(max) + ")");
    return 0;
  }
  return v;
}

int64_t Reader::vari(std::string_view name, int64_t min, int64_t max) {
  uint64_t z = varu(name);
  int64_t v = static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1);
  if (ok_ && (v < min || v > max)) {
    fail(name, "value " + std::to_string(v) + " out of range [" + std::to_string(min) + ", " + std::to_string(max) +
                   "]");
    return 0;
  }
  return ok_ ? v : 0;
}

std::span<const uint8_t> Reader::raw(std::string_view name, size_t n) {
  if (!need(name, n)) return {};
  auto s = data_.subspan(pos_, n);
  pos_ += n;
  return s;
}

std::vector<uint8_t> Reader::bytes(std::string_view name, size_t maxLen) {
  uint64_t n = varu(name, maxLen);
  auto s = raw(name, static_cast<size_t>(n));
  return std::vector<uint8_t>(s.begin(), s.end());
}

std::string Reader::str(std::string_view name, size_t maxLen) {
  uint64_t n = varu(name, maxLen);
  auto s = raw(name, static_cast<size_t>(n));
  return std::string(reinterpret_cast<const char*>(s.data()), s.size());
}

Hash128 Reader::hash(std::string_view name) {
  Hash128 h;
  if (!need(name, 16)) return h;
  h.lo = getLE(8);
  h.hi = getLE(8);
  return h;
}

uint64_t Reader::count(std::string_view name, uint64_t max, size_t minBytesEach) {
  uint64_t n = varu(name, max);
  if (ok_ && minBytesEach > 0 && n > remaining() / minBytesEach) {
    fail(name, "count " + std::to_string(n) + " exceeds what the remaining " + std::to_string(remaining()) +
                   " bytes can hold");
    return 0;
  }
  return ok_ ? n : 0;
}

Result<void> Reader::status() const {
  if (!ok_) return Error{error_};
  return Ok();
}

Result<void> Reader::finish() const {
  if (!ok_) return Error{error_};
  if (!atEnd())
    return Err(std::string(what_), ": ", remaining(), " trailing bytes after the last field (at byte ", pos_, ")");
  return Ok();
}

}  // namespace concord::det
