// Source text for the scans of core/ (tests/det/determinism_scan_test.cpp, draw_order_scan_test.cpp): the code a
// turn runs, read as text, with comments and literal contents removed so rule text in a message is not code.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace concord::testing {

/// Removes // and /* */ comments and the contents of string and char literals, keeping line breaks.
inline std::string stripCommentsAndStrings(const std::string& src) {
  std::string out;
  out.reserve(src.size());
  enum { Code, Line, Block, Str, Chr } st = Code;
  for (size_t i = 0; i < src.size(); ++i) {
    char c = src[i];
    char n = i + 1 < src.size() ? src[i + 1] : '\0';
    switch (st) {
      case Code:
        if (c == '/' && n == '/') st = Line, ++i;
        else if (c == '/' && n == '*') st = Block, ++i;
        else if (c == '"') st = Str, out += '"';
        else if (c == '\'') st = Chr, out += '\'';
        else out += c;
        break;
      case Line:
        if (c == '\n') st = Code, out += c;
        break;
      case Block:
        if (c == '*' && n == '/') st = Code, ++i;
        else if (c == '\n') out += c;
        break;
      case Str:
        if (c == '\\') ++i;
        else if (c == '"') st = Code, out += '"';
        else if (c == '\n') out += c;
        break;
      case Chr:
        if (c == '\\') ++i;
        else if (c == '\'') st = Code, out += '\'';
        break;
    }
  }
  return out;
}

/// Every C++ source under core/ that a turn runs (core/tei/ is post-game math), as (path from the repo, text).
inline std::vector<std::pair<std::string, std::string>> coreSources(const std::filesystem::path& repo) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& e : fs::recursive_directory_iterator(repo / "core")) {
    if (!e.is_regular_file()) continue;
    auto rel = fs::relative(e.path(), repo).generic_string();
    if (rel.rfind("core/tei/", 0) == 0) continue;
    auto ext = e.path().extension().string();
    if (ext != ".h" && ext != ".cpp" && ext != ".hpp" && ext != ".cc") continue;
    std::ifstream f(e.path());
    std::stringstream ss;
    ss << f.rdbuf();
    out.emplace_back(rel, ss.str());
  }
  std::sort(out.begin(), out.end());  // directory order differs between machines: findings print in path order
  return out;
}

}  // namespace concord::testing
