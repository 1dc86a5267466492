#include "ui/shell/game_page.h"

#include <QApplication>
#include <QRegularExpression>
#include <QHBoxLayout>
#include <QSplitter>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "table/rated_verdict.h"
#include "ui/shell/campaign_summary.h"
#include "ui/shell/instant_key.h"
#include "ui/shell/leave_confirm.h"
#include "ui/shell/settings.h"

namespace concord::ui {

GamePage::GamePage(std::unique_ptr<SoloSession> session, QWidget* parent) : QWidget(parent), session_(std::move(session)) {
  setObjectName(QStringLiteral("gamePage"));
  auto mod = moduleUi(session_->setup().moduleId);
  stack_ = new QStackedWidget(this);
  auto* split = new QSplitter(Qt::Horizontal, stack_);
  if (mod) table_ = (*mod)->makeTable(split);
  log_ = new QListWidget(split);
  log_->setObjectName(QStringLiteral("roundLog"));
  log_->setWordWrap(true);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  split->setSizes({1000, 340});
  log_->setMinimumWidth(240);
  log_->setMaximumWidth(520);
  log_->setFocusPolicy(Qt::NoFocus);  // its keyboard search would swallow the hand's digit keys
  summary_ = new CampaignSummary(stack_);
  stack_->addWidget(split);
  stack_->addWidget(summary_);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("status"));
  status_->setAutoFillBackground(true);
  status_->setWordWrap(true);  // a long status wraps; it never widens the window (issue 31)
  status_->setMinimumWidth(120);
  letGo_ = new QPushButton(tr("Let it go"), this);
  letGo_->setObjectName(QStringLiteral("letGo"));
  bindKey(letGo_, Qt::Key_Escape);
  letGo_->setToolTip(tr("Decline the out-of-turn choice (Esc)"));
  auto* back = new QPushButton(tr("Leave the table"), this);
  back->setObjectName(QStringLiteral("leaveTable"));
  // Rated or casual, and why, for the whole game (issue 33: "play on from here" says it is casual too).
  const std::string unrated = session_->setup().unrated;
  auto* rated = new QLabel(unrated.empty() ? tr("TEI-rated") : tr("Casual: %1").arg(QString::fromStdString(unrated)), this);
  rated->setObjectName(QStringLiteral("gameRated"));
  rated->setToolTip(QString::fromStdString(table::ratedSentence(unrated)));
  // The TEI store's words at the start (registered; a game walked away from), as the terminal prints them.
  for (const auto& line : QString::fromStdString(session_->setup().teiNotice).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
    log_->addItem(line);
  rated->setMaximumWidth(260);
  rated->setWordWrap(true);  // a long reason wraps inside its width (two lines), never cut mid-word
  rated->setMinimumWidth(std::min(260, rated->fontMetrics().horizontalAdvance(rated->text()) + 4));
  auto* bar = new QHBoxLayout;
  bar->addWidget(rated);
  bar->addWidget(status_, 1);
  bar->addWidget(letGo_);
  bar->addWidget(back);
  leaveConfirm_ = new LeaveConfirm(tr("The game is saved; File > Resume continues it."), this);
  auto* v = new QVBoxLayout(this);
  v->addWidget(stack_, 1);
  v->addWidget(leaveConfirm_);
  v->addLayout(bar);
  if (table_) connect(table_, &TableView::orderChosen, this, &GamePage::chosen);
  connect(letGo_, &QPushButton::clicked, this, [this] { (void)session_->letGo(); });
  // Leaving a game not over asks first; a finished game's table is left at once.
  connect(back, &QPushButton::clicked, this, [this] { session_->over() ? emit leave() : leaveConfirm_->ask(); });
  connect(leaveConfirm_, &LeaveConfirm::confirmed, this, &GamePage::leave);
  connect(summary_, &CampaignSummary::leave, this, &GamePage::leave);
  connect(summary_, &CampaignSummary::backToTable, this, [this] { stack_->setCurrentIndex(0); });
  connect(summary_, &CampaignSummary::watchReplay, this, [this] {
    emit watchReplay(QString::fromStdString(session_->replayPath()));
  });
  connect(session_.get(), &SoloSession::changed, this, &GamePage::refresh);
  connect(session_.get(), &SoloSession::failed, this, [this](const QString& why) {
    status_->setText(tr("The game stopped: ") + why + tr(" — leave the table; the replay keeps every turn played."));
  });
}

GamePage::~GamePage() = default;

// The table's standing alert (it clears when the alert is answered, issue 31), then whose decision it is.
QString GamePage::statusLine() const {
  const QString alert = table_ ? table_->standingAlert() : QString();
  const QString st = session_->status();
  return alert.isEmpty() ? st : alert + QStringLiteral("  ") + st;
}

// The round log calls the person's seat by the name the table shows (issue 31): the session's seat name ("Captain 0")
// becomes the profile's, as a whole word ("Captain 0" in "Captain 0's", never in "Captain 01").
QString GamePage::personNamed(const QString& line) const {
  const QString name = profileName();
  const auto names = session_->names();
  if (name.isEmpty() || session_->you() >= names.size() || names[session_->you()].isEmpty()) return line;
  QString out = line;
  const QRegularExpression seat(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(names[session_->you()])));
  return out.replace(seat, name);
}

bool GamePage::showingSummary() const { return stack_->currentWidget() == summary_; }

void GamePage::chosen(const Order& o) {
  if (auto r = session_->choose(o); !r) status_->setText(QString::fromStdString(r.message()));
}

// RULES §IV Red Alert and §V All Stop!: a flash of the status bar, and a beep when sound cues are on.
void GamePage::cue(const QString& line) {
  const bool red = line.startsWith(QLatin1String("Red Alert!"));
  if (!red && !line.startsWith(QLatin1String("All Stop!"))) return;
  lastCue_ = red ? QStringLiteral("Red Alert!") : QStringLiteral("All Stop!");
  if (sound_) QApplication::beep();
  QPalette pal = status_->palette();
  pal.setColor(QPalette::Window, red ? QColor(215, 45, 45) : QColor(240, 200, 40));
  pal.setColor(QPalette::WindowText, red ? Qt::white : Qt::black);
  status_->setPalette(pal);
  QTimer::singleShot(1500, status_, [this] { status_->setPalette(palette()); });
}

void GamePage::refresh() {
  const auto frame = session_->frame();
  if (table_) table_->showFrame(frame);
  const auto& lines = session_->log();
  for (auto i = static_cast<size_t>(logShown_); i < lines.size(); ++i) {
    const QString line = QString::fromStdString(lines[i]);
    log_->addItem(personNamed(line));
    if (logShown_ > 0) cue(line);  // not for the lines of a resumed game's past
  }
  logShown_ = static_cast<int>(lines.size());
  log_->scrollToBottom();
  letGo_->setVisible(frame.outOfTurn);
  QString st = statusLine();
  if (session_->over()) {
    auto out = session_->view().outcome();
    st = tr("Game over. ") + personNamed(QString::fromStdString(out ? out->summary : std::string()));
    session_->close();
    if (!session_->replayPath().empty()) st += tr("  Replay: ") + QString::fromStdString(session_->replayPath());
    if (!summarized_ && out) {
      summarized_ = true;
      auto names = session_->names();
      if (session_->you() < names.size() && !profileName().isEmpty()) names[session_->you()] = profileName();  // as the table names them
      summary_->show(*out, names, session_->you(), session_->replayPath(), session_->setup().teiStore, true);
      stack_->setCurrentWidget(summary_);
    }
  }
  status_->setText(st);
}

}  // namespace concord::ui
