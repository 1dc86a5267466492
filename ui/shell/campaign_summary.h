// The end-of-campaign summary (module-agnostic): the outcome in the module's words, the standings (rank,
// captain, score), and for each person their TEI grade before → after, or "unrated" / "assisted" with the
// reason (RULES §VIII). The rating runs on a worker (campaign_rating.h); the summary shows "rating…" till then.
#pragma once

#include <QFutureWatcher>
#include <QWidget>

#include "core/game/types.h"
#include "ui/shell/campaign_rating.h"

class QLabel;
class QTableWidget;
class QPushButton;

namespace concord::ui {

class CampaignSummary : public QWidget {
  Q_OBJECT
 public:
  explicit CampaignSummary(QWidget* parent = nullptr);
  ~CampaignSummary() override;
  /// Shows `outcome` for captains named by `names`, `you` marked; rates `replayPath` into `storePath` on a
  /// worker unless `rate` is false (no replay, or a casual game the person asked not to record).
  void show(const Outcome& outcome, const std::vector<QString>& names, Seat you, const std::string& replayPath,
            const std::string& storePath, bool rate);
  bool rating() const { return rating_; }
  /// The TEI line(s) as shown ("TEI localAi/lieutenant/points: P0 → P12" or "unrated: …").
  QString teiText() const;

 signals:
  void watchReplay();
  void backToTable();
  void leave();

 private:
  void landed();

  QLabel *title_, *summary_, *tei_;
  QTableWidget* standings_;
  QPushButton* watch_;
  QFutureWatcher<CampaignRating> job_;
  bool rating_ = false;
  Seat you_ = 0;
};

}  // namespace concord::ui
