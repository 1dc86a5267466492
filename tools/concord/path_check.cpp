#include "tools/concord/path_check.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace concord::cli {

namespace fs = std::filesystem;

namespace {
// A path's parent that exists but is not a folder (a file cannot hold files).
std::string parentProblem(const std::string& path) {
  std::error_code ec;
  const auto parent = fs::path(path).parent_path();
  if (parent.empty() || !fs::exists(parent, ec) || fs::is_directory(parent, ec)) return "";
  return path + " is inside " + parent.string() + ", which is a file, not a directory: give a path in a directory";
}

std::string existingFileProblem(const std::string& path, const fs::file_status& st) {
  if (fs::is_directory(st)) return path + " is a directory, not a file: give the path of a file in it";
  if (!fs::is_regular_file(st))
    return path + " is not a regular file (a pipe, socket or device cannot be read as one): copy it into a file first";
  if (::access(path.c_str(), R_OK) != 0)
    return path + " cannot be read (" + std::strerror(errno) + "): check its permissions";
  return "";
}
}  // namespace

std::string pathProblem(const std::string& path, PathUse use) {
  if (path.empty()) return "an empty path was given: give a file or directory name";
  std::error_code ec;
  const auto st = fs::status(path, ec);
  const bool exists = fs::exists(st);
  if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory)
    return path + " cannot be looked at (" + ec.message() + "): check the path and its permissions";
  switch (use) {
    case PathUse::Read: {
      if (!exists) return "cannot open " + path + ": it does not exist (check the path)";
      if (auto p = existingFileProblem(path, st); !p.empty()) return p;
      if (fs::file_size(path, ec) == 0 && !ec) return path + " is empty (0 bytes): give the file that holds the data";
      return "";
    }
    case PathUse::ReadOrCreate:
      if (!exists) return parentProblem(path);
      return existingFileProblem(path, st);
    case PathUse::Write:
      if (fs::is_directory(st)) return path + " is a directory: give a file name in it to write to";
      return exists ? "" : parentProblem(path);
    case PathUse::Folder:
      if (!exists) return "cannot open " + path + ": it does not exist (give an existing directory)";
      if (!fs::is_directory(st)) return path + " is a file, not a directory: give the directory that holds the files";
      return "";
  }
  return "";
}

}  // namespace concord::cli
