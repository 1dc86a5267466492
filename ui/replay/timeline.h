// The replay timeline: a slider over positions 0..turns with a tick per turn (when they fit) and a labelled
// marker where each round begins, so an analyst sees the game's shape and jumps by clicking.
#pragma once

#include <QSlider>
#include <vector>

namespace concord::ui {

class Timeline : public QSlider {
  Q_OBJECT
 public:
  explicit Timeline(QWidget* parent = nullptr);
  void setMarkers(std::vector<uint32_t> roundStarts) {
    rounds_ = std::move(roundStarts);
    update();
  }
  QSize sizeHint() const override { return {600, 44}; }

 protected:
  void paintEvent(QPaintEvent* e) override;

 private:
  double xOf(uint32_t position) const;
  std::vector<uint32_t> rounds_;
};

}  // namespace concord::ui
