// RULES §V the round-end moment (issue 31): when a round is tallied the table gives way to a score sheet, one row
// per captain with the coordinates left in hand drawn as dominoes, the round's points and the campaign, revealed
// row by row ("Show all", T, at once); "Next round" (Return) goes back to the table and the new deal.
#pragma once

#include <QStringList>
#include <QWidget>
#include <vector>

class QGridLayout;
class QLabel;
class QPushButton;
class QTimer;

namespace concord::ui {

/// One captain's line of the tally as the rules engine words it ("Captain 1: 5-3 = 8, 2-2 = 4 -> 12 (campaign 30)").
struct TallyRow {
  QString captain, detail;  // detail: the words besides the tiles ("went out", "Longest Trail -3", "2 round win(s)")
  std::vector<std::pair<int, int>> tiles;
  QString points, campaign;  // "" when the line has none (a Go-out campaign counts round wins)
};
TallyRow parseTallyLine(const QString& line);

class WarpRoundSheet : public QWidget {
  Q_OBJECT
 public:
  explicit WarpRoundSheet(QWidget* parent = nullptr);
  /// Fills the sheet for the round `round` just tallied and starts its reveal.
  void setLines(const QStringList& lines, int round);
  /// Milliseconds between rows (0: all at once; tests and screenshots).
  void setStepMs(int ms) { stepMs_ = ms; }
  void showAll();
  int shown() const { return shown_; }
  int total() const { return static_cast<int>(rows_.size()); }
  const std::vector<TallyRow>& rows() const { return rows_; }
  QPushButton& nextButton() const { return *next_; }

 signals:
  void nextRound();

 private:
  void render();

  QLabel* title_;
  QGridLayout* grid_;
  QPushButton *all_, *next_;
  QTimer* timer_;
  std::vector<TallyRow> rows_;
  std::vector<std::vector<QWidget*>> cells_;
  int shown_ = 0;
  int stepMs_ = 600;
};

}  // namespace concord::ui
