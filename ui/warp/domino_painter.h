// Draws one Warp coordinate as a real domino: ivory face, divider, pips in the classic patterns (up to 18).
#pragma once

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <QString>

namespace concord::ui {

/// How a half shows its value (issue 31: 7-12 dots are hard to tell apart at hand size; 8-8 was read as 8-6).
enum class PipFace { Dots, Numerals, ColouredDots };

/// The faces every domino is drawn with unless a style says otherwise (the person's choice, remembered).
PipFace defaultPipFace();
void setDefaultPipFace(PipFace face);
/// "dots", "numerals", "colours" and back (settings); unknown names are Dots.
QString pipFaceName(PipFace face);
PipFace pipFaceFromName(const QString& name);
/// The colour of value `n`'s dots in the coloured faces: each value its own, as a Double-Twelve set's.
QColor pipColour(int n);

struct DominoStyle {
  QColor face{250, 246, 232};
  QColor edge{60, 55, 45};
  QColor pip{25, 25, 30};
  QColor glow;  // a highlight ring (legal play, open double); invalid = none
  bool dim = false;
  PipFace faces = defaultPipFace();
};

/// Paints `a` on the first half and `b` on the second half of `r`: left|right when r is wider than tall,
/// top/bottom otherwise. The painter may be rotated by the caller (arms of the board).
void paintDomino(QPainter& p, const QRectF& r, int a, int b, const DominoStyle& style = {});

}  // namespace concord::ui
