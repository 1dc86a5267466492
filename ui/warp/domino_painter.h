// Draws one Warp coordinate as a real domino: ivory face, divider, pips in the classic patterns (up to 18).
#pragma once

#include <QColor>
#include <QPainter>
#include <QRectF>

namespace concord::ui {

struct DominoStyle {
  QColor face{250, 246, 232};
  QColor edge{60, 55, 45};
  QColor pip{25, 25, 30};
  QColor glow;  // a highlight ring (legal play, open double); invalid = none
  bool dim = false;
};

/// Paints `a` on the first half and `b` on the second half of `r`: left|right when r is wider than tall,
/// top/bottom otherwise. The painter may be rotated by the caller (arms of the board).
void paintDomino(QPainter& p, const QRectF& r, int a, int b, const DominoStyle& style = {});

}  // namespace concord::ui
