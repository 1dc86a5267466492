// The replay viewer's events list as a model (alerts, catches, tallies, round ends, the winner). A 10,000-turn
// replay has thousands of events: a QListWidget filled item by item stalled the UI thread ~120 ms when a replay
// landed (docs/performance.md). The model only points at the loaded events and formats the rows a view asks
// for, so setting it is O(events) integer work and a uniform-row QListView lays out in constant time.
#pragma once

#include <QAbstractListModel>
#include <vector>

#include "ui/replay/replay_load.h"

namespace concord::ui {

class EventListModel : public QAbstractListModel {
  Q_OBJECT
 public:
  /// The position a row jumps to (Qt::UserRole, as the QListWidget rows had it).
  static constexpr int kPositionRole = Qt::UserRole;

  explicit EventListModel(QObject* parent = nullptr) : QAbstractListModel(parent) {}
  /// Shows `events` less the "alert-end" ones (they only close a timeline span). The vector must outlive the
  /// model's use of it: the viewer sets nullptr before it replaces its LoadedReplay.
  void setEvents(const std::vector<ReplayEvent>* events);
  /// The replay position of `row`.
  uint32_t positionAt(int row) const;
  /// The last row at or before `position` (-1: none): the event the shown turn has most recently passed.
  int rowAtOrBefore(uint32_t position) const;

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

 private:
  const std::vector<ReplayEvent>* events_ = nullptr;
  std::vector<uint32_t> rows_;  // index into events_ of each row
};

}  // namespace concord::ui
