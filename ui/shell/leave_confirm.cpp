#include "ui/shell/leave_confirm.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace concord::ui {

LeaveConfirm::LeaveConfirm(const QString& consequence, QWidget* parent) : QFrame(parent) {
  setObjectName(QStringLiteral("leaveConfirm"));
  setFrameShape(QFrame::StyledPanel);
  auto* text = new QLabel(tr("Leave the table? %1").arg(consequence), this);
  text->setWordWrap(true);
  leave_ = new QPushButton(tr("Leave"), this);
  leave_->setObjectName(QStringLiteral("confirmLeave"));
  stay_ = new QPushButton(tr("Stay"), this);
  stay_->setObjectName(QStringLiteral("stayAtTable"));
  auto* h = new QHBoxLayout(this);
  h->setContentsMargins(6, 2, 6, 2);
  h->addWidget(text, 1);
  h->addWidget(leave_);
  h->addWidget(stay_);
  connect(stay_, &QPushButton::clicked, this, &QWidget::hide);
  connect(leave_, &QPushButton::clicked, this, [this] {
    hide();
    emit confirmed();
  });
  hide();
}

void LeaveConfirm::ask() { show(); }

}  // namespace concord::ui
