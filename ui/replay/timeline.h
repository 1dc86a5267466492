// The replay timeline: a slider over positions 0..turns with a tick per turn (when they fit) and a labelled
// marker where each round begins, and a coloured mark per game event (alerts, catches, tallies, the winner),
// so an analyst sees the game's shape and jumps by clicking.
#pragma once

#include <QPixmap>
#include <QSlider>
#include <string>
#include <vector>

namespace concord::ui {

class Timeline : public QSlider {
  Q_OBJECT
 public:
  explicit Timeline(QWidget* parent = nullptr);
  void setMarkers(std::vector<uint32_t> roundStarts) {
    rounds_ = std::move(roundStarts);
    dropMarks();
  }
  /// Game events as coloured marks under the groove (kind: Game::eventsSince's, e.g. "alert", "catch").
  struct Mark {
    uint32_t position;
    std::string kind;
  };
  void setEvents(std::vector<Mark> marks) {
    events_ = std::move(marks);
    dropMarks();
  }
  static QColor colorOf(const std::string& kind);
  QSize sizeHint() const override { return {600, 52}; }
  /// The position a click at `x` seeks to: a round marker or event dot within a few pixels, else the turn there.
  int positionAt(double x) const;

 protected:
  void paintEvent(QPaintEvent* e) override;
  void sliderChange(SliderChange change) override;
  void mousePressEvent(QMouseEvent* e) override;

 private:
  void dropMarks() {
    marks_ = QPixmap();
    update();
  }
  void paintMarks();
  double xOf(uint32_t position) const;
  std::vector<uint32_t> rounds_;
  std::vector<Mark> events_;
  QPixmap marks_;  // ticks, round and event marks: drawn when they or the size change, not on every seek
};

}  // namespace concord::ui
