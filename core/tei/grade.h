// TEI display layer (TEI §7.2, §7.3, §9; RULES §VIII): letter with unidirectional hysteresis, 0–99 score,
// formatted grade ("V67"), federation commission, Flag Officer, provisional flags, percentiles,
// leaderboard sort keys and the "before → after" sector-summary text. Views only: never stored state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/det/result.h"

namespace concord::tei {

/// TEI letters in path order P < I < C < V < E (TEI §7.3).
enum class Letter : uint8_t { P = 0, I = 1, C = 2, V = 3, E = 4 };

char letterChar(Letter l);
std::string_view letterName(Letter l);  // "Provisional", ...
Result<Letter> parseLetter(std::string_view s);

/// TEI §7.2 promotion thresholds: E σ<0.5, V σ<1.5, C σ<2.5, I σ<4.0, else P.
Letter immediateLetter(double sigma);
/// TEI §7.2 demotion exit thresholds: E 0.7, V 1.7, C 2.7, I 4.5 (P has none).
double demoteExit(Letter l);
/// TEI §7.2 `getTeiGrade(σ, currentGrade)`: promotions apply at once; a demotion waits until σ exceeds the
/// current letter's exit, then steps down letter by letter while σ also exceeds the next letter's exit
/// (docs/rules-decisions.md "TEI: demotion lands in the hold band"), never below the immediate letter.
Letter teiLetter(double sigma, std::optional<Letter> current);

struct TeiConfig {  // TEI §7.2 DEFAULT_TEI_CONFIG
  double minMu = 10.0;
  double maxMu = 50.0;
  double conservativeK = 3.0;
};

/// JavaScript Math.round: round half toward +∞ (Math.round(-2.5) = -2, Math.round(2.5) = 3), exact for
/// every double (no floor(x + 0.5) rounding trap at 0.49999999999999994).
double jsRound(double x);
/// TEI §7.2 score = clamp(round((μ − 3σ − minMu)/(maxMu − minMu) · 99), 0, 99).
int teiScore(double mu, double sigma, const TeiConfig& cfg = {});
/// TEI §3.1 displayRating = max(0, μ − 3σ).
double displayRating(double mu, double sigma);

struct Grade {
  Letter letter = Letter::P;
  int score = 0;
  std::string formatted() const;  // "V67"
  bool operator==(const Grade&) const = default;
};
/// TEI §7.2 grade for (μ, σ) given the persisted display letter (hysteresis memory), if any.
Grade teiGrade(double mu, double sigma, std::optional<Letter> current, const TeiConfig& cfg = {});

/// TEI §7.3 federation commissions, lowest first.
enum class Commission : uint8_t {
  Cadet, Ensign, LieutenantJuniorGrade, Lieutenant, LieutenantCommander, Commander, Commodore,
  RearAdmiral, ViceAdmiral, Admiral, FleetAdmiral
};
Commission commission(const Grade& g);
std::string_view commissionName(Commission c);   // "Lieutenant Junior Grade"
std::string_view commissionShort(Commission c);  // "Lt. JG"
/// TEI §7.3: Flag Officer = Rear Admiral and above.
bool isFlagOfficer(Commission c);

/// TEI §7.2 isTeiProvisional ⇔ σ ≥ 4.0 (P band).
bool isProvisional(double sigma);
/// TEI §7.2 PROVISIONAL_SIGMA_THRESHOLD: optional high-uncertainty badge when σ > 6.
bool isHighUncertainty(double sigma);
/// TEI §9.3 "matches is low": fewer than this many rated matches in the bucket (docs/rules-decisions.md).
inline constexpr int64_t kLowSampleMatches = 5;
/// TEI §9.3: label provisionally when the letter is P or the bucket has few matches.
bool showProvisionalLabel(Letter l, int64_t matches);

/// TEI §9.2 displayPercentile = max(1, min(100, round(100 · r / N))); r = competition rank (1 = best).
Result<int> displayPercentile(int64_t rank, int64_t boardSize);
std::string percentileLabel(int percentile);  // "Top 5%"

/// RULES §VIII "After the sector": "I52 → I55 (+3)", "I55 → C55", "V72 → V68 (-4)".
std::string beforeAfterText(const Grade& before, const Grade& after);

}  // namespace concord::tei
