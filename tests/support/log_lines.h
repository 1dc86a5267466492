// A table's log as the race and rejoin tests read it: every peer's lines, in order ("peer N: ..." prefixes).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace concord::testing {

/// The last `n` lines, skipping the refused-future-bundle lines a peer left behind logs by the hundred.
inline std::string tailOf(const std::vector<std::string>& all, size_t n = 40) {
  std::vector<std::string> lines;
  for (const auto& l : all)
    if (l.find("beyond the window") == std::string::npos) lines.push_back(l);
  std::string tail;
  for (size_t i = lines.size() > n ? lines.size() - n : 0; i < lines.size(); ++i) tail += lines[i] + "\n";
  return tail;
}

/// How many lines of `peer` ("peer 2:") contain `needle`.
inline size_t linesOf(const std::vector<std::string>& lines, std::string_view peer, std::string_view needle) {
  return static_cast<size_t>(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) {
    return l.rfind(peer, 0) == 0 && l.find(needle) != std::string::npos;
  }));
}

}  // namespace concord::testing
