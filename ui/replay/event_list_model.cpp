#include "ui/replay/event_list_model.h"

#include "ui/replay/timeline.h"

namespace concord::ui {

void EventListModel::setEvents(const std::vector<ReplayEvent>* events) {
  beginResetModel();
  events_ = events;
  rows_.clear();
  if (events_) {
    rows_.reserve(events_->size());
    for (size_t i = 0; i < events_->size(); ++i)
      if ((*events_)[i].kind != "alert-end") rows_.push_back(static_cast<uint32_t>(i));
  }
  endResetModel();
}

uint32_t EventListModel::positionAt(int row) const {
  return row >= 0 && static_cast<size_t>(row) < rows_.size() ? (*events_)[rows_[static_cast<size_t>(row)]].position : 0;
}

int EventListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant EventListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || static_cast<size_t>(index.row()) >= rows_.size()) return {};
  const ReplayEvent& ev = (*events_)[rows_[static_cast<size_t>(index.row())]];
  switch (role) {
    case Qt::DisplayRole: return QStringLiteral("%1  ").arg(ev.position, 5) + QString::fromStdString(ev.text);
    case Qt::ToolTipRole: return QString::fromStdString(ev.text);
    case Qt::ForegroundRole: return Timeline::colorOf(ev.kind);
    case kPositionRole: return ev.position;
    default: return {};
  }
}

int EventListModel::rowAtOrBefore(uint32_t position) const {
  // Rows are in replay order: the first row past `position`, less one.
  int lo = 0, hi = static_cast<int>(rows_.size());
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (positionAt(mid) <= position) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

}  // namespace concord::ui
