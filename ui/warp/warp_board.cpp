// Board geometry: a header line, the hub (the Spacedock double, upright) at the left, and one row per arm.
// A row: its name and badges, then its coordinates from Spacedock outward (the oldest cut to "+N" when the
// row is full), then the open end as a large number, the end a captain charts onto (RULES §III).
#include "ui/warp/warp_board.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QDragEnterEvent>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainterPath>
#include <algorithm>

#include "ui/warp/domino_painter.h"
#include "ui/warp/warp_hand.h"
#include "ui/warp/captain_names.h"
#include "ui/warp/warp_trail_popup.h"

namespace concord::ui {

namespace {
const QColor kInk(30, 34, 40);
const QColor kFelt(22, 70, 58);
const QColor kYellow(240, 200, 40);
const QColor kRed(215, 45, 45);
}  // namespace

WarpBoard::WarpBoard(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("warpBoard"));
  setMinimumSize(minimumSizeHint());
}

void WarpBoard::setTable(const concord::warp::WarpGame& table, Seat viewer) {
  table_.emplace(table);
  viewer_ = viewer;
  layoutRows();
  update();
}

QString WarpBoard::armName(uint8_t line) const {
  const auto& t = *table_;
  if (line == t.seats()) return QStringLiteral("Neutral Zone");
  if (t.config().squadrons) return QStringLiteral("Squadron %1").arg(line);
  QString n = captainName(names_, line);
  return line == viewer_ ? n + QStringLiteral(" (you)") : n;
}

void WarpBoard::paintArm(QPainter& p, const QRectF& row, uint8_t line, const QPointF& hub) {
  const auto& t = *table_;
  const bool neutral = line == t.seats();
  const auto& ln = neutral ? t.neutral() : t.trail(line);
  const auto& dbl = t.openDouble();
  const bool alertHere = dbl.active && dbl.line == line;
  const bool beacon = !neutral && t.seat(line).beacon;
  // The arm leaves the hub: a line from Spacedock to the row.
  p.setPen(QPen(QColor(200, 190, 150, 160), 2));
  p.drawLine(hub, QPointF(row.left(), row.center().y()));
  QColor band = neutral ? QColor(60, 70, 80, 150) : line == viewer_ ? QColor(40, 90, 140, 170) : QColor(20, 50, 42, 170);
  p.setPen(beacon ? QPen(kRed, 2.5) : QPen(QColor(255, 255, 255, 40), 1));
  p.setBrush(band);
  p.drawRoundedRect(row, 8, 8);
  // Name and badges.
  const double labelW = 150;
  QRectF label(row.left() + 8, row.top() + 2, labelW - 8, row.height() - 4);
  QFont f = font();
  f.setBold(true);
  f.setPointSizeF(f.pointSizeF() * 1.05);
  p.setFont(f);
  p.setPen(Qt::white);
  p.drawText(label, Qt::AlignLeft | Qt::AlignTop, armName(line));
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 0.9);
  p.setFont(small);
  QStringList badges;
  if (!neutral && !t.config().squadrons) {
    const auto& st = t.seat(line);
    badges << QStringLiteral("%1 in hand").arg(st.hand.size());
    if (st.atImpulse) badges << QStringLiteral("at impulse");
  }
  if (!neutral && t.hazardHolder() == line) badges << QStringLiteral("Hazard");
  p.setPen(QColor(220, 230, 225));
  p.drawText(label, Qt::AlignLeft | Qt::AlignVCenter, badges.join(QStringLiteral(" · ")));
  if (beacon) {
    QRectF b(label.left(), label.bottom() - 18, 118, 16);
    p.setPen(Qt::NoPen);
    p.setBrush(kRed);
    p.drawRoundedRect(b, 4, 4);
    p.setPen(Qt::white);
    p.drawText(b, Qt::AlignCenter, QStringLiteral("DISTRESS BEACON"));
  }
  // Dominoes from Spacedock outward; the open end last.
  const double openW = 64, gap = 5;
  const int n = static_cast<int>(ln.main.size());
  // An alert's pill sits on the row's top edge: the dominoes keep below it, so it never covers a coordinate.
  const double pillBand = alertHere ? 22 : 0;
  const double yMid = row.top() + pillBand + (row.height() - pillBand) / 2;
  const double hMax = std::min(row.height() - 16 - pillBand, 54.0);
  // Fracture branches (§VI) get their own room before the open end, so they never sit under it.
  const double x0 = row.left() + labelW,
               xEnd = row.right() - openW - 8 - static_cast<double>(ln.branches.size()) * (hMax + 3);
  // Dominoes shrink (down to a readable 24 px) so a long arm still shows its recent coordinates.
  const double hFit = n > 0 ? ((xEnd - x0) / n - gap) / 2 : hMax;
  const double h = std::clamp(hFit, std::min(24.0, hMax), hMax), w = 2 * h;
  const int fit = std::max(1, static_cast<int>((xEnd - x0) / (w + gap)));
  int first = 0;
  double x = x0;
  if (n > fit) {
    first = n - fit + 1;  // one slot for the "+N earlier" marker; a click on it shows the whole trail
    const QRectF marker(x, yMid - h / 2, w, h);
    markers_.push_back({marker, line});
    p.setPen(QPen(QColor(230, 230, 210), 1));
    p.setBrush(QColor(255, 255, 255, 30));
    p.drawRoundedRect(marker, 5, 5);
    p.drawText(marker, Qt::AlignCenter, QStringLiteral("+%1 ›").arg(first));
    x += w + gap;
  }
  uint8_t inner = t.spacedock();
  for (int i = 0; i < first; ++i) inner = ln.main[static_cast<size_t>(i)].open;
  for (int i = first; i < n; ++i) {
    const auto& placed = ln.main[static_cast<size_t>(i)];
    DominoStyle st;
    if (alertHere && i == n - 1 && placed.tile.isDouble()) st.glow = dbl.red ? kRed : kYellow;
    QRectF at(x, yMid - h / 2, w, h);
    if (placed.tile.isDouble()) {  // a double lies crosswise, as on a real table: upright in a row read sideways
      const double dh = std::min(2 * h, row.height() - 8 - pillBand), dw = dh / 2;
      at = QRectF(x + (w - dw) / 2, yMid - dh / 2, dw, dh);
    }
    paintDomino(p, at, placed.tile.isDouble() ? placed.open : inner, placed.open, st);
    drawn_.push_back({line, placed.tile, at});
    inner = placed.open;
    x += w + gap;
  }
  // Fracture stabilizers (§VI): dead-end branches, drawn small under the row's end.
  for (size_t i = 0; i < ln.branches.size(); ++i) {
    const auto& b = ln.branches[i];
    QRectF r(x + static_cast<double>(i) * (h + 3), row.bottom() - h * 0.55 - 2, h, h * 0.5);
    paintDomino(p, r, b.tile.hi, b.tile.lo, DominoStyle{});
  }
  // The open end.
  QRectF open(row.right() - openW - 4, row.top() + 4, openW, row.height() - 8);
  p.setPen(Qt::NoPen);
  p.setBrush(alertHere ? (dbl.red ? kRed : kYellow) : QColor(250, 246, 232));
  p.drawEllipse(open.center(), std::min(open.width(), open.height()) / 2.2, std::min(open.width(), open.height()) / 2.2);
  QFont big = font();
  big.setBold(true);
  big.setPointSizeF(big.pointSizeF() * 1.6);
  p.setFont(big);
  p.setPen(alertHere && dbl.red ? Qt::white : kInk);
  p.drawText(open, Qt::AlignCenter, QString::number(ln.openEnd(t.spacedock())));
  if (alertHere) {  // RULES §IV: the alert named in a pill over the arm, with who must answer
    QFont af = font();
    af.setBold(true);
    p.setFont(af);
    QString what = dbl.red ? QStringLiteral("RED ALERT") : QStringLiteral("YELLOW ALERT");
    if (dbl.fracture) what = QStringLiteral("SUBSPACE FRACTURE · stabilizers %1/3").arg(dbl.stabilizers);
    const uint8_t who = dbl.red ? dbl.responsible : dbl.charter;
    what += QStringLiteral(" · %1 must answer %2").arg(who == viewer_ ? QStringLiteral("you") : captainName(names_, who)).arg(dbl.pip);
    const double pillW = QFontMetricsF(af).horizontalAdvance(what) + 16;
    QRectF pill(std::max(x0, xEnd - pillW), row.top() + 3, pillW, 18);
    p.setPen(Qt::NoPen);
    p.setBrush(dbl.red || dbl.fracture ? kRed : kYellow);
    p.drawRoundedRect(pill, 9, 9);
    p.setPen(dbl.red || dbl.fracture ? Qt::white : kInk);
    p.drawText(pill, Qt::AlignCenter, what);
  }
}

// One row per trail (or squadron trail), then the Neutral Zone, right of the hub.
void WarpBoard::layoutRows() {
  rows_.clear();
  if (!table_) return;
  const auto& t = *table_;
  std::vector<int> lines;
  const int trails = t.config().squadrons ? t.config().squadrons : static_cast<int>(t.seats());
  for (int l = 0; l < trails; ++l) lines.push_back(l);
  lines.push_back(static_cast<int>(t.seats()));
  const double top = 30, bottom = t.grid().empty() ? 8 : 48;
  const double rowH = std::min(104.0, (height() - top - bottom) / static_cast<double>(lines.size()));
  const double hubW = std::min(120.0, rowH * 1.8) / 2;
  const double left = 30 + hubW + 36;
  for (size_t i = 0; i < lines.size(); ++i)
    rows_.push_back({QRectF(left, top + static_cast<double>(i) * rowH + 3, width() - left - 12, rowH - 6), lines[i]});
}

void WarpBoard::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  layoutRows();
}

int WarpBoard::lineAt(const QPointF& pos) const {
  for (const auto& [r, line] : rows_)
    if (r.contains(pos)) return line;
  return -1;
}

QRectF WarpBoard::armRect(int line) const {
  for (const auto& [r, l] : rows_)
    if (l == line) return r;
  return {};
}

QRectF WarpBoard::moreRect(int line) const {
  for (const auto& [r, l] : markers_)
    if (l == line) return r;
  return {};
}

// A click on an arm's "+N ›" opens the whole trail, every coordinate from Spacedock outward (issue 31).
void WarpBoard::mousePressEvent(QMouseEvent* e) {
  for (const auto& [r, line] : markers_)
    if (r.contains(e->position())) return showWholeTrail(line);
  QWidget::mousePressEvent(e);
}

void WarpBoard::showWholeTrail(int line) {
  if (!table_) return;
  const auto& t = *table_;
  const auto& ln = line == static_cast<int>(t.seats()) ? t.neutral() : t.trail(static_cast<uint8_t>(line));
  std::vector<std::pair<int, int>> tiles;
  int inner = t.spacedock();
  for (const auto& placed : ln.main) {
    tiles.push_back({inner, placed.open});
    inner = placed.open;
  }
  if (!trail_) trail_ = new WarpTrailPopup(this);
  trail_->show(armName(static_cast<uint8_t>(line)), tiles, mapToGlobal(armRect(line).bottomLeft().toPoint()));
}

void WarpBoard::dragEnterEvent(QDragEnterEvent* e) {
  if (e->mimeData()->hasFormat(QString::fromLatin1(kTileMime))) e->acceptProposedAction();
}

void WarpBoard::dragMoveEvent(QDragMoveEvent* e) {
  const int line = lineAt(e->position());
  if (line != dragOver_) {
    dragOver_ = line;
    update();
  }
  line >= 0 ? e->acceptProposedAction() : e->ignore();
}

void WarpBoard::dragLeaveEvent(QDragLeaveEvent*) {
  dragOver_ = -1;
  update();
}

void WarpBoard::dropEvent(QDropEvent* e) {
  dragOver_ = -1;
  update();
  bool ok = false;
  const int tile = e->mimeData()->data(QString::fromLatin1(kTileMime)).toInt(&ok);
  const int line = lineAt(e->position());
  if (!ok || line < 0) return e->ignore();
  e->acceptProposedAction();
  emit tileDropped(tile, line);
}

void WarpBoard::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing, true);
  p.fillRect(rect(), kFelt);
  if (!table_) {
    p.setPen(Qt::white);
    p.drawText(rect(), Qt::AlignCenter, QStringLiteral("No table yet"));
    return;
  }
  const auto& t = *table_;
  // Header: round, Spacedock, pile, helm, directives.
  // "Helm" means one thing in the client: whose turn it is (RULES §III "has the helm"; rules-decisions.md).
  const QString helm = t.toAct() == viewer_ ? QStringLiteral("you") : captainName(names_, t.toAct());
  QString head = QStringLiteral("Round %1   ·   Spacedock %2-%2   ·   Uncharted Sectors: %3   ·   Helm (to act): %4%5")
                     .arg(t.round())
                     .arg(t.spacedock())
                     .arg(t.pile().size())
                     .arg(t.over() ? QStringLiteral("nobody") : helm)
                     .arg(t.reversed() ? QStringLiteral(" (counter-clockwise)") : QString());
  QFont hf = font();
  hf.setBold(true);
  p.setFont(hf);
  p.setPen(QColor(240, 235, 210));
  p.drawText(QRectF(12, 4, width() - 24, 22), Qt::AlignLeft | Qt::AlignVCenter, head);
  layoutRows();
  markers_.clear();
  const double rowH = rows_.empty() ? 0 : rows_.front().first.height() + 6;
  const double top = 30;
  // The hub: the Spacedock double, upright, centred on the rows.
  const double hubH = std::min(120.0, rowH * 1.8), hubW = hubH / 2;
  QRectF hub(30, top + (rowH * static_cast<double>(rows_.size()) - hubH) / 2, hubW, hubH);
  const QPointF hubOut(hub.right(), hub.center().y());
  for (const auto& [row, line] : rows_) {
    paintArm(p, row, static_cast<uint8_t>(line), hubOut);
    if (line == dragOver_) {  // the arm a dragged coordinate would be charted on
      p.setPen(QPen(QColor(70, 200, 120), 3));
      p.setBrush(Qt::NoBrush);
      p.drawRoundedRect(row.adjusted(-2, -2, 2, 2), 9, 9);
    }
  }
  DominoStyle hubStyle;
  hubStyle.glow = QColor(200, 190, 150);
  paintDomino(p, hub, t.spacedock(), t.spacedock(), hubStyle);
  p.setPen(QColor(240, 235, 210));
  QFont lf = font();
  lf.setPointSizeF(lf.pointSizeF() * 0.85);
  p.setFont(lf);
  p.drawText(QRectF(hub.center().x() - 50, hub.bottom() + 4, 100, 18), Qt::AlignCenter, QStringLiteral("Spacedock"));
  // Module Gamma's Sensor Grid, face up along the bottom.
  if (!t.grid().empty()) {
    double x = 16, y = height() - 40;
    p.drawText(QRectF(x, y, 100, 32), Qt::AlignVCenter, QStringLiteral("Sensor Grid"));
    x += 100;
    for (auto tile : t.grid()) {
      paintDomino(p, QRectF(x, y, 56, 28), tile.hi, tile.lo);
      x += 62;
    }
  }
}

}  // namespace concord::ui
