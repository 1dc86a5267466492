// IVec: a std::vector indexed by the signed ids the rules use (city, seat, tile, Region: -1 means "none"),
// so every index site does not need its own cast. Reading at a negative index is a bug, as in std::vector.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace concord::elc {

template <class T>
class IVec : public std::vector<T> {
 public:
  using std::vector<T>::vector;
  IVec() = default;
  IVec(const std::vector<T>& v) : std::vector<T>(v) {}  // NOLINT: implicit by design
  typename std::vector<T>::reference operator[](int32_t i) { return base(static_cast<size_t>(i)); }
  typename std::vector<T>::const_reference operator[](int32_t i) const { return cbase(static_cast<size_t>(i)); }
  typename std::vector<T>::reference operator[](int64_t i) { return base(static_cast<size_t>(i)); }
  typename std::vector<T>::const_reference operator[](int64_t i) const { return cbase(static_cast<size_t>(i)); }
  typename std::vector<T>::reference operator[](uint32_t i) { return base(i); }
  typename std::vector<T>::const_reference operator[](uint32_t i) const { return cbase(i); }
  typename std::vector<T>::reference operator[](uint64_t i) { return base(i); }
  typename std::vector<T>::const_reference operator[](uint64_t i) const { return cbase(i); }
  typename std::vector<T>::reference operator[](uint16_t i) { return base(i); }
  typename std::vector<T>::const_reference operator[](uint16_t i) const { return cbase(i); }

 private:
  typename std::vector<T>::reference base(size_t i) { return std::vector<T>::operator[](i); }
  typename std::vector<T>::const_reference cbase(size_t i) const { return std::vector<T>::operator[](i); }
};

}  // namespace concord::elc
