// Strict canonical reader. Errors are sticky: the first one (with its byte offset and field name)
// is kept, later reads return zero, and finish() reports it. Nothing a peer sends can make it read
// out of bounds, accept an overlong varint, an out-of-range value, or trailing bytes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"

namespace concord::det {

class Reader {
 public:
  explicit Reader(std::span<const uint8_t> data, std::string_view what = "data") : data_(data), what_(what) {}

  uint8_t u8(std::string_view name);
  uint16_t u16(std::string_view name);
  uint32_t u32(std::string_view name);
  uint64_t u64(std::string_view name);
  int32_t i32(std::string_view name) { return static_cast<int32_t>(u32(name)); }
  int64_t i64(std::string_view name) { return static_cast<int64_t>(u64(name)); }
  bool boolean(std::string_view name);
  /// LEB128 at most 10 bytes, minimal encoding, value <= max.
  uint64_t varu(std::string_view name, uint64_t max = UINT64_MAX);
  int64_t vari(std::string_view name, int64_t min = INT64_MIN, int64_t max = INT64_MAX);
  /// An enum stored as a varint: values > maxValue are an error naming the field.
  template <class E>
  E enumeration(std::string_view name, E maxValue) {
    return static_cast<E>(varu(name, static_cast<uint64_t>(maxValue)));
  }
  /// Length-prefixed bytes of at most maxLen.
  std::vector<uint8_t> bytes(std::string_view name, size_t maxLen);
  std::string str(std::string_view name, size_t maxLen);
  /// Exactly n raw bytes; the span stays valid while the input does.
  std::span<const uint8_t> raw(std::string_view name, size_t n);
  Hash128 hash(std::string_view name);
  /// A count that must fit the remaining input at minBytesEach per element (stops allocation bombs).
  uint64_t count(std::string_view name, uint64_t max, size_t minBytesEach = 1);

  /// Records a semantic error (bad value) at the current offset; the first error wins.
  void fail(std::string_view name, std::string_view why);

  bool ok() const { return ok_; }
  size_t offset() const { return pos_; }
  size_t remaining() const { return data_.size() - pos_; }
  bool atEnd() const { return pos_ == data_.size(); }
  const std::string& errorMessage() const { return error_; }
  /// Ok if every read succeeded and every byte was consumed; otherwise the first error.
  Result<void> finish() const;
  /// Ok if every read succeeded (trailing bytes allowed, for streams).
  Result<void> status() const;

 private:
  bool need(std::string_view name, size_t n);
  uint64_t getLE(int n);

  std::span<const uint8_t> data_;
  std::string_view what_;
  size_t pos_ = 0;
  bool ok_ = true;
  std::string error_;
};

}  // namespace concord::det
