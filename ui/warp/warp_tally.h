// RULES §V the end-of-round tally, step by step: the lines of the tally appear one at a time (each captain's
// hand count, the round's points), so a table follows the count; "Show all" (T) reveals the rest at once.
#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QPushButton;
class QTimer;

namespace concord::ui {

class WarpTally : public QWidget {
  Q_OBJECT
 public:
  explicit WarpTally(QWidget* parent = nullptr);
  /// A new tally starts its reveal; the same lines again change nothing.
  void setLines(const QStringList& lines);
  /// Milliseconds between lines (0: all at once; tests and screenshots).
  void setStepMs(int ms) { stepMs_ = ms; }
  void showAll();
  int shown() const { return shown_; }
  int total() const { return static_cast<int>(lines_.size()); }

 private:
  void render();

  QLabel* text_;
  QPushButton* all_;
  QTimer* timer_;
  QStringList lines_;
  int shown_ = 0;
  int stepMs_ = 600;
};

}  // namespace concord::ui
