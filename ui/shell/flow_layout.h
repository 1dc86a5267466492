// A layout that places its items left to right and wraps to a new row when the width is used up, so a row of
// buttons of any number and length never widens the window (issue 31: a 1,366 px screen shows every order).
#pragma once

#include <QLayout>
#include <QList>

namespace concord::ui {

class FlowLayout : public QLayout {
 public:
  explicit FlowLayout(QWidget* parent = nullptr, int spacing = 6);
  ~FlowLayout() override;
  void addItem(QLayoutItem* item) override;
  int count() const override { return static_cast<int>(items_.size()); }
  QLayoutItem* itemAt(int index) const override { return items_.value(index); }
  QLayoutItem* takeAt(int index) override;
  Qt::Orientations expandingDirections() const override { return {}; }
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override { return place(QRect(0, 0, width, 0), false); }
  QSize minimumSize() const override;
  QSize sizeHint() const override { return minimumSize(); }
  void setGeometry(const QRect& rect) override;

 private:
  /// Lays the items out in `rect` (moving them when `apply`); returns the height used.
  int place(const QRect& rect, bool apply) const;
  QList<QLayoutItem*> items_;
  int gap_;
};

}  // namespace concord::ui
