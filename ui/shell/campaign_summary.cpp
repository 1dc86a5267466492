#include "ui/shell/campaign_summary.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <numeric>

namespace concord::ui {

CampaignSummary::CampaignSummary(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("campaignSummary"));
  title_ = new QLabel(tr("The campaign is over"), this);
  QFont tf = title_->font();
  tf.setPointSizeF(tf.pointSizeF() * 1.8);
  tf.setBold(true);
  title_->setFont(tf);
  summary_ = new QLabel(this);
  summary_->setObjectName(QStringLiteral("outcome"));
  summary_->setWordWrap(true);
  standings_ = new QTableWidget(0, 3, this);
  standings_->setObjectName(QStringLiteral("standings"));
  standings_->setHorizontalHeaderLabels({tr("Place"), tr("Captain"), tr("Score")});
  standings_->verticalHeader()->hide();
  standings_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  standings_->horizontalHeader()->setStretchLastSection(true);
  standings_->setMaximumWidth(520);
  standings_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);  // as tall as its rows, no blank well
  standings_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
  tei_ = new QLabel(this);
  tei_->setObjectName(QStringLiteral("teiChange"));
  tei_->setWordWrap(true);
  tei_->setTextFormat(Qt::RichText);
  watch_ = new QPushButton(tr("Watch the replay"), this);
  watch_->setObjectName(QStringLiteral("watchReplay"));
  auto* table = new QPushButton(tr("Show the final table"), this);
  table->setObjectName(QStringLiteral("finalTable"));
  auto* leave = new QPushButton(tr("Back to the start screen"), this);
  leave->setObjectName(QStringLiteral("summaryLeave"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(watch_);
  buttons->addWidget(table);
  buttons->addWidget(leave);
  buttons->addStretch(1);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(40, 30, 40, 30);
  v->addWidget(title_);
  v->addWidget(summary_);
  v->addSpacing(8);
  v->addWidget(standings_);
  v->addSpacing(8);
  v->addWidget(tei_);
  v->addLayout(buttons);
  v->addStretch(1);
  connect(watch_, &QPushButton::clicked, this, &CampaignSummary::watchReplay);
  connect(table, &QPushButton::clicked, this, &CampaignSummary::backToTable);
  connect(leave, &QPushButton::clicked, this, &CampaignSummary::leave);
  connect(&job_, &QFutureWatcher<CampaignRating>::finished, this, &CampaignSummary::landed);
}

CampaignSummary::~CampaignSummary() { job_.waitForFinished(); }

void CampaignSummary::show(const Outcome& outcome, const std::vector<QString>& names, Seat you, const std::string& replayPath,
                           const std::string& storePath, bool rate) {
  you_ = you;
  summary_->setText(QString::fromStdString(outcome.summary));
  // Standings: by rank, then seat (ties share a place, RULES §V).
  std::vector<size_t> order(outcome.rankBySeat.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return outcome.rankBySeat[a] < outcome.rankBySeat[b]; });
  standings_->setRowCount(static_cast<int>(order.size()));
  for (size_t i = 0; i < order.size(); ++i) {
    const size_t s = order[i];
    const QString who = (s < names.size() ? names[s] : QStringLiteral("Captain %1").arg(s)) + (s == you ? tr(" (you)") : QString());
    const QString score = s < outcome.scoreBySeat.size() ? QString::number(outcome.scoreBySeat[s]) : QString();
    const int row = static_cast<int>(i);
    standings_->setItem(row, 0, new QTableWidgetItem(QString::number(outcome.rankBySeat[s])));
    standings_->setItem(row, 1, new QTableWidgetItem(who));
    standings_->setItem(row, 2, new QTableWidgetItem(score));
    if (s == you)
      for (int c = 0; c < 3; ++c) {
        QFont f = standings_->item(row, c)->font();
        f.setBold(true);
        standings_->item(row, c)->setFont(f);
      }
  }
  standings_->resizeColumnsToContents();
  watch_->setEnabled(!replayPath.empty());
  if (!rate || replayPath.empty()) {
    tei_->setText(tr("<b>TEI:</b> unrated (%1).").arg(replayPath.empty() ? tr("no replay was written") : tr("a casual game")));
    return;
  }
  tei_->setText(tr("<b>TEI:</b> rating this game from its verified replay…"));
  rating_ = true;
  job_.setFuture(QtConcurrent::run([replayPath, storePath] { return rateCampaign(replayPath, storePath); }));
}

QString CampaignSummary::teiText() const { return tei_->text(); }

void CampaignSummary::landed() {
  rating_ = false;
  const CampaignRating r = job_.result();
  QStringList lines;
  for (const auto& s : r.seats) {
    if (s.before.empty()) continue;
    QString line = tr("<b>TEI %1:</b> %2 → <b>%3</b>")
                       .arg(QString::fromStdString(s.bucket), QString::fromStdString(s.before), QString::fromStdString(s.after));
    if (s.won) line += tr(" (won)");
    if (s.assisted) line += tr(" — <i>assisted</i>: an officer played for you, so the gain is withheld");
    if (static_cast<Seat>(s.seat) != you_) line = tr("Captain %1: ").arg(s.seat) + line;
    lines << line;
  }
  if (lines.isEmpty()) {
    bool assisted = false;
    for (const auto& s : r.seats) assisted = assisted || s.assisted;
    lines << tr("<b>TEI:</b> %1 — %2")
                 .arg(assisted ? tr("<i>assisted</i>, unrated") : tr("<i>unrated</i>"),
                      QString::fromStdString(r.why.empty() ? std::string("no rating changed") : r.why).toHtmlEscaped());
  }
  if (r.alreadyApplied) lines << tr("(this game was already in your store; nothing changed)");
  tei_->setText(lines.join(QStringLiteral("<br>")));
}

}  // namespace concord::ui
