#include "core/tei/grade.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace concord::tei {

char letterChar(Letter l) {
  static constexpr std::array<char, 5> c{'P', 'I', 'C', 'V', 'E'};
  return c[static_cast<size_t>(l)];
}

std::string_view letterName(Letter l) {
  static constexpr std::array<std::string_view, 5> n{"Provisional", "Improving", "Consistent", "Veteran", "Elite"};
  return n[static_cast<size_t>(l)];
}

Result<Letter> parseLetter(std::string_view s) {
  if (s.size() == 1) {
    switch (s[0]) {
      case 'P': case 'p': return Letter::P;
      case 'I': case 'i': return Letter::I;
      case 'C': case 'c': return Letter::C;
      case 'V': case 'v': return Letter::V;
      case 'E': case 'e': return Letter::E;
      default: break;
    }
  }
  return Err("unknown TEI letter '", s, "' (expected one of E, V, C, I, P)");
}

Letter immediateLetter(double sigma) {
  if (sigma < 0.5) return Letter::E;
  if (sigma < 1.5) return Letter::V;
  if (sigma < 2.5) return Letter::C;
  if (sigma < 4.0) return Letter::I;
  return Letter::P;
}

double demoteExit(Letter l) {
  switch (l) {
    case Letter::E: return 0.7;
    case Letter::V: return 1.7;
    case Letter::C: return 2.7;
    case Letter::I: return 4.5;
    case Letter::P: break;
  }
  return HUGE_VAL;
}

Letter teiLetter(double sigma, std::optional<Letter> current) {
  const Letter imm = immediateLetter(sigma);
  if (!current) return imm;
  Letter g = *current;
  if (imm >= g) return imm;  // promotion (or same): immediate
  while (g > imm && sigma > demoteExit(g)) g = static_cast<Letter>(static_cast<uint8_t>(g) - 1);
  return g;
}

double jsRound(double x) {
  if (!std::isfinite(x)) return x;
  const double f = std::floor(x);
  return (x - f >= 0.5) ? f + 1.0 : f;
}

int teiScore(double mu, double sigma, const TeiConfig& cfg) {
  const double conservative = mu - cfg.conservativeK * sigma;
  const double r = jsRound((conservative - cfg.minMu) / (cfg.maxMu - cfg.minMu) * 99.0);
  if (!(r > 0.0)) return 0;  // also NaN
  if (r >= 99.0) return 99;
  return static_cast<int>(r);
}

double displayRating(double mu, double sigma) { return std::max(0.0, mu - 3.0 * sigma); }

std::string Grade::formatted() const { return std::string(1, letterChar(letter)) + std::to_string(score); }

Grade teiGrade(double mu, double sigma, std::optional<Letter> current, const TeiConfig& cfg) {
  return Grade{teiLetter(sigma, current), teiScore(mu, sigma, cfg)};
}

namespace {
struct CommissionRow {
  Commission c;
  Letter from;
  int score;
  std::string_view name, shortName;
};
constexpr std::array<CommissionRow, 11> kCommissions{{
    {Commission::Cadet, Letter::P, 0, "Cadet", "Cdt."},
    {Commission::Ensign, Letter::P, 25, "Ensign", "Ens."},
    {Commission::LieutenantJuniorGrade, Letter::I, 25, "Lieutenant Junior Grade", "Lt. JG"},
    {Commission::Lieutenant, Letter::I, 40, "Lieutenant", "Lt."},
    {Commission::LieutenantCommander, Letter::C, 45, "Lieutenant Commander", "Lt. Cmdr."},
    {Commission::Commander, Letter::C, 55, "Commander", "Cmdr."},
    {Commission::Commodore, Letter::V, 63, "Commodore", "Cdore."},
    {Commission::RearAdmiral, Letter::V, 70, "Rear Admiral", "R. Adm."},
    {Commission::ViceAdmiral, Letter::V, 80, "Vice Admiral", "V. Adm."},
    {Commission::Admiral, Letter::V, 90, "Admiral", "Adm."},
    {Commission::FleetAdmiral, Letter::V, 99, "Fleet Admiral", "F. Adm."},
}};
}  // namespace

Commission commission(const Grade& g) {
  // TEI §7.3: path order P < I < C < V < E then score; Elite bands with Veteran score thresholds.
  const Letter l = g.letter == Letter::E ? Letter::V : g.letter;
  Commission best = Commission::Cadet;
  for (const auto& row : kCommissions)
    if (l > row.from || (l == row.from && g.score >= row.score)) best = row.c;
  return best;
}

std::string_view commissionName(Commission c) { return kCommissions[static_cast<size_t>(c)].name; }
std::string_view commissionShort(Commission c) { return kCommissions[static_cast<size_t>(c)].shortName; }
bool isFlagOfficer(Commission c) { return c >= Commission::RearAdmiral; }

bool isProvisional(double sigma) { return sigma >= 4.0; }
bool isHighUncertainty(double sigma) { return sigma > 6.0; }
bool showProvisionalLabel(Letter l, int64_t matches) { return l == Letter::P || matches < kLowSampleMatches; }

Result<int> displayPercentile(int64_t rank, int64_t boardSize) {
  if (boardSize < 1) return Err("percentile needs a board with at least one rated captain");
  if (rank < 1 || rank > boardSize) return Err("rank ", rank, " is outside the board of ", boardSize);
  const double p = jsRound(100.0 * static_cast<double>(rank) / static_cast<double>(boardSize));
  return static_cast<int>(std::clamp(p, 1.0, 100.0));
}

std::string percentileLabel(int percentile) { return "Top " + std::to_string(percentile) + "%"; }

std::string beforeAfterText(const Grade& before, const Grade& after) {
  std::string s = before.formatted() + " \u2192 " + after.formatted();
  const int d = after.score - before.score;
  if (d > 0) s += " (+" + std::to_string(d) + ")";
  if (d < 0) s += " (" + std::to_string(d) + ")";
  return s;
}

}  // namespace concord::tei
