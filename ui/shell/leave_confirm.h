// "Leave the table?" asked in the page's own bar, not in a modal box (issue 31: a stray click on Leave ended a
// game). The Leave button shows the question; "Leave" confirms, "Stay" (Esc) takes it back. Module-agnostic.
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace concord::ui {

class LeaveConfirm : public QFrame {
  Q_OBJECT
 public:
  /// `consequence`: what leaving does here ("the others play on with an officer in your seat").
  LeaveConfirm(const QString& consequence, QWidget* parent = nullptr);
  void ask();
  bool asking() const { return isVisible(); }
  QPushButton& leaveButton() const { return *leave_; }
  QPushButton& stayButton() const { return *stay_; }

 signals:
  void confirmed();

 private:
  QPushButton *leave_, *stay_;
};

}  // namespace concord::ui
