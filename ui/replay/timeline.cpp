#include "ui/replay/timeline.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <cmath>
#include <optional>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>
#include <set>
#include <utility>

namespace concord::ui {

Timeline::Timeline(QWidget* parent) : QSlider(Qt::Horizontal, parent) {
  setObjectName(QStringLiteral("timeline"));
  setMinimumHeight(52);
  setPageStep(10);
}

QColor Timeline::colorOf(const std::string& kind) {
  if (kind == "alert") return {215, 45, 45};
  if (kind == "catch") return {150, 60, 200};
  if (kind == "tally" || kind == "round-end" || kind == "goout") return {40, 110, 210};
  if (kind == "winner") return {30, 150, 70};
  if (kind == "round") return {200, 120, 20};
  return {130, 130, 130};
}

void Timeline::sliderChange(SliderChange change) {
  if (change == SliderRangeChange) marks_ = QPixmap();
  QSlider::sliderChange(change);
}

// Thousands of marks in a 10,000-turn replay: drawn once into a pixmap, with the slider's geometry asked of
// the style once (not per mark).
void Timeline::paintMarks() {
  const qreal dpr = devicePixelRatioF();
  marks_ = QPixmap(size() * dpr);
  marks_.setDevicePixelRatio(dpr);
  marks_.fill(Qt::transparent);
  QPainter p(&marks_);
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
  // A round's label only where it does not overlap the last one drawn (hundreds of rounds in a long replay).
  const double labelWidth = QFontMetricsF(f).horizontalAdvance(QStringLiteral("R000")) + 6;
  double labelledTo = -1e9;
  p.setPen(QPen(QColor(200, 120, 20), 2));
  for (size_t i = 0; i < rounds_.size(); ++i) {
    const double x = xOf(rounds_[i]);
    p.drawLine(QPointF(x, 0), QPointF(x, 14));
    if (x < labelledTo) continue;
    p.drawText(QPointF(x + 3, 12), QStringLiteral("R%1").arg(i + 1));
    labelledTo = x + labelWidth;
  }
  // Events under the groove; "alert-end" (a double answered) is left out so the alerts stand out. One dot per
  // pixel column and colour: thousands of events in a long replay share a few hundred columns.
  p.setPen(Qt::NoPen);
  std::set<std::pair<int, QRgb>> drawn;
  for (const auto& m : events_) {
    if (m.kind == "alert-end") continue;
    const double x = xOf(m.position);
    const QColor c = colorOf(m.kind);
    if (!drawn.insert({static_cast<int>(x), c.rgb()}).second) continue;
    p.setBrush(c);
    p.drawEllipse(QPointF(x, height() - 6.0), 3.0, 3.0);
  }
}

double Timeline::xOf(uint32_t position) const {
  QStyleOptionSlider opt;
  initStyleOption(&opt);
  const int handle = style()->pixelMetric(QStyle::PM_SliderLength, &opt, this);
  return QStyle::sliderPositionFromValue(minimum(), maximum(), static_cast<int>(position), width() - handle) + handle / 2.0;
}

int Timeline::positionAt(double x) const {
  QStyleOptionSlider opt;
  initStyleOption(&opt);
  const int handle = style()->pixelMetric(QStyle::PM_SliderLength, &opt, this);
  // A mark within 4 px wins (round markers first): they are what an analyst aims at.
  constexpr double kReach = 4;
  std::optional<std::pair<double, uint32_t>> best;
  auto consider = [&](uint32_t position) {
    const double d = std::abs(xOf(position) - x);
    if (d <= kReach && (!best || d < best->first)) best = {d, position};
  };
  for (uint32_t r : rounds_) consider(r);
  if (!best)
    for (const auto& m : events_)
      if (m.kind != "alert-end") consider(m.position);
  if (best) return static_cast<int>(best->second);
  return QStyle::sliderValueFromPosition(minimum(), maximum(), static_cast<int>(x - handle / 2.0), width() - handle);
}

// A click anywhere seeks there (QSlider's own click only pages by ten turns), and the handle follows the drag.
void Timeline::mousePressEvent(QMouseEvent* e) {
  if (e->button() != Qt::LeftButton) return QSlider::mousePressEvent(e);
  QStyleOptionSlider opt;
  initStyleOption(&opt);
  const QRect handle = style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, this);
  if (handle.contains(e->position().toPoint())) return QSlider::mousePressEvent(e);
  setValue(positionAt(e->position().x()));
  e->accept();
}

void Timeline::paintEvent(QPaintEvent* e) {
  if (marks_.isNull() || marks_.size() != size() * devicePixelRatioF()) paintMarks();
  QPainter p(this);
  p.drawPixmap(0, 0, marks_);
  p.end();
  QSlider::paintEvent(e);
}

}  // namespace concord::ui
