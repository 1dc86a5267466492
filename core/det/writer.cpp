#include "core/det/writer.h"

#include <algorithm>

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

void Writer::putLE(uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) buf_.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

void Writer::note(std::string_view name, size_t begin, std::string value) {
  std::string path;
  for (const auto& s : scope_) {
    if (!path.empty() && s[0] != '[') path += '.';
    path += s;
  }
  if (!name.empty()) {
    if (!path.empty()) path += '.';
    path += name;
  }
  trace_.push_back(TraceEntry{std::move(path), begin, buf_.size(), std::move(value)});
}

void Writer::u8(std::string_view name, uint8_t v) {
  size_t b = buf_.size();
  buf_.push_back(v);
  if (traced_) note(name, b, std::to_string(v));
}
void Writer::u16(std::string_view name, uint16_t v) {
  size_t b = buf_.size();
  putLE(v, 2);
  if (traced_) note(name, b, std::to_string(v));
}
void Writer::u32(std::string_view name, uint32_t v) {
  size_t b = buf_.size();
  putLE(v, 4);
  if (traced_) note(name, b, std::to_string(v));
}
void Writer::u64(std::string_view name, uint64_t v) {
  size_t b = buf_.size();
  putLE(v, 8);
  if (traced_) note(name, b, std::to_string(v));
}
void Writer::varu(std::string_view name, uint64_t v) {
  size_t b = buf_.size();
  uint64_t x = v;
  while (x >= 0x80) {
    buf_.push_back(static_cast<uint8_t>(x | 0x80));
    x >>= 7;
  }
  buf_.push_back(static_cast<uint8_t>(x));
  if (traced_) note(name, b, std::to_string(v));
}
void Writer::vari(std::string_view name, int64_t v) {
  uint64_t z = (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
  if (!traced_) return varu(name, z);
  size_t b = buf_.size();
  traced_ = false;
  varu(name, z);
  traced_ = true;
  note(name, b, std::to_string(v));
}
void Writer::bytes(std::string_view name, std::span<const uint8_t> b) {
  size_t start = buf_.size();
  bool t = traced_;
  traced_ = false;
  varu(name, b.size());
  traced_ = t;
  buf_.insert(buf_.end(), b.begin(), b.end());
  if (traced_) note(name, start, hexOf(b));
}
void Writer::str(std::string_view name, std::string_view s) {
  size_t start = buf_.size();
  bool t = traced_;
  traced_ = false;
  bytes(name, std::span(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
  traced_ = t;
  if (traced_) note(name, start, "\"" + std::string(s) + "\"");
}
void Writer::raw(std::string_view name, std::span<const uint8_t> b) {
  size_t start = buf_.size();
  buf_.insert(buf_.end(), b.begin(), b.end());
  if (traced_) note(name, start, hexOf(b));
}
void Writer::hash(std::string_view name, const Hash128& h) {
  size_t start = buf_.size();
  putLE(h.lo, 8);
  putLE(h.hi, 8);
  if (traced_) note(name, start, h.hex());
}

void Writer::begin(std::string_view name) {
  if (traced_) scope_.emplace_back(name);
}
void Writer::begin(std::string_view name, uint64_t index) {
  if (!traced_) return;
  scope_.emplace_back(std::string(name));
  scope_.push_back("[" + std::to_string(index) + "]");
}
void Writer::end() {
  if (!traced_ || scope_.empty()) return;
  if (scope_.back()[0] == '[') scope_.pop_back();
  if (!scope_.empty()) scope_.pop_back();
}

void Writer::clear() {
  buf_.clear();
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
