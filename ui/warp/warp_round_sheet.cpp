#include "ui/warp/warp_round_sheet.h"

#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/shell/instant_key.h"
#include "ui/warp/domino_painter.h"

namespace concord::ui {

namespace {

// The coordinates a captain is left holding, small and side by side, wrapping when there are many.
class SheetTiles : public QWidget {
 public:
  SheetTiles(std::vector<std::pair<int, int>> tiles, QWidget* parent) : QWidget(parent), tiles_(std::move(tiles)) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
  }
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int w) const override {
    const int perRow = std::max(1, w / (kW + kGap));
    const int rows = std::max(1, (static_cast<int>(tiles_.size()) + perRow - 1) / perRow);
    return rows * (kH + kGap);
  }
  QSize sizeHint() const override { return {8 * (kW + kGap), kH + kGap}; }
  QSize minimumSizeHint() const override { return {kW + kGap, kH + kGap}; }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    const int perRow = std::max(1, width() / (kW + kGap));
    for (size_t i = 0; i < tiles_.size(); ++i) {
      const int col = static_cast<int>(i) % perRow, row = static_cast<int>(i) / perRow;
      paintDomino(p, QRectF(col * (kW + kGap), row * (kH + kGap) + 1, kW, kH), tiles_[i].first, tiles_[i].second);
    }
  }

 private:
  static constexpr int kW = 56, kH = 28, kGap = 4;
  std::vector<std::pair<int, int>> tiles_;
};

}  // namespace

TallyRow parseTallyLine(const QString& line) {
  TallyRow row;
  const qsizetype colon = line.indexOf(QStringLiteral(": "));
  row.captain = colon < 0 ? line : line.left(colon);
  QString rest = colon < 0 ? QString() : line.mid(colon + 2);
  static const QRegularExpression campaign(QStringLiteral(R"(\s*->\s*(-?\d+)\s*\(campaign (-?\d+)\)\s*$)"));
  if (auto m = campaign.match(rest); m.hasMatch()) {
    row.points = m.captured(1);
    row.campaign = m.captured(2);
    rest = rest.left(m.capturedStart());
  }
  // "5-3 = 8" parts are drawn as dominoes; the other words stay (notes such as "(Salamander)", penalties).
  static const QRegularExpression tile(QStringLiteral(R"((\d+)-(\d+) = -?\d+)"));
  QStringList words;
  for (const QString& part : rest.split(QStringLiteral(", "), Qt::SkipEmptyParts)) {
    auto m = tile.match(part);
    if (m.hasMatch() && m.capturedStart() == 0) {
      row.tiles.push_back({m.captured(1).toInt(), m.captured(2).toInt()});
      const QString note = part.mid(m.capturedEnd()).trimmed();
      if (!note.isEmpty()) words << m.captured(1) + QLatin1Char('-') + m.captured(2) + QLatin1Char(' ') + note;
    } else {
      words << part;
    }
  }
  row.detail = words.join(QStringLiteral(", "));
  return row;
}

WarpRoundSheet::WarpRoundSheet(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("roundSheet"));
  title_ = new QLabel(this);
  title_->setObjectName(QStringLiteral("roundSheetTitle"));
  QFont f = title_->font();
  f.setBold(true);
  f.setPointSizeF(f.pointSizeF() * 1.4);
  title_->setFont(f);
  auto* body = new QWidget(this);
  grid_ = new QGridLayout(body);
  grid_->setColumnStretch(1, 1);
  auto* scroll = new QScrollArea(this);  // eight captains with big hands scroll, never push the buttons off
  scroll->setWidget(body);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  all_ = new QPushButton(tr("Show all (T)"), this);
  all_->setObjectName(QStringLiteral("tallyAll"));
  bindKey(all_, Qt::Key_T);
  next_ = new QPushButton(tr("Next round"), this);
  next_->setObjectName(QStringLiteral("nextRound"));
  next_->setDefault(true);
  bindKey(next_, Qt::Key_Return);
  next_->setToolTip(tr("Back to the table and the new deal (Return)"));
  auto* buttons = new QHBoxLayout;
  buttons->addStretch(1);
  buttons->addWidget(all_);
  buttons->addWidget(next_);
  auto* v = new QVBoxLayout(this);
  v->addWidget(title_);
  v->addWidget(scroll, 1);
  v->addLayout(buttons);
  timer_ = new QTimer(this);
  connect(timer_, &QTimer::timeout, this, [this] {
    if (++shown_ >= total()) timer_->stop();
    render();
  });
  connect(all_, &QPushButton::clicked, this, &WarpRoundSheet::showAll);
  connect(next_, &QPushButton::clicked, this, &WarpRoundSheet::nextRound);
}

void WarpRoundSheet::setLines(const QStringList& lines, int round) {
  timer_->stop();
  for (auto& row : cells_)
    for (auto* w : row) w->deleteLater();
  cells_.clear();
  rows_.clear();
  title_->setText(round > 0 ? tr("Round %1 is over: the tally (RULES §V)").arg(round) : tr("The round is over: the tally (RULES §V)"));
  auto bold = [](QLabel* l) {
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    return l;
  };
  const QStringList heads = {tr("Captain"), tr("Left in hand"), tr("Points"), tr("Campaign")};
  if (cells_.empty()) {
    std::vector<QWidget*> head;
    for (int c = 0; c < static_cast<int>(heads.size()); ++c) {
      auto* l = bold(new QLabel(heads[c], grid_->parentWidget()));
      grid_->addWidget(l, 0, c);
      head.push_back(l);
    }
    cells_.push_back(head);
  }
  for (const auto& line : lines) {
    rows_.push_back(parseTallyLine(line));
    const auto& r = rows_.back();
    const int at = static_cast<int>(rows_.size());
    auto* what = new QWidget(grid_->parentWidget());
    auto* wv = new QVBoxLayout(what);
    wv->setContentsMargins(0, 0, 0, 0);
    if (!r.tiles.empty()) wv->addWidget(new SheetTiles(r.tiles, what));
    auto* detail = new QLabel(r.detail, what);
    detail->setWordWrap(true);
    detail->setVisible(!r.detail.isEmpty());
    wv->addWidget(detail);
    auto* points = bold(new QLabel(r.points, grid_->parentWidget()));
    points->setObjectName(QStringLiteral("sheetPoints-%1").arg(at - 1));
    auto* campaign = new QLabel(r.campaign, grid_->parentWidget());
    std::vector<QWidget*> row = {bold(new QLabel(r.captain, grid_->parentWidget())), what, points, campaign};
    for (int c = 0; c < 4; ++c) grid_->addWidget(row[static_cast<size_t>(c)], at, c, c == 1 ? Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
    cells_.push_back(row);
  }
  grid_->setRowStretch(static_cast<int>(rows_.size()) + 1, 1);
  shown_ = stepMs_ > 0 ? std::min(1, total()) : total();
  if (shown_ < total()) timer_->start(stepMs_);
  render();
}

void WarpRoundSheet::showAll() {
  timer_->stop();
  shown_ = total();
  render();
}

void WarpRoundSheet::render() {
  for (size_t r = 1; r < cells_.size(); ++r)
    for (auto* w : cells_[r]) w->setVisible(static_cast<int>(r) <= shown_);
  all_->setVisible(shown_ < total());
}

}  // namespace concord::ui
