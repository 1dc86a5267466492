#include "ui/warp/warp_table_view.h"

#include <QHBoxLayout>
#include <QVBoxLayout>

#include "core/warp/ai/officer.h"
#include "ui/warp/warp_actions.h"
#include "ui/warp/warp_board.h"
#include "ui/warp/warp_open_hands.h"
#include "ui/warp/warp_scoreboard.h"
#include "ui/warp/warp_tally.h"
#include "ui/warp/warp_wormhole.h"

namespace concord::ui {

namespace cw = concord::warp;

int warpRoundOf(const Game& game) {
  auto t = cw::ai::tableOf(game.observe(kOmniscient));
  return t ? t->round() : -1;
}

WarpTableView::WarpTableView(QWidget* parent) : TableView(parent) {
  setObjectName(QStringLiteral("warpTable"));
  board_ = new WarpBoard(this);
  hand_ = new WarpHand(this);
  hands_ = new WarpOpenHands(this);
  actions_ = new WarpActions(this);
  explanation_ = new QLabel(this);
  explanation_->setObjectName(QStringLiteral("explanation"));
  explanation_->setWordWrap(true);
  explanation_->setStyleSheet(QStringLiteral("color: #b02020; font-weight: bold;"));
  scores_ = new WarpScoreboard(this);
  wormhole_ = new WormholeConfirm(this);
  // The board takes the width; under it your hand, orders and the rule's explanation, beside the scoreboard.
  auto* controls = new QVBoxLayout;
  controls->addWidget(hand_);
  controls->addWidget(hands_);
  controls->addWidget(wormhole_);
  controls->addWidget(actions_);
  controls->addWidget(explanation_);
  controls->addStretch(1);
  tally_ = new WarpTally(this);
  auto* side = new QVBoxLayout;
  side->addWidget(scores_);
  side->addWidget(tally_, 1);
  auto* lower = new QHBoxLayout;
  lower->addLayout(controls, 1);
  lower->addLayout(side);
  scores_->setFixedWidth(450);
  tally_->setFixedWidth(450);
  scores_->setMaximumHeight(170);
  auto* top = new QVBoxLayout(this);
  top->setContentsMargins(0, 0, 0, 0);
  top->addWidget(board_, 1);
  top->addLayout(lower);
  connect(hand_, &WarpHand::tileClicked, this, &WarpTableView::tileClicked);
  connect(actions_, &WarpActions::chosen, this, [this](const Order& o) {
    explain({});
    send(o);
  });
  connect(board_, &WarpBoard::tileDropped, this, &WarpTableView::tileDropped);
  connect(wormhole_, &WormholeConfirm::confirmed, this, [this](const Order& o) { emit orderChosen(o); });
  connect(wormhole_, &WormholeConfirm::cancelled, this, [this] { showActions(); });
}

void WarpTableView::explain(const QString& text) { explanation_->setText(text); }

void WarpTableView::showFrame(const TableFrame& frame) {
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
  board_->setTable(tab, frame.me);
  scores_->setTable(tab, frame.me);
  scores_->setGrades(frame.seatGrades);
  QStringList tally;
  for (const auto& line : tab.tally()) tally << QString::fromStdString(line);
  tally_->setLines(tally);
  wormhole_->hide();  // a new moment: any question asked of the last one is void
  board_->setDropEnabled(frame.mayAct());
  for (const auto& o : frame.legal) {
    auto d = cw::decodeOrder(o, tab.config().maxPip);
    if (d && d->kind == cw::kChart) chartsByTile_[d->tile.index()].push_back(o);
  }
  const bool seated = frame.me < tab.seats();
  hand_->setVisible(seated);
  // Every hand face up for the omniscient view only: a spectator's table (issue 26) holds no real hand.
  hands_->setVisible(frame.me == kOmniscient);
  if (seated) {
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
  } else if (frame.me == kOmniscient) {
    hands_->setTable(tab);
  }
  showActions();
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
    send(it->second.front());
    return;
  }
  // More than one line takes it: ask where (§III routes).
  std::vector<WarpActions::Choice> routes;
  for (const auto& o : it->second) {
    auto d = cw::decodeOrder(o, table_->config().maxPip);
    if (!d) continue;
    QString label = warpRouteLabel(d->route, frame_.me);
    if (opensWormhole(*table_, frame_.me, o)) label += tr("  (opens a Wormhole)");
    routes.push_back({warpOrderKey(*d), label, o});
  }
  actions_->setChoices(tr("Chart %1 on:").arg(QString::fromStdString(t.tile.text())), routes);
}

}  // namespace concord::ui

namespace concord::ui {

bool WarpTableView::askingWormhole() const { return wormhole_->asking(); }

void WarpTableView::send(const Order& o) {
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
