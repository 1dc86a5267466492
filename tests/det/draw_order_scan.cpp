#include "tests/det/draw_order_scan.h"

#include <algorithm>
#include <cctype>

#include "tests/support/source_text.h"

namespace concord::testing {

namespace {

bool isIdent(const std::string& s) { return !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'); }
bool isDrawMethod(const std::string& s) { return s == "below" || s == "between" || s == "next" || s == "shuffle"; }
bool isMember(const std::string& s) { return s == "." || s == "->"; }
// Words followed by '(' that are not calls of a function named so.
bool isKeyword(const std::string& s) {
  static const std::set<std::string> k = {"if", "while", "for", "switch", "return", "sizeof", "catch", "decltype",
                                          "alignof", "noexcept", "static_assert", "static_cast", "const_cast",
                                          "reinterpret_cast", "constexpr", "operator"};
  return k.count(s) > 0;
}

}  // namespace

DrawOrderScan::DrawOrderScan(const std::vector<std::pair<std::string, std::string>>& sources) {
  for (const auto& [path, text] : sources) {
    File f{path, tokenize(stripCommentsAndStrings(text)), {}};
    collectRngNames(f);
    files_.push_back(std::move(f));
  }
  collectDrawingFunctions();
  for (const auto& f : files_) scanFile(f);
}

std::vector<DrawOrderScan::Tok> DrawOrderScan::tokenize(const std::string& text) {
  std::vector<Tok> out;
  int line = 1;
  bool lineStart = true;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\n') {
      ++line, ++i, lineStart = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '#' && lineStart) {  // a preprocessor line (and its continuations) is not an expression
      while (i < text.size() && !(text[i] == '\n' && text[i - 1] != '\\')) line += text[i++] == '\n';
      continue;
    }
    lineStart = false;
    size_t j = i + 1;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {  // digit separators survive stripping as ''
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '\'' || text[j] == '.')) ++j;
    } else if ((c == ':' || c == '-') && j < text.size() && (text[j] == ':' || (c == '-' && text[j] == '>'))) {
      ++j;
    }
    out.push_back({text.substr(i, j - i), line});
    i = j;
  }
  return out;
}

// A file's Rng names: variables declared as Rng (det::Rng rng, Rng& r, Rng* p), streams made in place
// (auto galaxy = det::Rng::stream(...)) and every receiver of a draw.
void DrawOrderScan::collectRngNames(File& f) const {
  const auto& t = f.toks;
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    if (t[i].s == "Rng") {
      size_t k = i + 1;
      while (k < t.size() && (t[k].s == "&" || t[k].s == "*")) ++k;
      if (k + 1 < t.size() && isIdent(t[k].s) && t[k + 1].s != "(" && t[k + 1].s != "::" && t[k].s != "Rng")
        f.rngs.insert(t[k].s);
    }
    if (isIdent(t[i].s) && t[i + 1].s == "=") {
      size_t k = i + 2;
      if (k + 1 < t.size() && t[k].s == "det" && t[k + 1].s == "::") k += 2;
      if (k + 1 < t.size() && t[k].s == "Rng" && t[k + 1].s == "::") f.rngs.insert(t[i].s);
    }
    if (i + 3 < t.size() && isIdent(t[i].s) && isMember(t[i + 1].s) && isDrawMethod(t[i + 2].s) && t[i + 3].s == "(")
      f.rngs.insert(t[i].s);
  }
}

namespace {

template <class T>
size_t matching(const std::vector<T>& t, size_t open, const std::string& o, const std::string& c) {
  int depth = 0;
  for (size_t k = open; k < t.size(); ++k) {
    if (t[k].s == o) ++depth;
    if (t[k].s == c && --depth == 0) return k;
  }
  return t.size();
}

}  // namespace

// Functions taking an Rng& or Rng* draw; so does, by name, every function or named lambda whose body calls one
// or draws itself (WebGame::d10 draws from its member stream combat_).
void DrawOrderScan::collectDrawingFunctions() {
  std::vector<std::pair<std::string, std::pair<const File*, std::pair<size_t, size_t>>>> bodies;
  for (const auto& f : files_) {
    const auto& t = f.toks;
    for (size_t i = 0; i + 1 < t.size(); ++i) {
      const bool lambda = t[i].s == "auto" && i + 3 < t.size() && isIdent(t[i + 1].s) && t[i + 2].s == "=" && t[i + 3].s == "[";
      if (!lambda && !(isIdent(t[i].s) && !isKeyword(t[i].s) && t[i + 1].s == "(")) continue;
      const std::string name = lambda ? t[i + 1].s : t[i].s;
      size_t k = lambda ? matching(t, i + 3, "[", "]") + 1 : i + 1;
      if (k < t.size() && t[k].s == "(") {
        const size_t close = matching(t, k, "(", ")");
        for (size_t p = k; p + 1 < close; ++p)
          if (t[p].s == "Rng" && (t[p + 1].s == "&" || t[p + 1].s == "*")) drawing_.insert(name);
        k = close + 1;
      }
      // Qualifiers and a trailing return type may stand between the parameters and the body.
      while (k < t.size() && k < i + 40 && (isIdent(t[k].s) || t[k].s == "::" || t[k].s == "->" || t[k].s == "<" ||
                                            t[k].s == ">" || t[k].s == "," || t[k].s == "&" || t[k].s == "*"))
        ++k;
      if (k < t.size() && t[k].s == "{") bodies.push_back({name, {&f, {k, matching(t, k, "{", "}")}}});
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [name, where] : bodies) {
      if (drawing_.count(name)) continue;
      const auto& t = where.first->toks;
      for (size_t k = where.second.first; k + 1 < where.second.second && !drawing_.count(name); ++k) {
        const bool memberDraw = isMember(t[k].s) && isDrawMethod(t[k + 1].s) && k + 2 < t.size() && t[k + 2].s == "(";
        const bool call = drawing_.count(t[k].s) && t[k + 1].s == "(" && (k == 0 || t[k - 1].s != "::");
        if (memberDraw || call) drawing_.insert(name), changed = true;
      }
    }
  }
}

void DrawOrderScan::scanFile(const File& f) {
  const auto& t = f.toks;
  size_t start = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i].s == ";" || t[i].s == "{" || t[i].s == "}") {
      scanExpression(f, start, i);
      start = i + 1;
    } else if ((t[i].s == "if" || t[i].s == "while" || t[i].s == "switch") && i + 1 < t.size()) {
      size_t open = i + 1;
      if (t[open].s == "constexpr") ++open;
      if (open >= t.size() || t[open].s != "(") continue;
      scanExpression(f, start, i);
      const size_t close = matching(t, open, "(", ")");
      scanExpression(f, open + 1, close);  // the condition is a full expression of its own
      start = close + 1;
      i = close;
    }
  }
  scanExpression(f, start, t.size());
}

void DrawOrderScan::scanExpression(const File& f, size_t begin, size_t end) {
  const auto& t = f.toks;
  end = std::min(end, t.size());
  if (begin >= end) return;
  for (size_t k = begin; k + 1 < end; ++k)
    if (t[k].s == "Rng" && (t[k + 1].s == "&" || t[k + 1].s == "*")) return;  // a declaration: nothing runs
  const auto bareRngArg = [&](size_t k) {
    if (!f.rngs.count(t[k].s) || k + 1 >= end || (t[k + 1].s != "," && t[k + 1].s != ")")) return false;
    size_t p = k - 1;
    if (p > begin && (t[p].s == "&" || t[p].s == "*")) --p;
    return p >= begin && (t[p].s == "(" || t[p].s == ",");
  };
  std::vector<bool> used(end - begin, false);  // receivers and bare arguments: counted as draws, not reads
  std::vector<bool> bare(end - begin, false);
  int draws = 0, reads = 0;
  for (size_t k = begin; k < end; ++k) {
    if (k + 3 < end && isIdent(t[k].s) && isMember(t[k + 1].s) && isDrawMethod(t[k + 2].s) && t[k + 3].s == "(") {
      ++draws, used[k - begin] = true;
    } else if (k > begin && bareRngArg(k)) {
      ++draws, used[k - begin] = bare[k - begin] = true;
    }
  }
  for (size_t k = begin; k + 1 < end; ++k) {
    if (!drawing_.count(t[k].s) || t[k + 1].s != "(" || (k > begin && t[k - 1].s == "::")) continue;
    const size_t close = std::min(matching(t, k + 1, "(", ")"), end);
    bool passesRng = false;
    for (size_t a = k + 2; a < close; ++a) passesRng = passesRng || bare[a - begin];
    if (!passesRng) ++draws;  // a stream passed in was counted as the draw already
  }
  for (size_t k = begin; k < end; ++k) {
    if (used[k - begin] || !f.rngs.count(t[k].s)) continue;
    if (k > begin && (isMember(t[k - 1].s) || t[k - 1].s == "::")) continue;  // another object's member of that name
    if (k + 1 < end && t[k + 1].s == "::") continue;
    ++reads;
  }
  if (draws >= 2 || (draws >= 1 && reads >= 1)) {
    std::string text;
    for (size_t k = begin; k < end; ++k) text += (text.empty() ? "" : " ") + t[k].s;
    findings_.push_back({f.path, t[begin].line, draws, reads, text});
  }
}

}  // namespace concord::testing
