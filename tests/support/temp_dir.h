// The one temp-directory helper of the C++ tests (issue 9 part 5): a fresh directory of the test's own under
// the system temp dir, named by label, process id and a counter so parallel ctest processes and repeated
// fixtures never share one, and removed with everything in it when the TempDir goes out of scope.
// Shell tests use tests/support/temp_dir.sh.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>

namespace concord::testing {

class TempDir {
 public:
  explicit TempDir(const std::string& label) {
    static std::atomic<unsigned> made{0};
    path_ = std::filesystem::temp_directory_path() /
            ("concord-" + label + "-" + std::to_string(::getpid()) + "-" + std::to_string(made++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;  // a test that failed half-way may have left files open; never throw from here
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// A path inside the directory (not created).
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
  /// An empty subdirectory `name`, emptied if an earlier test of this process left one.
  std::filesystem::path fresh(const std::string& name) const {
    auto d = path_ / name;
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace concord::testing
