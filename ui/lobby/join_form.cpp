#include "ui/lobby/join_form.h"

#include <QFontDatabase>
#include <QFormLayout>

#include "ui/shell/settings.h"
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace concord::ui {

JoinForm::JoinForm(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("joinForm"));
  auto* v = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  name_ = new QLineEdit(personName(), this);  // the profile's name (issue 31)
  name_->setObjectName(QStringLiteral("joinName"));
  name_->setMaxLength(32);
  address_ = new QLineEdit(this);
  address_->setObjectName(QStringLiteral("joinAddress"));
  address_->setPlaceholderText(tr("a friend's invite code, or HOST[:PORT] on this network (192.168.1.20:27960)"));
  address_->setToolTip(tr("An invite code from a host who chose Invite friends (case, dashes and spaces do not matter), or "
                          "the address of a host on this network"));
  address_->setMinimumWidth(460);
  address_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));  // a code is compared character by character
  fieldProblem_ = new QLabel(this);
  fieldProblem_->setObjectName(QStringLiteral("joinFieldProblem"));
  fieldProblem_->setWordWrap(true);
  fieldProblem_->setStyleSheet(QStringLiteral("color: #b02020;"));
  fieldProblem_->hide();
  join_ = new QPushButton(tr("Join"), this);
  join_->setObjectName(QStringLiteral("joinButton"));
  auto* addrRow = new QHBoxLayout;
  addrRow->addWidget(address_, 1);
  addrRow->addWidget(join_);
  form->addRow(tr("Your name"), name_);
  form->addRow(tr("Join with a code"), addrRow);
  form->addRow(QString(), fieldProblem_);
  v->addLayout(form);
  auto* lanRow = new QHBoxLayout;
  lanStatus_ = new QLabel(tr("Games announced on this network:"), this);
  lanStatus_->setObjectName(QStringLiteral("lanStatus"));
  refresh_ = new QPushButton(tr("Look again"), this);
  refresh_->setObjectName(QStringLiteral("lanRefresh"));
  lanRow->addWidget(lanStatus_, 1);
  lanRow->addWidget(refresh_);
  v->addLayout(lanRow);
  lan_ = new QListWidget(this);
  lan_->setObjectName(QStringLiteral("lanList"));
  v->addWidget(lan_, 1);
  connect(join_, &QPushButton::clicked, this, &JoinForm::joinRequested);
  connect(address_, &QLineEdit::returnPressed, this, &JoinForm::joinRequested);
  connect(address_, &QLineEdit::textChanged, this, [this] { fieldProblem_->hide(); });
  connect(refresh_, &QPushButton::clicked, this, [this] { refreshLan(); });
  connect(lan_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* it) {
    if (it && it->data(Qt::UserRole).isValid()) address_->setText(it->data(Qt::UserRole).toString());
  });
  connect(lan_, &QListWidget::itemActivated, this, [this](QListWidgetItem* it) {  // double-click or Return
    if (!it->data(Qt::UserRole).isValid()) return;
    address_->setText(it->data(Qt::UserRole).toString());
    emit joinRequested();
  });
  connect(&watcher_, &QFutureWatcher<Result<std::vector<net::LanGame>>>::finished, this, &JoinForm::landed);
}

Result<JoinTarget> JoinForm::target() const {
  const std::string a = address_->text().trimmed().toStdString();
  if (a.empty()) return Err("give a friend's invite code, the host's address (HOST[:PORT]), or pick a game from the LAN list");
  if (name().empty()) return Err("give your name at the table");
  JoinTarget t;
  if (net::looksLikeInvite(a)) {  // a code with a typo still looks like one: the person gets the decoder's words
    auto invite = net::decodeInvite(a);
    if (!invite) return invite.error();
    t.invite = std::move(*invite);
    return t;
  }
  auto address = net::parseAddress(a, 27960);
  if (!address) return address.error();
  t.address = *address;
  return t;
}

void JoinForm::showFieldProblem(const QString& text) {
  fieldProblem_->setText(text);
  fieldProblem_->show();
}

void JoinForm::refreshLan(uint32_t seconds) {
  if (watcher_.isRunning()) return;
  refresh_->setEnabled(false);
  lanStatus_->setText(tr("Listening %1 s for games announced on this network (UDP %2)…").arg(seconds).arg(discoveryPort_));
  const uint16_t port = discoveryPort_;
  watcher_.setFuture(QtConcurrent::run([port, seconds] { return net::listenLan("0.0.0.0", port, seconds); }));
}

void JoinForm::landed() {
  refresh_->setEnabled(true);
  auto heard = watcher_.result();
  lan_->clear();
  if (!heard) {
    lanStatus_->setText(tr("Cannot listen for LAN games: %1").arg(QString::fromStdString(heard.message())));
    return;
  }
  for (const auto& g : *heard) {
    const auto& a = g.announce;
    const QString text = QStringLiteral("%1   %2 hosts %3   %4 of %5 seats free   %6%7")
                             .arg(QString::fromStdString(g.address), QString::fromStdString(a.hostName), QString::fromStdString(a.moduleId))
                             .arg(a.free)
                             .arg(a.seats)
                             .arg(a.rated ? tr("rated") : tr("casual"), a.launched ? tr("   (running)") : QString());
    auto* item = new QListWidgetItem(text, lan_);
    item->setData(Qt::UserRole, QString::fromStdString(g.address));
    if (a.launched || a.free == 0) item->setForeground(Qt::gray);
  }
  lanStatus_->setText(heard->empty() ? tr("No game announced on this network. Host one, or type the host's address.")
                                     : tr("Games announced on this network (double-click to join):"));
}

}  // namespace concord::ui
