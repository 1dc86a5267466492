// The omniscient view's hands (replay analysts): every captain's coordinates as small dominoes, one row each.
#pragma once

#include <QWidget>
#include <optional>

#include "core/warp/state.h"

namespace concord::ui {

class WarpOpenHands : public QWidget {
  Q_OBJECT
 public:
  explicit WarpOpenHands(QWidget* parent = nullptr);
  void setTable(const concord::warp::WarpGame& table);
  QSize sizeHint() const override;
  int heightForWidth(int width) const override;
  /// Lines a hand of `tiles` takes at `width` (every coordinate drawn, none cut).
  static int linesFor(size_t tiles, int width);
  static constexpr int kRow = 30, kTileH = 22, kTileW = 44, kLabel = 96;
  /// One line per captain ("Captain 0: 12-5 3-3"), for tests and accessibility.
  QString text() const;

 protected:
  void paintEvent(QPaintEvent*) override;
  void resizeEvent(QResizeEvent* e) override;

 private:
  std::optional<concord::warp::WarpGame> table_;
};

}  // namespace concord::ui
