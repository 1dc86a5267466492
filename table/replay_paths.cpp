#include "table/replay_paths.h"

#include <cstdlib>
#include <ctime>

namespace concord::table {

std::filesystem::path defaultReplayDir() {
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return std::filesystem::path(x) / "concord" / "replays";
  if (const char* h = std::getenv("HOME"); h && *h) return std::filesystem::path(h) / ".local/share/concord/replays";
  return ".";
}

std::string defaultReplayPath(const std::string& stem) {
  const std::filesystem::path dir = defaultReplayDir();
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return (dir / (stem + "-" + stamp + ".ccr")).string();
}

}  // namespace concord::table
