#include "ui/lobby/invite_panel.h"

#include <QClipboard>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGuiApplication>

namespace concord::ui {

InvitePanel::InvitePanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("invitePanel"));
  setStyleSheet(QStringLiteral("#invitePanel { background: #eef4fb; border: 1px solid #9db7d5; }"));
  setAttribute(Qt::WA_StyledBackground);
  auto* g = new QGridLayout(this);
  auto* title = new QLabel(tr("<b>Invite code</b>"), this);
  code_ = new QLabel(this);
  code_->setObjectName(QStringLiteral("inviteCode"));
  QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  mono.setStyleHint(QFont::TypeWriter);  // a platform without a fixed system font still picks a monospace one
  mono.setFixedPitch(true);
  mono.setPointSizeF(mono.pointSizeF() * 1.15);
  code_->setFont(mono);
  code_->setTextFormat(Qt::PlainText);
  code_->setWordWrap(true);  // eight addresses make a long code: it breaks at its dashes
  code_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
  code_->setStyleSheet(QStringLiteral("background: white; padding: 4px; border: 1px solid #c0c8d0;"));
  copy_ = new QPushButton(tr("Copy"), this);
  copy_->setObjectName(QStringLiteral("copyInvite"));
  copy_->setToolTip(tr("Put the invite code on the clipboard, to paste in a message to your friends"));
  router_ = new QLabel(this);
  router_->setObjectName(QStringLiteral("routerLine"));
  router_->setWordWrap(true);
  router_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  how_ = new QLabel(tr("Friends paste it under Join a game › Join with a code (terminal: concord join CODE). Only people "
                       "with this code get in; a new lobby makes a new code."),
                    this);
  how_->setWordWrap(true);
  g->addWidget(title, 0, 0);
  g->addWidget(code_, 0, 1);
  g->addWidget(copy_, 0, 2, Qt::AlignTop);
  g->addWidget(router_, 1, 0, 1, 3);
  g->addWidget(how_, 2, 0, 1, 3);
  g->setColumnStretch(1, 1);
  connect(copy_, &QPushButton::clicked, this, [this] {
    if (code_->text().isEmpty()) return;
    QGuiApplication::clipboard()->setText(code_->text());
    copy_->setText(tr("Copied ✔"));
  });
  clear();
}

void InvitePanel::asking(uint16_t port) {
  active_ = true;
  code_->clear();
  copy_->setEnabled(false);
  copy_->setText(tr("Copy"));
  router_->setText(tr("Asking the router to open UDP port %1 (UPnP-IGD, NAT-PMP)…").arg(port));
  show();
}

void InvitePanel::showCode(const QString& code, const QString& routerLine) {
  active_ = true;
  code_->setText(code);
  copy_->setEnabled(true);
  copy_->setText(tr("Copy"));
  router_->setText(routerLine.left(1).toUpper() + routerLine.mid(1));
  show();
}

void InvitePanel::clear() {
  active_ = false;
  code_->clear();
  router_->clear();
  hide();
}

}  // namespace concord::ui
