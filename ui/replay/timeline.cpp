#include "ui/replay/timeline.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>

namespace concord::ui {

Timeline::Timeline(QWidget* parent) : QSlider(Qt::Horizontal, parent) {
  setObjectName(QStringLiteral("timeline"));
  setMinimumHeight(52);
  setPageStep(10);
}

double Timeline::xOf(uint32_t position) const {
  QStyleOptionSlider opt;
  initStyleOption(&opt);
  const int handle = style()->pixelMetric(QStyle::PM_SliderLength, &opt, this);
  const int span = width() - handle;
  const int v = QStyle::sliderPositionFromValue(minimum(), maximum(), static_cast<int>(position), span);
  return v + handle / 2.0;
}

QColor Timeline::colorOf(const std::string& kind) {
  if (kind == "alert") return {215, 45, 45};
  if (kind == "catch") return {150, 60, 200};
  if (kind == "tally" || kind == "round-end" || kind == "goout") return {40, 110, 210};
  if (kind == "winner") return {30, 150, 70};
  if (kind == "round") return {200, 120, 20};
  return {130, 130, 130};
}

void Timeline::paintEvent(QPaintEvent* e) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing, true);
  const int turns = maximum();
  // A tick per turn when there is room, else one per round only.
  if (turns > 0 && width() / turns >= 4) {
    p.setPen(QColor(150, 150, 150));
    for (int t = 0; t <= turns; ++t) p.drawLine(QPointF(xOf(static_cast<uint32_t>(t)), 2), QPointF(xOf(static_cast<uint32_t>(t)), 7));
  }
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 0.8);
  p.setFont(f);
  for (size_t i = 0; i < rounds_.size(); ++i) {
    const double x = xOf(rounds_[i]);
    p.setPen(QPen(QColor(200, 120, 20), 2));
    p.drawLine(QPointF(x, 0), QPointF(x, 14));
    p.drawText(QPointF(x + 3, 12), QStringLiteral("R%1").arg(i + 1));
  }
  // Events under the groove; "alert-end" (a double answered) is left out so the alerts stand out.
  for (const auto& m : events_) {
    if (m.kind == "alert-end") continue;
    p.setPen(Qt::NoPen);
    p.setBrush(colorOf(m.kind));
    p.drawEllipse(QPointF(xOf(m.position), height() - 6.0), 3.0, 3.0);
  }
  p.end();
  QSlider::paintEvent(e);
}

}  // namespace concord::ui
