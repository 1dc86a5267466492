// Pip layouts: 0-9 on the familiar 3x3 grid; 10-18 on a 3-column grid of 4 or 6 rows, filled symmetrically.
#include "ui/warp/domino_painter.h"

#include <QPainterPath>
#include <algorithm>
#include <array>
#include <vector>

namespace concord::ui {

namespace {

PipFace gFace = PipFace::Dots;

// Cells of a 3x3 grid (row-major 0..8) lit for 0..9 pips.
const std::array<std::vector<int>, 10> kSmall = {{
    {}, {4}, {0, 8}, {0, 4, 8}, {0, 2, 6, 8}, {0, 2, 4, 6, 8}, {0, 2, 3, 5, 6, 8}, {0, 2, 3, 4, 5, 6, 8},
    {0, 1, 2, 3, 5, 6, 7, 8}, {0, 1, 2, 3, 4, 5, 6, 7, 8},
}};

void paintPips(QPainter& p, const QRectF& half, int n, const QColor& color) {
  if (n <= 0) return;
  int rows = 3, cols = 3;
  std::vector<int> cells;
  if (n <= 9) {
    cells = kSmall[static_cast<size_t>(n)];
  } else {
    rows = n <= 12 ? 4 : 6;
    // Outer columns fill top to bottom; the middle column takes what is left, centred.
    int outer = std::min(n / 2, rows);
    int middle = n - 2 * outer;
    for (int r = 0; r < outer; ++r) cells.push_back(r * 3), cells.push_back(r * 3 + 2);
    int start = (rows - middle) / 2;
    for (int r = 0; r < middle; ++r) cells.push_back((start + r) * 3 + 1);
  }
  // A half wider than tall lays the grid's rows along its width.
  const bool wide = half.width() > half.height() * 1.2;
  const double cw = half.width() / (wide ? rows : cols), ch = half.height() / (wide ? cols : rows);
  const double rad = std::min(cw, ch) * (n > 9 ? 0.34 : 0.3);
  p.setPen(Qt::NoPen);
  p.setBrush(color);
  for (int c : cells) {
    int row = c / 3, col = c % 3;
    double x = wide ? half.left() + (row + 0.5) * cw : half.left() + (col + 0.5) * cw;
    double y = wide ? half.top() + (col + 0.5) * ch : half.top() + (row + 0.5) * ch;
    p.drawEllipse(QPointF(x, y), rad, rad);
  }
}

void paintNumeral(QPainter& p, const QRectF& half, int n, const QColor& color) {
  QFont f = p.font();
  f.setBold(true);
  f.setPixelSize(std::max(7, static_cast<int>(std::min(half.width(), half.height()) * 0.72)));
  p.setFont(f);
  p.setPen(color);
  p.drawText(half, Qt::AlignCenter, QString::number(n));
}

}  // namespace

PipFace defaultPipFace() { return gFace; }
void setDefaultPipFace(PipFace face) { gFace = face; }

QString pipFaceName(PipFace face) {
  switch (face) {
    case PipFace::Numerals: return QStringLiteral("numerals");
    case PipFace::ColouredDots: return QStringLiteral("colours");
    case PipFace::Dots: break;
  }
  return QStringLiteral("dots");
}

PipFace pipFaceFromName(const QString& name) {
  if (name == QLatin1String("numerals")) return PipFace::Numerals;
  if (name == QLatin1String("colours")) return PipFace::ColouredDots;
  return PipFace::Dots;
}

// Neighbouring values far apart on the colour wheel, so 6, 8 and 9 never share a hue.
QColor pipColour(int n) {
  static const QColor kColours[] = {{25, 25, 30},   {30, 110, 220}, {30, 150, 60},  {205, 40, 40},  {120, 60, 30},
                                    {220, 120, 0},  {150, 40, 190}, {0, 150, 160},  {215, 30, 140}, {70, 70, 70},
                                    {20, 60, 140},  {110, 140, 20}, {180, 20, 60},  {0, 110, 90},   {160, 100, 0},
                                    {90, 40, 150},  {200, 70, 90},  {60, 120, 170}, {120, 90, 60}};
  return kColours[static_cast<size_t>(std::clamp(n, 0, 18))];
}

void paintDomino(QPainter& p, const QRectF& r, int a, int b, const DominoStyle& style) {
  p.save();
  p.setRenderHint(QPainter::Antialiasing, true);
  const double radius = std::min(r.width(), r.height()) * 0.14;
  if (style.glow.isValid()) {
    p.setPen(QPen(style.glow, std::max(2.0, radius * 0.7)));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), radius, radius);
  }
  QColor face = style.dim ? style.face.darker(135) : style.face;
  p.setPen(QPen(style.edge, 1.2));
  p.setBrush(face);
  p.drawRoundedRect(r, radius, radius);
  const bool wide = r.width() > r.height();
  QRectF h1 = wide ? QRectF(r.left(), r.top(), r.width() / 2, r.height()) : QRectF(r.left(), r.top(), r.width(), r.height() / 2);
  QRectF h2 = wide ? h1.translated(r.width() / 2, 0) : h1.translated(0, r.height() / 2);
  p.setPen(QPen(style.edge, 1.0));
  if (wide) p.drawLine(QPointF(h2.left(), r.top() + 3), QPointF(h2.left(), r.bottom() - 3));
  else p.drawLine(QPointF(r.left() + 3, h2.top()), QPointF(r.right() - 3, h2.top()));
  const double inset = std::min(h1.width(), h1.height()) * 0.08;
  QColor pip = style.dim ? style.pip.lighter(250) : style.pip;
  const QRectF in1 = h1.adjusted(inset, inset, -inset, -inset), in2 = h2.adjusted(inset, inset, -inset, -inset);
  if (style.faces == PipFace::Numerals) {
    paintNumeral(p, in1, a, pip);
    paintNumeral(p, in2, b, pip);
  } else if (style.faces == PipFace::ColouredDots) {
    paintPips(p, in1, a, style.dim ? pipColour(a).lighter(160) : pipColour(a));
    paintPips(p, in2, b, style.dim ? pipColour(b).lighter(160) : pipColour(b));
  } else {
    paintPips(p, in1, a, pip);
    paintPips(p, in2, b, pip);
  }
  p.restore();
}

}  // namespace concord::ui
