#include "core/det/writer.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace concord::det {
namespace {

std::string hexOf(std::span<const uint8_t> b) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  s.reserve(b.size() * 2);
  for (uint8_t c : b) {
    s += digits[c >> 4];
    s += digits[c & 15];
  }
  return s;
}

}  // namespace

void Writer::reserveMore(size_t k) { buf_.resize(std::max({buf_.size() * 2, size_ + k, size_t{256}})); }

Writer::Room Writer::growAfter(size_t used, size_t k) {
  size_ = used;
  reserveMore(k);
  return Room{buf_.data(), buf_.data() + buf_.size()};
}

std::vector<uint8_t> Writer::take() {
  buf_.resize(size_);
  size_ = 0;
  return std::move(buf_);
}

void Writer::note(std::string_view name, size_t begin, std::string value) { traceAt(name, begin, size_, std::move(value)); }

void Writer::traceAt(std::string_view name, size_t begin, size_t end, std::string value) {
  std::string path;
  for (const auto& s : scope_) {
    if (!path.empty() && s[0] != '[') path += '.';
    path += s;
  }
  if (!name.empty()) {
    if (!path.empty()) path += '.';
    path += name;
  }
  trace_.push_back(TraceEntry{std::move(path), begin, end, std::move(value)});
}

void Writer::traceUnsigned(std::string_view name, size_t begin, size_t end, uint64_t v) {
  traceAt(name, begin, end, std::to_string(v));
}
void Writer::traceSigned(std::string_view name, size_t begin, size_t end, int64_t v) {
  traceAt(name, begin, end, std::to_string(v));
}
void Writer::traceHex(std::string_view name, size_t begin, size_t end, std::span<const uint8_t> content) {
  traceAt(name, begin, end, hexOf(content));
}
void Writer::traceQuoted(std::string_view name, size_t begin, size_t end, std::string_view s) {
  std::string quoted(1, '"');
  quoted.append(s).push_back('"');
  traceAt(name, begin, end, std::move(quoted));
}

void Writer::tracedInt(std::string_view name, uint64_t v, int bytes) {
  size_t b = size_;
  put(v, bytes);
  note(name, b, std::to_string(v));
}

void Writer::tracedVaru(std::string_view name, uint64_t v) {
  size_t b = size_;
  traced_ = false;
  varu(name, v);
  traced_ = true;
  note(name, b, std::to_string(v));
}

void Writer::vari(std::string_view name, int64_t v) {
  uint64_t z = (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
  if (!traced_) return varu(name, z);
  size_t b = size_;
  traced_ = false;
  varu(name, z);
  traced_ = true;
  note(name, b, std::to_string(v));
}
void Writer::tracedBytes(std::string_view name, std::span<const uint8_t> b) {
  size_t start = size_;
  bool t = traced_;
  traced_ = false;
  varu(name, b.size());
  traced_ = t;
  if (!b.empty()) std::memcpy(grow(b.size()), b.data(), b.size());
  if (traced_) note(name, start, hexOf(b));
}
void Writer::str(std::string_view name, std::string_view s) {
  size_t start = size_;
  bool t = traced_;
  traced_ = false;
  bytes(name, std::span(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
  traced_ = t;
  if (traced_) {
    std::string quoted(1, '"');
    quoted.append(s).push_back('"');
    note(name, start, std::move(quoted));
  }
}
void Writer::raw(std::string_view name, std::span<const uint8_t> b) {
  size_t start = size_;
  if (!b.empty()) std::memcpy(grow(b.size()), b.data(), b.size());
  if (traced_) note(name, start, hexOf(b));
}
void Writer::hash(std::string_view name, const Hash128& h) {
  size_t start = size_;
  put(h.lo, 8);
  put(h.hi, 8);
  if (traced_) note(name, start, h.hex());
}

void Writer::tracedBegin(std::string_view name) { scope_.emplace_back(name); }
void Writer::tracedBegin(std::string_view name, uint64_t index) {
  scope_.emplace_back(std::string(name));
  std::string idx(1, '[');
  idx.append(std::to_string(index)).push_back(']');
  scope_.push_back(std::move(idx));
}
void Writer::tracedEnd() {
  if (scope_.empty()) return;
  if (scope_.back()[0] == '[') scope_.pop_back();
  if (!scope_.empty()) scope_.pop_back();
}

void Writer::clearTrace() {
  scope_.clear();
  trace_.clear();
}

FieldDiff firstDifference(const Writer& left, const Writer& right) {
  FieldDiff d;
  const auto& a = left.data();
  const auto& b = right.data();
  size_t n = std::min(a.size(), b.size());
  size_t off = n;
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) {
      off = i;
      break;
    }
  }
  if (off == n && a.size() == b.size()) return d;
  d.differs = true;
  d.offset = off;
  auto find = [off](const std::vector<TraceEntry>& t) -> const TraceEntry* {
    auto it = std::upper_bound(t.begin(), t.end(), off, [](size_t o, const TraceEntry& e) { return o < e.end; });
    return it == t.end() ? nullptr : &*it;
  };
  const TraceEntry* l = find(left.trace());
  const TraceEntry* r = find(right.trace());
  d.path = l ? l->path : (r ? r->path : "<end of state>");
  d.left = l ? l->value : "<missing>";
  d.right = r ? r->value : "<missing>";
  if (l && r && l->path != r->path) d.path = l->path + " | " + r->path;
  return d;
}

std::string readableDump(const Writer& traced) {
  std::string out;
  for (const auto& e : traced.trace()) {
    out += e.path;
    out += " = ";
    out += e.value;
    out += '\n';
  }
  return out;
}

}  // namespace concord::det
