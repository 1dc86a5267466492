#include "ui/lobby/lobby_rules_dialog.h"

#include <QHBoxLayout>
#include <QScrollArea>
#include <QVBoxLayout>

namespace concord::ui {

LobbyRulesDialog::LobbyRulesDialog(RulesForm* form, const ConfigOptions& current, QWidget* parent)
    : QDialog(parent), form_(form), current_(current) {
  setObjectName(QStringLiteral("rulesDialog"));
  setWindowTitle(tr("Change the rules"));
  auto* v = new QVBoxLayout(this);
  auto* note = new QLabel(tr("Every captain in the lobby sees the new rules and their config hash; ready marks reset, "
                             "since each was given for the old rules. The rules lock at the launch."),
                          this);
  note->setWordWrap(true);
  v->addWidget(note);
  auto* scroll = new QScrollArea(this);
  form_->setParent(scroll);
  scroll->setWidget(form_);
  scroll->setWidgetResizable(true);
  v->addWidget(scroll, 1);
  problem_ = new QLabel(this);
  problem_->setObjectName(QStringLiteral("rulesDialogProblem"));
  problem_->setWordWrap(true);
  problem_->setStyleSheet(QStringLiteral("color: #b02020;"));
  v->addWidget(problem_);
  auto* bar = new QHBoxLayout;
  auto* cancel = new QPushButton(tr("Cancel"), this);
  cancel->setObjectName(QStringLiteral("cancelRules"));
  apply_ = new QPushButton(tr("Apply to the lobby"), this);
  apply_->setObjectName(QStringLiteral("applyRules"));
  apply_->setDefault(true);
  bar->addStretch(1);
  bar->addWidget(cancel);
  bar->addWidget(apply_);
  v->addLayout(bar);
  resize(900, 640);
  form_->setOptions(current_);
  connect(form_, &RulesForm::changed, this, &LobbyRulesDialog::recheck);
  connect(cancel, &QPushButton::clicked, this, [this] {
    form_->setOptions(current_);  // what the lobby plays under; the dialog keeps it for the next opening
    reject();
  });
  connect(apply_, &QPushButton::clicked, this, [this] {
    auto o = form_->options();
    if (!o) return;
    emit applied(*o);
    accept();
  });
  recheck();
}

void LobbyRulesDialog::setSeats(int n) {
  seats_ = n;
  recheck();
}

void LobbyRulesDialog::setCurrent(const ConfigOptions& options) {
  current_ = options;
  if (!isVisible()) form_->setOptions(current_);
}

void LobbyRulesDialog::recheck() {
  auto o = form_->options();
  QString why = o ? QString() : QString::fromStdString(o.message());
  if (o && form_->maxSeats() < seats_)
    why = tr("These rules seat at most %1 captains; the table has %2. Host again for a smaller table.").arg(form_->maxSeats()).arg(seats_);
  problem_->setText(why);
  apply_->setEnabled(why.isEmpty());
}

}  // namespace concord::ui
