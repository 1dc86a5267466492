#include "ui/warp/warp_scoreboard.h"

#include "ui/warp/captain_names.h"

#include <QHeaderView>

namespace concord::ui {

WarpScoreboard::WarpScoreboard(QWidget* parent) : QTableWidget(parent) {
  setObjectName(QStringLiteral("warpScoreboard"));
  setColumnCount(6);
  // RULES §V: a round's points exist once it is tallied; until the next tally the column shows the last one.
  setHorizontalHeaderLabels({tr("Captain"), tr("Hand"), tr("Last"), tr("Score"), tr("TEI"), tr("Status")});
  horizontalHeaderItem(2)->setToolTip(tr("Points of the last round tallied"));
  verticalHeader()->hide();
  horizontalHeader()->setStretchLastSection(true);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionMode(QAbstractItemView::NoSelection);
  setFocusPolicy(Qt::NoFocus);
}

void WarpScoreboard::setTable(const concord::warp::WarpGame& t, Seat viewer) {
  const bool points = t.config().objective == concord::warp::Objective::Points;
  setHorizontalHeaderItem(3, new QTableWidgetItem(points ? tr("Campaign") : tr("Round wins")));
  setRowCount(t.seats());
  for (Seat s = 0; s < t.seats(); ++s) {
    const auto& st = t.seat(s);
    QString name = captainName(names_, s) + (s == viewer ? tr(" (you)") : QString());
    if (s == t.toAct()) name = QStringLiteral("▶ ") + name;
    QStringList status;
    if (st.beacon) status << tr("beacon");
    if (st.atImpulse) status << tr("impulse");
    if (t.hazardHolder() == s) status << tr("hazard");
    const QString score = points ? QString::number(t.shownScore(st.campaign)) : QString::number(st.roundWins);
    const QString grade = s < grades_.size() ? QString::fromStdString(grades_[s]) : QString();
    const QString cells[6] = {name, QString::number(st.hand.size()), QString::number(st.roundScore), score, grade,
                              status.join(QStringLiteral(", "))};
    for (int c = 0; c < 6; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (s == t.toAct()) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
      }
      setItem(s, c, item);
    }
  }
  resizeColumnsToContents();
}

}  // namespace concord::ui
