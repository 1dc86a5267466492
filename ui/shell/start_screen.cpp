#include "ui/shell/start_screen.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "table/rated_verdict.h"
#include "ui/profile/profile_page.h"

namespace concord::ui {

// Made if missing: a dialog told of a folder that does not exist opens in the working directory (issue 31).
QString replayFolder() {
  const QString xdg = qEnvironmentVariable("XDG_DATA_HOME");
  const QString dir = !xdg.isEmpty() ? xdg + QStringLiteral("/concord/replays") : QDir::homePath() + QStringLiteral("/.local/share/concord/replays");
  QDir().mkpath(dir);
  return dir;
}

StartScreen::StartScreen(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("startScreen"));
  auto* title = new QLabel(QStringLiteral("Concord"), this);
  QFont tf = title->font();
  tf.setPointSizeF(tf.pointSizeF() * 2.4);
  tf.setBold(true);
  title->setFont(tf);
  auto* sub = new QLabel(tr("Deterministic lockstep tabletop: play against AI officers, or step through any recorded game."), this);
  sub->setWordWrap(true);
  // A new solo game: module, then the module's own options.
  auto* solo = new QGroupBox(tr("New game against AI officers"), this);
  module_ = new QComboBox(solo);
  module_->setObjectName(QStringLiteral("module"));
  forms_ = new QStackedWidget(solo);
  for (const auto& m : moduleUis()) {
    module_->addItem(m.title, QString::fromStdString(m.moduleId));
    forms_->addWidget(m.makeOptions(forms_));
  }
  connect(module_, &QComboBox::currentIndexChanged, forms_, &QStackedWidget::setCurrentIndex);
  connect(module_, &QComboBox::currentIndexChanged, this, &StartScreen::recheckRated);
  for (int i = 0; i < forms_->count(); ++i)
    if (auto* f = qobject_cast<OptionForm*>(forms_->widget(i))) connect(f, &OptionForm::changed, this, &StartScreen::recheckRated);
  auto* play = new QPushButton(tr("Take the helm"), solo);
  play->setObjectName(QStringLiteral("startSolo"));
  play->setDefault(true);
  // Whether the game will be rated, and why not, before it starts (issue 33): the terminal's words.
  rated_ = new QLabel(solo);
  rated_->setObjectName(QStringLiteral("ratedLine"));
  rated_->setWordWrap(true);
  auto* helm = new QHBoxLayout;
  helm->addWidget(play);
  helm->addWidget(rated_, 1);
  problem_ = new QLabel(solo);
  problem_->setObjectName(QStringLiteral("startProblem"));
  problem_->setStyleSheet(QStringLiteral("color: #b02020;"));
  problem_->setWordWrap(true);
  auto* sv = new QVBoxLayout(solo);
  sv->addWidget(module_);
  sv->addWidget(forms_);
  sv->addLayout(helm);
  sv->addWidget(problem_);
  sv->addStretch(1);
  // Replays and the networked table: open any file; Host/Join are signals the lobby answers (ui/lobby/).
  auto* other = new QGroupBox(tr("Replays and other tables"), this);
  auto* openB = new QPushButton(tr("Open a replay…"), other);
  openB->setObjectName(QStringLiteral("startOpenReplay"));
  openB->setToolTip(tr("Ctrl+O; or drop a .ccr file on the replay viewer"));
  auto* resumeB = new QPushButton(tr("Resume a saved game…"), other);
  resumeB->setObjectName(QStringLiteral("startResume"));
  auto* hostB = new QPushButton(tr("Host a game…"), other);
  hostB->setObjectName(QStringLiteral("startHost"));
  hostB->setToolTip(tr("Ctrl+H: a table other captains join over the network"));
  auto* joinB = new QPushButton(tr("Join a game…"), other);
  joinB->setObjectName(QStringLiteral("startJoin"));
  joinB->setToolTip(tr("Ctrl+J: by address, or from the tables announced on your LAN"));
  auto* ov = new QVBoxLayout(other);
  for (auto* b : {openB, resumeB, hostB, joinB}) ov->addWidget(b);
  ov->addStretch(1);
  profile_ = new ProfilePage(this);
  auto* prof = new QGroupBox(tr("Your profile"), this);
  auto* pv = new QVBoxLayout(prof);
  pv->addWidget(profile_);
  auto* left = new QVBoxLayout;
  left->addWidget(solo, 3);
  left->addWidget(other, 1);
  auto* cols = new QHBoxLayout;
  cols->addLayout(left, 1);
  cols->addWidget(prof, 1);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(32, 24, 32, 24);
  v->addWidget(title);
  v->addWidget(sub);
  v->addSpacing(12);
  v->addLayout(cols, 1);
  connect(play, &QPushButton::clicked, this, [this] {
    auto s = setup();
    if (!s) return setProblem(QString::fromStdString(s.message()));
    setProblem({});
    emit startSolo(*s);
  });
  connect(openB, &QPushButton::clicked, this, [this] { emit openReplay({}); });
  connect(resumeB, &QPushButton::clicked, this, [this] { emit resumeSave({}); });
  connect(hostB, &QPushButton::clicked, this, &StartScreen::hostRequested);
  connect(joinB, &QPushButton::clicked, this, &StartScreen::joinRequested);
  connect(profile_, &ProfilePage::openReplay, this, &StartScreen::openReplay);
  refreshRecent();
}

void StartScreen::setProblem(const QString& text) { problem_->setText(text); }

Result<SoloSession::Setup> StartScreen::setup() const {
  auto* form = qobject_cast<OptionForm*>(forms_->currentWidget());
  if (!form) return Err("no module is selected");
  auto opts = form->options();
  if (!opts) return opts.error();
  SoloSession::Setup s;
  s.moduleId = module_->currentData().toString().toStdString();
  s.options = *opts;
  s.seats = form->seats();
  s.officer = form->officer();
  s.seed = form->seed();  // none: a fresh random deal
  s.seedIsAChoice = true;  // the person typed it: a deal they may know (casual)
  s.you = 0;
  return s;
}

void StartScreen::recheckRated() {
  auto s = setup();
  if (!s) {
    rated_->setText({});
    return;
  }
  const std::string why = SoloSession::unratedBecause(*s);
  rated_->setText(QString::fromStdString(table::ratedSentence(why)));
  rated_->setStyleSheet(why.empty() ? QStringLiteral("color: #1f7a33; font-weight: bold;") : QStringLiteral("color: #9a5b00;"));
}

QString StartScreen::ratedLine() const { return rated_->text(); }

void StartScreen::refreshRecent() {
  ProfileSources src;
  src.replayDir = replayFolder().toStdString();
  profile_->refresh(src);
  recheckRated();  // a game just played may have changed the store
}

}  // namespace concord::ui
