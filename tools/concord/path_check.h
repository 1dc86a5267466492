// The one check of every file or folder a concord command is given (issue 30): a folder where a file is expected, a
// missing, empty or unreadable file, or a pipe is refused by name with what to do, before any work (exit 1), so
// nothing reaches a stream that would throw or block on it.
#pragma once

#include <string>

namespace concord::cli {

enum class PathUse {
  Read,          // an existing, non-empty, readable regular file (a replay, a scenario, a charter)
  ReadOrCreate,  // read when there, created when not (an identity key, a TEI store): never a folder or a pipe
  Write,         // a file to (over)write: not a folder, and not inside a file
  Folder,        // an existing folder
};

/// "" when `path` can be used so; otherwise "<path> <problem>: <what to do>".
std::string pathProblem(const std::string& path, PathUse use);

}  // namespace concord::cli
