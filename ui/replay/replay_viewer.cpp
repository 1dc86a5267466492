#include "ui/replay/replay_viewer.h"

#include <QComboBox>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QMimeData>
#include <QPointer>
#include <QProgressBar>
#include <QShortcut>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>

#include "lockstep/turn_engine.h"
#include "ui/replay/event_list_model.h"
#include "ui/replay/timeline.h"
#include "ui/shell/flow_layout.h"
#include "ui/shell/instant_key.h"
#include "ui/shell/start_screen.h"

namespace concord::ui {

namespace {
QPushButton* button(QWidget* parent, const QString& text, const QString& name, const QString& tip, const QKeySequence& key,
                    std::optional<QStyle::StandardPixmap> icon = std::nullopt) {
  auto* b = new QPushButton(text, parent);
  if (icon) b->setIcon(parent->style()->standardIcon(*icon));
  b->setObjectName(name);
  b->setToolTip(tip + (key.isEmpty() ? QString() : QStringLiteral(" (") + key.toString() + QStringLiteral(")")));
  // At once (instant_key.h); a held arrow steps turn after turn.
  if (!key.isEmpty()) bindKey(b, key, key == QKeySequence(Qt::Key_Left) || key == QKeySequence(Qt::Key_Right));
  return b;
}
}  // namespace

ReplayViewer::ReplayViewer(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("replayViewer"));
  setAcceptDrops(true);
  // Ctrl+O is File > Open replay's (the main window's): a second binding here made the key ambiguous, so it did
  // nothing in the viewer (issue 31). The tooltip still names it.
  open_ = button(this, tr("Open replay…"), QStringLiteral("openReplay"), tr("Open a replay or save (Ctrl+O)"), {});
  resume_ = button(this, tr("Resume this save"), QStringLiteral("resumeSave"), tr("Continue this game at your seat"), {});
  resume_->setEnabled(false);
  playOn_ = button(this, tr("Play on from here"), QStringLiteral("playOn"),
                   tr("A new local game from this turn, at the perspective's seat, against officers (casual)"),
                   QKeySequence(Qt::CTRL | Qt::Key_P));
  playOn_->setEnabled(false);
  prevEv_ = button(this, {}, QStringLiteral("prevEvent"), tr("The previous event"), QKeySequence(Qt::CTRL | Qt::Key_Left),
                   QStyle::SP_ArrowBack);
  nextEv_ = button(this, {}, QStringLiteral("nextEvent"), tr("The next event"), QKeySequence(Qt::CTRL | Qt::Key_Right),
                   QStyle::SP_ArrowForward);
  first_ = button(this, {}, QStringLiteral("first"), tr("The deal"), Qt::Key_Home, QStyle::SP_MediaSkipBackward);
  back_ = button(this, tr("Back"), QStringLiteral("stepBack"), tr("One turn back"), Qt::Key_Left, QStyle::SP_MediaSeekBackward);
  fwd_ = button(this, tr("Forward"), QStringLiteral("stepForward"), tr("One turn forward"), Qt::Key_Right, QStyle::SP_MediaSeekForward);
  last_ = button(this, {}, QStringLiteral("last"), tr("The last turn"), Qt::Key_End, QStyle::SP_MediaSkipForward);
  play_ = button(this, tr("Play"), QStringLiteral("play"), tr("Play / pause"), Qt::Key_Space, QStyle::SP_MediaPlay);
  play_->setCheckable(true);
  speed_ = new QComboBox(this);
  speed_->setObjectName(QStringLiteral("speed"));
  speed_->addItems({QStringLiteral("1 turn/s"), QStringLiteral("4 turns/s"), QStringLiteral("16 turns/s"), QStringLiteral("64 turns/s")});
  speed_->setCurrentIndex(1);
  jump_ = new QSpinBox(this);
  jump_->setObjectName(QStringLiteral("jump"));
  jump_->setPrefix(tr("turn "));
  perspectiveBox_ = new QComboBox(this);
  perspectiveBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // "Omniscient" whole, not "Omniscie"
  perspectiveBox_->setObjectName(QStringLiteral("perspective"));
  where_ = new QLabel(tr("No replay open: open one, or drop a .ccr file here."), this);
  where_->setObjectName(QStringLiteral("where"));
  verified_ = new QLabel(this);
  verified_->setObjectName(QStringLiteral("verified"));
  verified_->setWordWrap(true);
  hidden_ = new QLabel(this);  // issue 26: why a rated game not over shows the public table only
  hidden_->setObjectName(QStringLiteral("hiddenNote"));
  hidden_->setWordWrap(true);
  hidden_->setStyleSheet(QStringLiteral("color: #8a5a00; font-weight: bold;"));
  hidden_->hide();
  progress_ = new QProgressBar(this);
  progress_->setRange(0, 1000);
  progress_->hide();
  timeline_ = new Timeline(this);
  auto* split = new QSplitter(Qt::Horizontal, this);
  tableHolder_ = new QWidget(split);
  new QVBoxLayout(tableHolder_);
  tableHolder_->layout()->setContentsMargins(0, 0, 0, 0);
  log_ = new QListWidget(split);
  log_->setObjectName(QStringLiteral("replayLog"));
  log_->setWordWrap(true);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  split->setSizes({1000, 360});
  log_->setMinimumWidth(240);
  events_ = new QListView(split);
  events_->setObjectName(QStringLiteral("eventList"));
  events_->setMinimumWidth(200);
  events_->setUniformItemSizes(true);  // one row height: layout and scrolling cost nothing per event
  events_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  events_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // long events end in "…"; the tooltip has them whole
  events_->setTextElideMode(Qt::ElideRight);
  eventModel_ = new EventListModel(this);
  events_->setModel(eventModel_);
  split->setSizes({900, 300, 320});
  // The controls wrap to a second row on a narrow window instead of widening it (issue 31: 1,366 px screens).
  auto* bar = new FlowLayout(nullptr, 4);
  auto* backB = button(this, tr("Start screen"), QStringLiteral("viewerBack"), tr("Back to the start screen"), {});
  for (QWidget* w : std::initializer_list<QWidget*>{backB, open_, resume_, playOn_, first_, back_, fwd_, last_, prevEv_, nextEv_, play_, speed_, jump_})
    bar->addWidget(w);
  bar->addWidget(new QLabel(tr("Perspective:"), this));
  bar->addWidget(perspectiveBox_);
  bar->addWidget(where_);
  auto* v = new QVBoxLayout(this);
  v->addLayout(bar);
  v->addWidget(timeline_);
  v->addWidget(progress_);
  v->addWidget(verified_);
  v->addWidget(hidden_);
  v->addWidget(split, 1);
  player_ = new QTimer(this);
  connect(open_, &QPushButton::clicked, this, [this] {
    auto path = QFileDialog::getOpenFileName(this, tr("Open a replay"), replayFolder(), tr("Concord replays (*.ccr);;All files (*)"));
    if (!path.isEmpty()) open(path);
  });
  connect(resume_, &QPushButton::clicked, this, [this] {
    if (loaded_) emit resumeRequested(QString::fromStdString(loaded_->path));
  });
  connect(backB, &QPushButton::clicked, this, &ReplayViewer::backRequested);
  connect(playOn_, &QPushButton::clicked, this, [this] {
    if (loaded_) emit playOnRequested(QString::fromStdString(loaded_->path), shown_);
  });
  connect(prevEv_, &QPushButton::clicked, this, &ReplayViewer::previousEvent);
  connect(nextEv_, &QPushButton::clicked, this, &ReplayViewer::nextEvent);
  connect(events_, &QListView::activated, this, [this](const QModelIndex& i) { seek(eventModel_->positionAt(i.row())); });
  connect(events_, &QListView::clicked, this, [this](const QModelIndex& i) { seek(eventModel_->positionAt(i.row())); });
  auto* jumpKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_G), this);
  connect(jumpKey, &QShortcut::activated, this, [this] {
    jump_->setFocus();
    jump_->selectAll();
  });
  connect(first_, &QPushButton::clicked, this, [this] { seek(0); });
  connect(back_, &QPushButton::clicked, this, &ReplayViewer::stepBackward);
  connect(fwd_, &QPushButton::clicked, this, &ReplayViewer::stepForward);
  connect(last_, &QPushButton::clicked, this, [this] { seek(maxPosition()); });
  connect(jump_, &QSpinBox::editingFinished, this, [this] { seek(static_cast<uint32_t>(jump_->value())); });
  connect(timeline_, &QSlider::valueChanged, this, [this](int value) {
    if (static_cast<uint32_t>(value) != shown_) seek(static_cast<uint32_t>(value));
  });
  connect(perspectiveBox_, &QComboBox::activated, this, [this](int i) {
    setPerspective(static_cast<Seat>(perspectiveBox_->itemData(i).toUInt()));
  });
  connect(speed_, &QComboBox::currentIndexChanged, this, [this](int i) {
    static const int kInterval[] = {1000, 250, 62, 16};
    player_->setInterval(kInterval[std::clamp(i, 0, 3)]);
  });
  player_->setInterval(250);
  connect(play_, &QPushButton::toggled, this, [this](bool on) {
    on ? player_->start() : player_->stop();
    play_->setText(on ? tr("Pause") : tr("Play"));
  });
  connect(player_, &QTimer::timeout, this, [this] {
    if (busy()) return;
    if (shown_ >= maxPosition()) return play_->setChecked(false);
    stepForward();
  });
  connect(&loadWatch_, &QFutureWatcher<std::shared_ptr<Result<LoadedReplay>>>::finished, this, &ReplayViewer::landedLoad);
  connect(&seekWatch_, &QFutureWatcher<Result<ReplayMoment>>::finished, this, &ReplayViewer::landedSeek);
}

ReplayViewer::~ReplayViewer() {
  loadWatch_.waitForFinished();
  seekWatch_.waitForFinished();
}

bool ReplayViewer::busy() const { return loading_ || seeking_ || pending_.has_value(); }

void ReplayViewer::open(const QString& path) {
  if (loading_) return;
  loading_ = true;
  play_->setChecked(false);
  progress_->setValue(0);
  progress_->show();
  verified_->setText(tr("Reading and verifying %1…").arg(path));
  QPointer<QProgressBar> bar(progress_);
  auto last = std::make_shared<std::atomic<int>>(-1);
  auto onProgress = [bar, last](int permille, const std::string&) {
    if (last->exchange(permille) == permille) return;  // one post per per-mille step, not one per turn
    QMetaObject::invokeMethod(bar, [bar, permille] { if (bar) bar->setValue(permille); }, Qt::QueuedConnection);
  };
  // The module decides where rounds begin; an unknown module still loads (no markers, no table).
  auto roundsFor = [](const std::string& moduleId) -> RoundOf {
    auto mod = moduleUi(moduleId);
    return mod ? (*mod)->roundOf : RoundOf();
  };
  loadWatch_.setFuture(QtConcurrent::run([p = path.toStdString(), onProgress, roundsFor] {
    return std::make_shared<Result<LoadedReplay>>(loadReplay(p, roundsFor, onProgress));
  }));
}

void ReplayViewer::landedLoad() {
  QElapsedTimer trace;
  trace.start();
  const bool tracing = qEnvironmentVariableIsSet("CONCORD_UI_TRACE");
  auto mark = [&](const char* what) {
    if (tracing) qWarning("landedLoad %s: %lld ms", what, static_cast<long long>(trace.elapsed()));
  };
  loading_ = false;
  progress_->hide();
  auto shared = loadWatch_.result();
  auto& r = *shared;
  if (!r) {
    verified_->setText(tr("Cannot open this replay: ") + QString::fromStdString(r.message()));
    emit loadFailed(QString::fromStdString(r.message()));
    return;
  }
  eventModel_->setEvents(nullptr);  // it points into the LoadedReplay about to be replaced
  loaded_ = std::move(*r);
  mark("result");
  const auto& rep = loaded_->report;
  QString v = rep.ok ? tr("✔ Verified: %1 turns re-simulated, %2 signatures, %3 Seal hashes, %4 snapshots checked.")
                           .arg(rep.turns).arg(rep.signaturesChecked).arg(rep.sealsChecked).arg(rep.snapshotsChecked)
                     : tr("✘ Verification FAILED") +
                           (rep.failedTurn ? tr(" at turn %1").arg(*rep.failedTurn) : QString()) + QStringLiteral(": ") +
                           QString::fromStdString(rep.failure);
  for (const auto& n : rep.notices) v += QStringLiteral("  (") + QString::fromStdString(n) + QStringLiteral(")");
  verified_->setText(v);
  verified_->setStyleSheet(rep.ok ? QStringLiteral("color: #1d7a3a;") : QStringLiteral("color: #b02020; font-weight: bold;"));
  if (table_) table_->deleteLater();
  table_ = nullptr;
  if (auto mod = moduleUi(loaded_->moduleId)) {
    table_ = (*mod)->makeTable(tableHolder_);
    tableHolder_->layout()->addWidget(table_);
  }
  mark("table");
  perspectiveBox_->clear();
  // Issue 26: a rated game not over has one perspective, the public table (no hand, no pile), and says why.
  const auto& rights = loaded_->rights;
  if (rights.publicOnly) {
    perspectiveBox_->addItem(tr("Public table"), QVariant::fromValue(static_cast<uint>(kSpectator)));
    hidden_->setText(QString::fromStdString(replay::hiddenNote(rights, "showing the public table only")));
  } else {
    perspectiveBox_->addItem(tr("Omniscient"), QVariant::fromValue(static_cast<uint>(kOmniscient)));
    for (Seat s = 0; s < loaded_->seats; ++s) perspectiveBox_->addItem(tr("Captain %1").arg(s), QVariant::fromValue(static_cast<uint>(s)));
  }
  hidden_->setVisible(rights.publicOnly);
  perspectiveBox_->setEnabled(!rights.publicOnly);
  perspective_ = rights.viewerFor(kOmniscient);
  timeline_->blockSignals(true);
  timeline_->setRange(0, static_cast<int>(loaded_->turns));
  timeline_->setMarkers(loaded_->roundStarts);
  timeline_->blockSignals(false);
  jump_->setRange(0, static_cast<int>(loaded_->turns));
  std::vector<Timeline::Mark> marks;
  marks.reserve(loaded_->events.size());
  for (const auto& ev : loaded_->events) marks.push_back({ev.position, ev.kind});
  eventModel_->setEvents(&loaded_->events);
  mark("events");
  timeline_->setEvents(std::move(marks));
  engine_.reset();
  resume_->setEnabled(rep.ok);
  playOn_->setEnabled(rep.ok && !rights.publicOnly);  // issue 26: play on would deal you a seat's hidden hand
  emit loaded();
  seek(0);
  mark("end");
}

void ReplayViewer::seek(uint32_t position) {
  if (!loaded_) return;
  position = std::min(position, maxPosition());
  wanted_ = position;
  if (seeking_) {
    pending_ = position;
    return;
  }
  pending_.reset();
  seeking_ = true;
  auto reader = loaded_->reader;
  seekWatch_.setFuture(QtConcurrent::run([reader, position] { return seekReplay(*reader, position); }));
}

void ReplayViewer::landedSeek() {
  seeking_ = false;
  auto r = seekWatch_.result();
  if (r) {
    engine_ = r->engine;
    shown_ = r->position;
    render();
  } else {
    where_->setText(tr("Cannot show that turn: ") + QString::fromStdString(r.message()));
  }
  if (pending_) {
    uint32_t next = *pending_;
    pending_.reset();
    if (next != shown_) return seek(next);
  }
  emit positionShown(shown_);
}

void ReplayViewer::setPerspective(Seat viewer) {
  perspective_ = loaded_ ? loaded_->rights.viewerFor(viewer) : viewer;  // issue 26: no other view of such a record
  int i = perspectiveBox_->findData(QVariant::fromValue(static_cast<uint>(perspective_)));
  if (i >= 0) perspectiveBox_->setCurrentIndex(i);
  render();
}

QString ReplayViewer::verification() const { return verified_->text(); }

void ReplayViewer::setStatus(const QString& text) { where_->setText(text); }

bool ReplayViewer::nextEvent() {
  if (!loaded_) return false;
  for (const auto& ev : loaded_->events)
    if (ev.position > shown_ && ev.kind != "alert-end") {
      seek(ev.position);
      return true;
    }
  return false;
}

bool ReplayViewer::previousEvent() {
  if (!loaded_) return false;
  for (auto it = loaded_->events.rbegin(); it != loaded_->events.rend(); ++it)
    if (it->position < shown_ && it->kind != "alert-end") {
      seek(it->position);
      return true;
    }
  return false;
}

void ReplayViewer::render() {
  if (!engine_ || !loaded_) return;
  const int round = shown_ < loaded_->roundAt.size() ? loaded_->roundAt[shown_] : -1;
  where_->setText(tr("Turn %1 of %2").arg(shown_).arg(loaded_->turns) +
                  (round >= 0 ? tr(" · round %1").arg(round) : QString()));
  timeline_->blockSignals(true);
  timeline_->setValue(static_cast<int>(shown_));
  timeline_->blockSignals(false);
  jump_->setValue(static_cast<int>(shown_));
  followEvents();
  QElapsedTimer trace;
  trace.start();
  if (table_) {
    TableFrame f;
    f.me = perspective_;
    f.obs = engine_->game().observe(perspective_);
    table_->showFrame(f);
  }
  const qint64 tableMs = trace.restart();
  buildLog();
  if (qEnvironmentVariableIsSet("CONCORD_UI_TRACE"))
    qWarning("render at %u: table %lld ms, log %lld ms", shown_, static_cast<long long>(tableMs), static_cast<long long>(trace.elapsed()));
}

// The events list follows the shown turn (issue 31): the event last passed is selected and scrolled to.
void ReplayViewer::followEvents() {
  const int row = eventModel_->rowAtOrBefore(shown_);
  if (row < 0) {
    events_->clearSelection();
    events_->scrollToTop();
    return;
  }
  const QModelIndex at = eventModel_->index(row);
  if (events_->currentIndex() != at) events_->setCurrentIndex(at);
  events_->scrollTo(at);
}

void ReplayViewer::buildLog() {
  // The round being shown, from its first line to this position (the board and the log agree).
  uint32_t from = 0;
  for (uint32_t s : loaded_->roundStarts)
    if (s <= shown_) from = s;
  log_->clear();
  if (from == 0)
    for (const auto& l : loaded_->opening) log_->addItem(QString::fromStdString(l));
  for (uint32_t t = from; t < shown_ && t < loaded_->narration.size(); ++t)
    for (const auto& l : loaded_->narration[t]) log_->addItem(QStringLiteral("%1  ").arg(t, 4) + QString::fromStdString(l));
  log_->scrollToBottom();
}

void ReplayViewer::dragEnterEvent(QDragEnterEvent* e) {
  if (e->mimeData()->hasUrls() && e->mimeData()->urls().front().isLocalFile()) e->acceptProposedAction();
}

void ReplayViewer::dropEvent(QDropEvent* e) {
  const auto urls = e->mimeData()->urls();
  if (!urls.isEmpty() && urls.front().isLocalFile()) open(urls.front().toLocalFile());
}

}  // namespace concord::ui
