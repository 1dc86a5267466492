// One CLI test file's own home: `concord` run with HOME and XDG_DATA_HOME inside a fresh TempDir, so the keys,
// replays and stores a command writes stay the test's, and the file paths the test hands it live there too
// (file_bytes.h comes with it: CLI tests damage the files they hand the binary).
#pragma once

#include <string>

#include "tests/support/file_bytes.h"
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

}  // namespace concord::testing
