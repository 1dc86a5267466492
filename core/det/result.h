// Result<T>: the value-or-error type every boundary returns (decode, file, net, config).
// Our own because libstdc++'s std::expected does not compile under clang 14.
#pragma once

#include <string>
#include <utility>
#include <string_view>
#include <type_traits>
#include <variant>

namespace concord {

/// A failure a person can act on: says what was wrong and, where it can, what to do.
struct Error {
  std::string message;
};

inline std::string toErrorText(const std::string& s) { return s; }
inline std::string toErrorText(std::string_view s) { return std::string(s); }
inline std::string toErrorText(const char* s) { return s; }
inline std::string toErrorText(char c) { return std::string(1, c); }
template <class I>
  requires std::is_integral_v<I>
std::string toErrorText(I v) {
  return std::to_string(v);
}

/// Builds an Error; `Err("turn ", t, " is in the past")` style concatenation.
template <class... Parts>
Error Err(Parts&&... parts) {
  std::string s;
  ((s += toErrorText(std::forward<Parts>(parts))), ...);
  return Error{std::move(s)};
}

/// Value or Error. No default constructor, so `return {}` can never read as success.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}           // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}       // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  /// REQUIRES: ok().
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  /// REQUIRES: !ok().
  const Error& error() const { return std::get<1>(v_); }
  const std::string& message() const { return error().message; }

 private:
  std::variant<T, Error> v_;
};

/// Success or Error, for operations with nothing to return.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result(Error error) : err_(std::move(error)), ok_(false) {}  // NOLINT: implicit by design
  static Result success() { return Result(); }

  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const { return err_; }
  const std::string& message() const { return err_.message; }

 private:
  Result() = default;
  Error err_{};
  bool ok_ = true;
};

inline Result<void> Ok() { return Result<void>::success(); }

}  // namespace concord
