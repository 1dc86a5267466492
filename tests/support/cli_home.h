// One CLI test file's own home: `concord` run with HOME and XDG_DATA_HOME inside a fresh TempDir, so the keys,
// replays and stores a command writes stay the test's, and the file paths the test hands it live there too.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/support/run_command.h"
#include "tests/support/temp_dir.h"

namespace concord::testing {

class CliHome {
 public:
  explicit CliHome(const std::string& label) : dir_(label) {}

  /// The `concord` binary of this build, started with this home; a command line goes after it.
  std::string bin() const {
    const std::string home = dir_.path().string();
    return "HOME=" + home + " XDG_DATA_HOME=" + home + " " + concordBinary().string();
  }
  /// A file in this home (not created).
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  const TempDir& dir() const { return dir_; }

 private:
  TempDir dir_;
};

/// A whole file's bytes (empty when it cannot be read).
inline std::vector<uint8_t> readBytes(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline void writeBytes(const std::string& file, const std::vector<uint8_t>& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace concord::testing
