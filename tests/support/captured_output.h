// What a terminal screen printed: a temporary FILE* to hand to code that writes to a stream, read back as text.
#pragma once

#include <cstdio>
#include <string>

namespace concord::test_support {

struct CapturedOutput {
  std::FILE* f = std::tmpfile();
  CapturedOutput() = default;
  CapturedOutput(const CapturedOutput&) = delete;
  CapturedOutput& operator=(const CapturedOutput&) = delete;
  ~CapturedOutput() { std::fclose(f); }
  /// Everything written so far; later writes append after it.
  std::string text() const {
    std::fflush(f);
    std::rewind(f);
    std::string out;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
    std::fseek(f, 0, SEEK_END);
    return out;
  }
};

}  // namespace concord::test_support
