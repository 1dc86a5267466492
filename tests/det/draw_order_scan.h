// The draw-order scan (issue 32): two RNG draws, or a draw and a read of the stream it advances, inside one full
// expression are unsequenced, so gcc and clang may take them in opposite orders (W.E.B. nameFor, commit f4141f7).
// A textual scan over sources with comments and literals stripped (tests/support/source_text.h):
//   draw   - a call of below/between/next/shuffle on anything; an Rng passed as a bare argument; a call of a
//            function that draws (one taking an Rng& or Rng*, or, transitively by name, whose body draws);
//   read   - any other mention of a name the file uses as an Rng (a variable of type Rng, a draw's receiver).
// A full expression is a statement (split at ; { }) or the condition of an if/while/switch. Two draws, or one
// draw and one read, in one full expression is a finding. Sequenced forms (?:, &&, ||) are not understood: such
// a line goes in the allow-list (tests/det/draw_order_allow.txt) with its reason.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace concord::testing {

struct DrawFinding {
  std::string file;
  int line = 0;
  int draws = 0;
  int reads = 0;
  std::string text;  // the full expression, whitespace collapsed
};

class DrawOrderScan {
 public:
  /// Scans (path, text) sources together: the drawing functions of one file count in every other.
  explicit DrawOrderScan(const std::vector<std::pair<std::string, std::string>>& sources);
  const std::vector<DrawFinding>& findings() const { return findings_; }
  const std::set<std::string>& drawingFunctions() const { return drawing_; }

 private:
  struct Tok {
    std::string s;
    int line;
  };
  struct File {
    std::string path;
    std::vector<Tok> toks;
    std::set<std::string> rngs;
  };
  static std::vector<Tok> tokenize(const std::string& text);
  void collectRngNames(File& f) const;
  void collectDrawingFunctions();
  void scanFile(const File& f);
  void scanExpression(const File& f, size_t begin, size_t end);

  std::vector<File> files_;
  std::set<std::string> drawing_;
  std::vector<DrawFinding> findings_;
};

}  // namespace concord::testing
