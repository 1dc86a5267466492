#include "ui/warp/warp_table_view.h"

#include <QHBoxLayout>
#include <QRegularExpression>
#include <QScrollArea>
#include <algorithm>
#include <QVBoxLayout>

#include "core/warp/ai/officer.h"
#include "ui/warp/warp_actions.h"
#include "ui/warp/warp_board.h"
#include "ui/warp/warp_open_hands.h"
#include "ui/warp/warp_scoreboard.h"
#include "ui/warp/warp_round_sheet.h"
#include "ui/warp/captain_names.h"
#include "ui/warp/warp_wormhole.h"

namespace concord::ui {

namespace cw = concord::warp;

int warpRoundOf(const Game& game) {
  auto t = cw::ai::tableOf(game.observe(kOmniscient));
  return t ? t->round() : -1;
}

WarpTableView::WarpTableView(QWidget* parent) : TableView(parent) {
  setObjectName(QStringLiteral("warpTable"));
  tablePage_ = new QWidget(this);
  board_ = new WarpBoard(tablePage_);
  hand_ = new WarpHand(tablePage_);
  hands_ = new WarpOpenHands(tablePage_);
  actions_ = new WarpActions(tablePage_);
  explanation_ = new QLabel(tablePage_);
  explanation_->setObjectName(QStringLiteral("explanation"));
  explanation_->setWordWrap(true);
  explanation_->setStyleSheet(QStringLiteral("color: #b02020; font-weight: bold;"));
  scores_ = new WarpScoreboard(tablePage_);
  wormhole_ = new WormholeConfirm(tablePage_);
  // The board takes the width and what height is left; under it your hand (a fixed height: nothing below the
  // board moves when the hand grows or a round ends), orders and the rule's explanation, beside the scoreboard.
  auto* controls = new QVBoxLayout;
  controls->addWidget(hand_);
  // Every hand whole, but a table of long hands scrolls here instead of growing the window past the screen.
  handsScroll_ = new QScrollArea(tablePage_);
  handsScroll_->setObjectName(QStringLiteral("allHandsScroll"));
  handsScroll_->setWidget(hands_);
  handsScroll_->setWidgetResizable(true);
  handsScroll_->setFrameShape(QFrame::NoFrame);
  handsScroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  controls->addWidget(handsScroll_, 1);
  controls->addWidget(wormhole_);
  controls->addWidget(actions_);
  controls->addWidget(explanation_);
  controls->addStretch(1);
  lowerBox_ = new QWidget(tablePage_);
  auto* lower = new QHBoxLayout(lowerBox_);
  lower->setContentsMargins(0, 0, 0, 0);
  lower->addLayout(controls, 1);
  lower->addWidget(scores_, 0, Qt::AlignTop);
  scores_->setFixedWidth(460);  // every column of four captains without a scrollbar; fixed, so the hand never moves
  scores_->setMaximumHeight(170);
  auto* top = new QVBoxLayout(tablePage_);
  top->setContentsMargins(0, 0, 0, 0);
  top->addWidget(board_, 1);
  top->addWidget(lowerBox_);
  // RULES §V the round-end moment: the score sheet takes the table's place until "Next round".
  sheetPage_ = new QWidget(this);
  sheet_ = new WarpRoundSheet(sheetPage_);
  auto* sv = new QVBoxLayout(sheetPage_);
  sv->addWidget(sheet_);
  pages_ = new QStackedLayout(this);
  pages_->addWidget(tablePage_);
  pages_->addWidget(sheetPage_);
  connect(sheet_, &WarpRoundSheet::nextRound, this, [this] { pages_->setCurrentWidget(tablePage_); });
  connect(hand_, &WarpHand::tileClicked, this, &WarpTableView::tileClicked);
  connect(hand_, &WarpHand::facesChanged, board_, qOverload<>(&QWidget::update));
  connect(hand_, &WarpHand::facesChanged, hands_, qOverload<>(&QWidget::update));
  connect(actions_, &WarpActions::chosen, this, [this](const Order& o) {
    explain({});
    pendingTile_.reset();
    send(o);
  });
  connect(board_, &WarpBoard::tileDropped, this, &WarpTableView::tileDropped);
  connect(wormhole_, &WormholeConfirm::confirmed, this, [this](const Order& o) { emit orderChosen(o); });
  connect(wormhole_, &WormholeConfirm::cancelled, this, [this] { showActions(); });
}

QString WarpTableView::standingAlert() const {
  if (!table_) return {};
  const auto& d = table_->openDouble();
  if (!d.active) return {};
  if (d.fracture) return tr("Subspace Fracture!");
  return d.red ? tr("Red Alert!") : tr("Yellow Alert.");
}

bool WarpTableView::sameMoment(const TableFrame& f) const {
  return table_ && f.me == frame_.me && f.outOfTurn == frame_.outOfTurn && f.legal == frame_.legal &&
         f.seatGrades == frame_.seatGrades && f.obs.canonical == frame_.obs.canonical;
}

void WarpTableView::explain(const QString& text) { explanation_->setText(text); }

// Issue 31: a network table redraws once a second (turn clock, status); a frame that shows the same moment
// changes nothing, and a new one keeps a pending "which line?" question or Wormhole confirmation while its
// orders are still legal. Only a changed table (or the order sent) takes a question down.
void WarpTableView::showFrame(const TableFrame& frame) {
  if (sameMoment(frame)) {
    frame_.game = frame.game;  // the session's copy may have been replaced; validate() asks this one
    return;
  }
  frame_ = frame;
  chartsByTile_.clear();
  auto t = cw::ai::tableOf(frame.obs);
  if (!t) {
    table_.reset();
    explain(QStringLiteral("This observation cannot be drawn: ") + QString::fromStdString(t.message()));
    return;
  }
  table_.emplace(std::move(*t));
  const auto& tab = *table_;
  board_->setNames(frame.seatNames);
  board_->setTable(tab, frame.me);
  scores_->setNames(frame.seatNames);
  scores_->setGrades(frame.seatGrades);
  scores_->setTable(tab, frame.me);
  QStringList tally;
  static const QRegularExpression tallyCaptain(QStringLiteral(R"(^Captain (\d+): )"));
  for (const auto& line : tab.tally()) {
    QString row = QString::fromStdString(line);
    if (auto m = tallyCaptain.match(row); m.hasMatch())  // the sheet names each captain as the table does
      row.replace(0, m.capturedLength(), captainName(frame.seatNames, static_cast<Seat>(m.captured(1).toInt())) + QStringLiteral(": "));
    tally << row;
  }
  // A tally new since the last frame is a round just ended: its sheet comes up at a seat (the replay viewer's
  // omniscient and public views step through turns and show the scoreboard instead).
  if (tallySeen_ && *tallySeen_ != tally && !tally.isEmpty() && frame.me < tab.seats()) {
    sheet_->setLines(tally, tab.round() - (tab.over() ? 0 : 1));
    pages_->setCurrentWidget(sheetPage_);
  }
  tallySeen_ = tally;
  board_->setDropEnabled(frame.mayAct());
  for (const auto& o : frame.legal) {
    auto d = cw::decodeOrder(o, tab.config().maxPip);
    if (d && d->kind == cw::kChart) chartsByTile_[d->tile.index()].push_back(o);
  }
  const bool seated = frame.me < tab.seats();
  hand_->setVisible(seated);
  // At a seat the area under the board has one height whatever the orders, the explanation or the round: the
  // board never resizes, so the hand never moves (issue 31). The omniscient hands take what they need.
  if (seated) {
    lowerBox_->setFixedHeight(hand_->sizeHint().height() + kOrdersHeight);
  } else {
    lowerBox_->setMinimumHeight(0);
    lowerBox_->setMaximumHeight(QWIDGETSIZE_MAX);
  }
  // Every hand face up for the omniscient view only: a spectator's table (issue 26) holds no real hand.
  handsScroll_->setVisible(frame.me == kOmniscient);
  if (seated) drawHand();
  else if (frame.me == kOmniscient) {
    hands_->setTable(tab);
    // The hands show whole up to about half the page (four captains' long hands); more scrolls, the board keeps the rest.
    handsScroll_->setMinimumHeight(std::min(hands_->height() + 2, 380));
  }
  const bool stillAsking = wormhole_->asking() && std::find(frame.legal.begin(), frame.legal.end(), wormhole_->order()) != frame.legal.end();
  if (!stillAsking) wormhole_->hide();
  if (pendingTile_ && chartsByTile_.count(*pendingTile_) && chartsByTile_[*pendingTile_].size() > 1) {
    if (!stillAsking) askRoute(*pendingTile_);
    return;
  }
  pendingTile_.reset();
  if (!stillAsking) showActions();
}

void WarpTableView::drawHand() {
  const auto& tab = *table_;
  const auto& frame = frame_;
  std::vector<HandTile> tiles;
  for (auto tile : tab.seat(frame.me).hand) {
    HandTile h{tile, chartsByTile_.count(tile.index()) > 0, {}, false};
    if (h.legal)
      for (const auto& o : chartsByTile_[tile.index()]) h.wormhole = h.wormhole || opensWormhole(tab, frame.me, o);
    if (!h.legal && frame.mayAct()) {
      auto why = frame.game->validate(frame.me, cw::chartOrder(tile, cw::Route{}));
      h.why = why ? QStringLiteral("not now") : QString::fromStdString(why.message());
    }
    tiles.push_back(h);
  }
  hand_->setHand(tiles, frame.mayAct());
}

void WarpTableView::showActions() {
  std::vector<WarpActions::Choice> choices;
  if (table_ && frame_.mayAct()) {
    for (const auto& o : frame_.legal) {
      auto d = cw::decodeOrder(o, table_->config().maxPip);
      if (!d || d->kind == cw::kChart) continue;
      choices.push_back({warpOrderKey(*d), warpOrderLabel(*d, frame_.me), o});
    }
  }
  QString prompt;
  if (frame_.mayAct()) prompt = chartsByTile_.empty() ? tr("Your orders:") : tr("Click a glowing coordinate, or:");
  if (frame_.mayAct() && choices.empty()) prompt = tr("Click a glowing coordinate to chart it.");
  actions_->setChoices(prompt, choices);
}

void WarpTableView::tileClicked(const HandTile& t) {
  if (!frame_.mayAct()) {
    explain(tr("It is not your decision now: wait for your turn."));
    return;
  }
  auto it = chartsByTile_.find(t.tile.index());
  if (it == chartsByTile_.end()) {
    explain(QString::fromStdString(t.tile.text()) + QStringLiteral(": ") + t.why);
    return;
  }
  explain({});
  if (it->second.size() == 1) {
    pendingTile_.reset();
    send(it->second.front());
    return;
  }
  askRoute(t.tile.index());
}

// More than one line takes it: ask where (§III routes). The question stays until answered or the table changes.
void WarpTableView::askRoute(int tileIndex) {
  const auto& orders = chartsByTile_[tileIndex];
  pendingTile_ = tileIndex;
  std::vector<WarpActions::Choice> routes;
  QString text;
  for (const auto& o : orders) {
    auto d = cw::decodeOrder(o, table_->config().maxPip);
    if (!d) continue;
    text = QString::fromStdString(d->tile.text());
    QString label = warpRouteLabel(d->route, frame_.me);
    if (opensWormhole(*table_, frame_.me, o)) label += tr("  (opens a Wormhole)");
    routes.push_back({warpOrderKey(*d), label, o});
  }
  actions_->setChoices(tr("Chart %1 on:").arg(text), routes);
}

}  // namespace concord::ui

namespace concord::ui {

bool WarpTableView::askingWormhole() const { return wormhole_->asking(); }

void WarpTableView::send(const Order& o) {
  pendingTile_.reset();
  if (table_ && opensWormhole(*table_, frame_.me, o)) {
    auto d = cw::decodeOrder(o, table_->config().maxPip);
    actions_->setChoices({}, {});
    wormhole_->ask(o, d ? QString::fromStdString(d->tile.text()) : QString());
    return;
  }
  emit orderChosen(o);
}

// A coordinate dragged onto an arm: the chart order of that tile whose route is that arm's line (RULES §III
// routes), else the rule's words for charting it there.
void WarpTableView::tileDropped(int tileIndex, int line) {
  if (!table_ || !frame_.mayAct()) return explain(tr("It is not your decision now: wait for your turn."));
  const auto& tab = *table_;
  std::optional<cw::Tile> tile;
  for (auto t : tab.seat(frame_.me).hand)
    if (t.index() == tileIndex) tile = t;
  if (!tile) return;
  cw::Route route;
  if (line == static_cast<int>(tab.seats())) route.kind = cw::RouteKind::Neutral;
  else if (line == tab.homeLine(frame_.me)) route.kind = cw::RouteKind::Own;
  else route = cw::Route{cw::RouteKind::Seat, static_cast<uint8_t>(line)};
  const Order o = cw::chartOrder(*tile, route);
  auto ok = frame_.game->validate(frame_.me, o);
  if (!ok) {
    explain(QString::fromStdString(tile->text()) + QStringLiteral(" on ") + warpRouteLabel(route, frame_.me) +
            QStringLiteral(": ") + QString::fromStdString(ok.message()));
    return;
  }
  explain({});
  send(o);
}

}  // namespace concord::ui
