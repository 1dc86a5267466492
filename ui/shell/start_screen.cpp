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

namespace concord::ui {

QString replayFolder() {
  const QString xdg = qEnvironmentVariable("XDG_DATA_HOME");
  if (!xdg.isEmpty()) return xdg + QStringLiteral("/concord/replays");
  return QDir::homePath() + QStringLiteral("/.local/share/concord/replays");
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
  auto* play = new QPushButton(tr("Take the helm"), solo);
  play->setObjectName(QStringLiteral("startSolo"));
  play->setDefault(true);
  problem_ = new QLabel(solo);
  problem_->setObjectName(QStringLiteral("startProblem"));
  problem_->setStyleSheet(QStringLiteral("color: #b02020;"));
  problem_->setWordWrap(true);
  auto* sv = new QVBoxLayout(solo);
  sv->addWidget(module_);
  sv->addWidget(forms_);
  sv->addWidget(play);
  sv->addWidget(problem_);
  sv->addStretch(1);
  // Replays: open any file, or a recent one.
  auto* replays = new QGroupBox(tr("Replays and saves"), this);
  auto* openB = new QPushButton(tr("Open a replay…"), replays);
  openB->setObjectName(QStringLiteral("startOpenReplay"));
  recent_ = new QListWidget(replays);
  recent_->setObjectName(QStringLiteral("recentReplays"));
  auto* rv = new QVBoxLayout(replays);
  rv->addWidget(openB);
  rv->addWidget(new QLabel(tr("Recent (double-click to watch):"), replays));
  rv->addWidget(recent_, 1);
  auto* cols = new QHBoxLayout;
  cols->addWidget(solo, 1);
  cols->addWidget(replays, 1);
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
  connect(recent_, &QListWidget::itemActivated, this, [this](QListWidgetItem* it) {
    emit openReplay(it->data(Qt::UserRole).toString());
  });
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
  s.seed = form->seed();
  s.you = 0;
  return s;
}

void StartScreen::refreshRecent() {
  recent_->clear();
  QDir dir(replayFolder());
  const auto files = dir.entryInfoList({QStringLiteral("*.ccr")}, QDir::Files, QDir::Time);
  for (int i = 0; i < files.size() && i < 12; ++i) {
    auto* it = new QListWidgetItem(files[i].fileName() + QStringLiteral("   ") +
                                   files[i].lastModified().toString(QStringLiteral("yyyy-MM-dd hh:mm")));
    it->setData(Qt::UserRole, files[i].absoluteFilePath());
    recent_->addItem(it);
  }
  if (files.isEmpty()) recent_->addItem(tr("No replays yet in %1").arg(replayFolder()));
}

}  // namespace concord::ui
