#include "ui/lobby/net_game_page.h"

#include <QHBoxLayout>
#include <QSplitter>
#include <QVBoxLayout>

#include "ui/shell/leave_confirm.h"

namespace concord::ui {

NetGamePage::NetGamePage(NetSession& session, const std::string& moduleId, QWidget* parent) : QWidget(parent), session_(session) {
  setObjectName(QStringLiteral("netGamePage"));
  auto* split = new QSplitter(Qt::Horizontal, this);
  if (auto mod = moduleUi(moduleId)) table_ = (*mod)->makeTable(split);
  auto* side = new QSplitter(Qt::Vertical, split);
  log_ = new QListWidget(side);
  log_->setObjectName(QStringLiteral("roundLog"));
  log_->setWordWrap(true);
  comms_ = new CommsPanel(side);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  split->setSizes({1000, 380});
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("status"));
  status_->setWordWrap(true);
  letGo_ = new QPushButton(tr("Let it go"), this);
  letGo_->setObjectName(QStringLiteral("letGo"));
  auto* leave = new QPushButton(tr("Leave the table"), this);
  leave->setObjectName(QStringLiteral("leaveTable"));
  leaveConfirm_ = new LeaveConfirm(tr("The others play on with an AI officer in your seat."), this);
  auto* bar = new QHBoxLayout;
  bar->addWidget(status_, 1);
  bar->addWidget(letGo_);
  bar->addWidget(leave);
  auto* v = new QVBoxLayout(this);
  v->addWidget(split, 1);
  v->addWidget(leaveConfirm_);
  v->addLayout(bar);
  if (table_)
    connect(table_, &TableView::orderChosen, this, [this](const Order& o) {
      if (auto r = session_.choose(o); !r) status_->setText(QString::fromStdString(r.message()));
    });
  connect(letGo_, &QPushButton::clicked, this, [this] { (void)session_.letGo(); });
  // A game not over asks first (issue 31); after it, or once the session ended, Leave leaves.
  connect(leave, &QPushButton::clicked, this, [this] {
    session_.finished() || session_.over() ? emit leaveRequested() : leaveConfirm_->ask();
  });
  connect(leaveConfirm_, &LeaveConfirm::confirmed, this, [this] {
    emit leaveRequested();
    refresh();  // our seat decides nothing now: no tile glows, no order button
  });
}

void NetGamePage::refresh() {
  if (!session_.inGame()) return;
  const auto frame = session_.frame();
  if (table_) table_->showFrame(frame);
  const auto& lines = session_.narration();
  for (size_t i = logShown_; i < lines.size(); ++i) log_->addItem(QString::fromStdString(lines[i]));
  if (logShown_ != lines.size()) log_->scrollToBottom();
  logShown_ = lines.size();
  letGo_->setVisible(frame.outOfTurn);
  const auto& st = session_.status();
  QString text;
  if (session_.over()) {
    auto out = session_.view()->outcome();
    text = tr("Game over. %1  Post-game comms are open.").arg(QString::fromStdString(out ? out->summary : std::string()));
  } else if (frame.mayAct()) {
    text = frame.outOfTurn ? tr("You may act out of turn.") : tr("Your turn.");
    if (table_ && !table_->standingAlert().isEmpty()) text = table_->standingAlert() + QStringLiteral("  ") + text;
    if (session_.clockLeftSeconds() >= 0) text += tr("  Turn clock: %1 s, then your officer plays this turn.").arg(session_.clockLeftSeconds());
  } else {
    QStringList who;
    for (Seat s : st.deciding) who << session_.seatName(s);
    text = who.isEmpty() ? tr("Turn %1.").arg(session_.turn()) : tr("Turn %1: %2 deciding…").arg(session_.turn()).arg(who.join(QStringLiteral(", ")));
    if (st.syncing) text += tr(" (catching up)");
    else if (st.waitedMs > 2000 && who.isEmpty())
      text += tr(" Waiting %1 s; a silent seat is handed to an AI officer in %2 s.").arg(st.waitedMs / 1000).arg((st.substituteInMs + 999) / 1000);
  }
  status_->setText(text);
}

}  // namespace concord::ui
