#include "ui/lobby/join_form.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace concord::ui {

JoinForm::JoinForm(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("joinForm"));
  auto* v = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  name_ = new QLineEdit(qEnvironmentVariable("USER", QStringLiteral("captain")).left(32), this);
  name_->setObjectName(QStringLiteral("joinName"));
  name_->setMaxLength(32);
  address_ = new QLineEdit(this);
  address_->setObjectName(QStringLiteral("joinAddress"));
  address_->setPlaceholderText(tr("HOST[:PORT], e.g. 192.168.1.20:27960"));
  join_ = new QPushButton(tr("Join"), this);
  join_->setObjectName(QStringLiteral("joinButton"));
  auto* addrRow = new QHBoxLayout;
  addrRow->addWidget(address_, 1);
  addrRow->addWidget(join_);
  form->addRow(tr("Your name"), name_);
  form->addRow(tr("Address"), addrRow);
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

Result<net::Address> JoinForm::address() const {
  const std::string a = address_->text().trimmed().toStdString();
  if (a.empty()) return Err("give the host's address (HOST[:PORT]) or pick a game from the LAN list");
  if (name().empty()) return Err("give your name at the table");
  return net::parseAddress(a, 27960);
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
