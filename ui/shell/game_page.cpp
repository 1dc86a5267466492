#include "ui/shell/game_page.h"

#include <QHBoxLayout>
#include <QMessageBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace concord::ui {

GamePage::GamePage(std::unique_ptr<SoloSession> session, QWidget* parent) : QWidget(parent), session_(std::move(session)) {
  setObjectName(QStringLiteral("gamePage"));
  auto mod = moduleUi(session_->setup().moduleId);
  auto* split = new QSplitter(Qt::Horizontal, this);
  if (mod) table_ = (*mod)->makeTable(split);
  log_ = new QListWidget(split);
  log_->setObjectName(QStringLiteral("roundLog"));
  log_->setWordWrap(true);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  split->setSizes({1000, 340});
  log_->setMinimumWidth(240);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("status"));
  letGo_ = new QPushButton(tr("Let it go"), this);
  letGo_->setObjectName(QStringLiteral("letGo"));
  auto* back = new QPushButton(tr("Leave the table"), this);
  auto* bar = new QHBoxLayout;
  bar->addWidget(status_, 1);
  bar->addWidget(letGo_);
  bar->addWidget(back);
  auto* v = new QVBoxLayout(this);
  v->addWidget(split, 1);
  v->addLayout(bar);
  if (table_) connect(table_, &TableView::orderChosen, this, &GamePage::chosen);
  connect(letGo_, &QPushButton::clicked, this, [this] { (void)session_->letGo(); });
  connect(back, &QPushButton::clicked, this, &GamePage::leave);
  connect(session_.get(), &SoloSession::changed, this, &GamePage::refresh);
  connect(session_.get(), &SoloSession::failed, this, [this](const QString& why) {
    status_->setText(tr("The game stopped: ") + why);
  });
}

GamePage::~GamePage() = default;

void GamePage::chosen(const Order& o) {
  if (auto r = session_->choose(o); !r) status_->setText(QString::fromStdString(r.message()));
}

void GamePage::refresh() {
  const auto frame = session_->frame();
  if (table_) table_->showFrame(frame);
  const auto& lines = session_->log();
  for (auto i = static_cast<size_t>(logShown_); i < lines.size(); ++i) log_->addItem(QString::fromStdString(lines[i]));
  logShown_ = static_cast<int>(lines.size());
  log_->scrollToBottom();
  letGo_->setVisible(frame.outOfTurn);
  QString st = session_->status();
  if (session_->over()) {
    auto out = session_->view().outcome();
    st = tr("Game over. ") + QString::fromStdString(out ? out->summary : std::string());
    session_->close();
    if (!session_->replayPath().empty()) st += tr("  Replay: ") + QString::fromStdString(session_->replayPath());
  }
  status_->setText(st);
}

}  // namespace concord::ui
