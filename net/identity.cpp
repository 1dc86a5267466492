#include "net/identity.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace concord::net {
namespace {

std::string hex(std::span<const uint8_t> b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t x : b) {
    s += d[x >> 4];
    s += d[x & 15];
  }
  return s;
}

int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

std::string defaultIdentityPath() {
  if (const char* h = std::getenv("CONCORD_HOME"); h && *h) return std::string(h) + "/identity.key";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.config/concord/identity.key";
}

Result<lockstep::KeyPair> loadOrCreateIdentity(const std::string& path) {
  std::error_code ec;
  auto dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) {
    auto seed = lockstep::randomBytes32();
    fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return Err("identity: cannot create ", path, ": ", std::strerror(errno), "; set CONCORD_HOME to a writable directory");
    std::string text = hex(seed) + "\n";
    bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ok = ::fsync(fd) == 0 && ok;
    ::close(fd);
    if (!ok) return Err("identity: cannot write ", path, "; remove it and retry");
    return lockstep::KeyPair::fromSeed(seed);
  }
  if (fd < 0) return Err("identity: cannot open ", path, ": ", std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || (st.st_mode & 077) != 0) {
    ::close(fd);
    return Err("identity: ", path, " is readable by others; run `chmod 600 ", path, "`");
  }
  char buf[80];
  ssize_t n = ::read(fd, buf, sizeof buf);
  ::close(fd);
  if (n != 65 || buf[64] != '\n') return Err("identity: ", path, " is not a Concord identity (64 hex digits); move it away to create a new one");
  std::array<uint8_t, 32> seed{};
  for (size_t i = 0; i < 32; ++i) {
    int hi = nibble(buf[2 * i]), lo = nibble(buf[2 * i + 1]);
    if (hi < 0 || lo < 0) return Err("identity: ", path, " has a non-hex character; move it away to create a new one");
    seed[i] = static_cast<uint8_t>(hi * 16 + lo);
  }
  return lockstep::KeyPair::fromSeed(seed);
}

}  // namespace concord::net
