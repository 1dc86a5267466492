#include "ui/profile/profile_page.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "ui/shell/settings.h"

namespace concord::ui {

namespace {

QTableWidget* table(QWidget* parent, const QString& name, const QStringList& heads) {
  auto* t = new QTableWidget(0, static_cast<int>(heads.size()), parent);
  t->setObjectName(name);
  t->setHorizontalHeaderLabels(heads);
  t->verticalHeader()->hide();
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->setSelectionMode(QAbstractItemView::NoSelection);
  t->horizontalHeader()->setStretchLastSection(true);
  t->setWordWrap(false);
  return t;
}

void put(QTableWidget* t, int row, int col, const QString& text, bool bold = false) {
  auto* it = new QTableWidgetItem(text);
  if (bold) {
    QFont f = it->font();
    f.setBold(true);
    it->setFont(f);
  }
  t->setItem(row, col, it);
}

QString q(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

ProfilePage::ProfilePage(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("profile"));
  name_ = new QLineEdit(this);
  name_->setObjectName(QStringLiteral("profileName"));
  name_->setPlaceholderText(tr("Your name at the table"));
  name_->setText(profileName());
  connect(name_, &QLineEdit::editingFinished, this, [this] { clientSettings()->setValue(QStringLiteral("profile/name"), name_->text()); });
  fingerprint_ = new QLabel(tr("Reading your identity…"), this);
  fingerprint_->setObjectName(QStringLiteral("fingerprint"));
  fingerprint_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  fingerprint_->setWordWrap(true);
  problems_ = new QLabel(this);
  problems_->setObjectName(QStringLiteral("profileProblems"));
  problems_->setWordWrap(true);
  problems_->setStyleSheet(QStringLiteral("color: #b02020;"));
  grades_ = table(this, QStringLiteral("teiGrades"), {tr("Bucket"), tr("Grade"), tr("Commission"), tr("Games"), tr("Wins")});
  history_ = table(this, QStringLiteral("teiHistory"), {tr("Game"), tr("Bucket"), tr("Before → after")});
  boardChoice_ = new QComboBox(this);
  boardChoice_->setObjectName(QStringLiteral("boardChoice"));
  board_ = table(this, QStringLiteral("leaderboard"), {tr("#"), tr("Captain"), tr("Grade"), tr("Wins")});
  recent_ = new QListWidget(this);
  recent_->setObjectName(QStringLiteral("profileRecent"));
  auto* form = new QFormLayout;
  form->addRow(tr("Name:"), name_);
  form->addRow(tr("Identity:"), fingerprint_);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addLayout(form);
  v->addWidget(problems_);
  v->addWidget(new QLabel(tr("<b>TEI grades</b> (your local store)"), this));
  v->addWidget(grades_, 2);
  v->addWidget(new QLabel(tr("<b>History</b> (your recent rated games, re-rated from the replays folder)"), this));
  v->addWidget(history_, 3);
  auto* bl = new QHBoxLayout;
  bl->addWidget(new QLabel(tr("<b>Leaderboard</b>"), this));
  bl->addWidget(boardChoice_, 1);
  v->addLayout(bl);
  v->addWidget(board_, 3);
  v->addWidget(new QLabel(tr("<b>Recent games and replays</b> (double-click to watch)"), this));
  v->addWidget(recent_, 2);
  connect(&watch_, &QFutureWatcher<ProfileData>::finished, this, &ProfilePage::landed);
  connect(boardChoice_, &QComboBox::currentIndexChanged, this, &ProfilePage::showBoard);
  connect(recent_, &QListWidget::itemActivated, this, [this](QListWidgetItem* it) {
    const QString p = it->data(Qt::UserRole).toString();
    if (!p.isEmpty()) emit openReplay(p);
  });
}

ProfilePage::~ProfilePage() { watch_.waitForFinished(); }

QString ProfilePage::name() const { return name_->text(); }

void ProfilePage::refresh(const ProfileSources& src) {
  if (loading_) return;
  loading_ = true;
  watch_.setFuture(QtConcurrent::run([src] { return loadProfile(src); }));
}

void ProfilePage::landed() {
  loading_ = false;
  data_ = watch_.result();
  const auto& d = data_;
  fingerprint_->setText(d.fingerprint.empty()
                            ? tr("none (see below)")
                            : QStringLiteral("<b>%1</b>%2<br><small>%3</small>")
                                  .arg(q(d.fingerprint), d.identityCreated ? tr("  (created now)") : QString(), q(d.identityPath)));
  QStringList probs;
  for (const auto& p : d.problems) probs << q(p);
  problems_->setText(probs.join(QLatin1Char('\n')));
  problems_->setVisible(!probs.isEmpty());
  grades_->clearSpans();
  grades_->setRowCount(0);
  if (d.grades.empty()) {
    grades_->setRowCount(1);
    put(grades_, 0, 0, tr("No rated games yet: new ratings start at P0 (Cadet)."));
    grades_->setSpan(0, 0, 1, grades_->columnCount());
  }
  for (const auto& g : d.grades) {
    const int r = grades_->rowCount();
    grades_->insertRow(r);
    put(grades_, r, 0, q(g.bucket));
    put(grades_, r, 1, q(g.grade) + (g.provisional ? tr(" (provisional)") : QString()), true);
    put(grades_, r, 2, q(g.commission));
    put(grades_, r, 3, QString::number(g.matches));
    put(grades_, r, 4, QString::number(g.wins));
  }
  grades_->resizeColumnsToContents();
  history_->setRowCount(0);
  for (auto it = d.history.rbegin(); it != d.history.rend(); ++it) {  // newest first
    const int r = history_->rowCount();
    history_->insertRow(r);
    put(history_, r, 0, q(it->replay));
    put(history_, r, 1, q(it->bucket));
    QString change = it->before.empty() ? q(it->note)
                                        : q(it->before) + QStringLiteral(" → ") + q(it->after) + (it->won ? tr("  (won)") : QString()) +
                                              (it->note.empty() ? QString() : QStringLiteral("  ") + q(it->note));
    put(history_, r, 2, change, !it->before.empty());
  }
  history_->resizeColumnsToContents();
  boardChoice_->blockSignals(true);
  boardChoice_->clear();
  for (const auto& b : d.boards) boardChoice_->addItem(q(b.bucket));
  boardChoice_->blockSignals(false);
  showBoard(0);
  recent_->clear();
  for (const auto& r : d.recent) {
    auto* it = new QListWidgetItem(q(r.name) + QStringLiteral("   ") + q(r.when));
    it->setData(Qt::UserRole, q(r.path));
    recent_->addItem(it);
  }
  if (d.recent.empty()) recent_->addItem(tr("No replays yet."));
  emit refreshed();
}

void ProfilePage::showBoard(int index) {
  board_->setRowCount(0);
  if (index < 0 || static_cast<size_t>(index) >= data_.boards.size()) return;
  for (const auto& row : data_.boards[static_cast<size_t>(index)].rows) {
    const int r = board_->rowCount();
    board_->insertRow(r);
    put(board_, r, 0, QString::number(row.rank), row.you);
    // You by the fingerprint shown above (the store keys players by their key's hex); others by that hex.
    put(board_, r, 1, row.you ? tr("you [%1]").arg(q(data_.fingerprint)) : q(row.player), row.you);
    put(board_, r, 2, q(row.grade), row.you);
    put(board_, r, 3, QString::number(row.wins), row.you);
  }
  board_->resizeColumnsToContents();
}

}  // namespace concord::ui
