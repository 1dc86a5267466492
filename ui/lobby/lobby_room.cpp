#include "ui/lobby/lobby_room.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "core/game/registry.h"

namespace concord::ui {

namespace {
constexpr int kLinkColumn = 5, kRemoveColumn = 6;
}

QString linkCellText(const net::SeatLink& link) {
  if (!link.link) return QObject::tr("not linked yet");
  QString how = QString::fromUtf8(net::linkKindName(link.link->kind));
  if (link.link->kind == net::LinkKind::Relayed)
    how += link.viaSeat ? QObject::tr(" via seat %1").arg(*link.viaSeat) : QObject::tr(" via a peer");
  return QObject::tr("%1 · %2 ms").arg(how).arg(link.link->rttMs);
}

LobbyRoom::LobbyRoom(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("lobbyRoom"));
  auto* h = new QHBoxLayout(this);
  auto* left = new QVBoxLayout;
  banner_ = new QLabel(this);
  banner_->setObjectName(QStringLiteral("roomBanner"));
  banner_->setWordWrap(true);
  info_ = new QLabel(this);
  info_->setObjectName(QStringLiteral("roomInfo"));
  info_->setWordWrap(true);
  info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  invite_ = new InvitePanel(this);
  seats_ = new QTableWidget(0, 7, this);
  seats_->setObjectName(QStringLiteral("roomSeats"));
  seats_->setHorizontalHeaderLabels({tr("Seat"), tr("Captain"), tr("Who"), tr("Identity"), tr("Ready"), tr("Link"), QString()});
  seats_->horizontalHeaderItem(kLinkColumn)->setToolTip(tr("How we reach this captain: direct, punched through both routers, or "
                                                             "relayed through another captain; and the round trip"));
  seats_->verticalHeader()->hide();
  seats_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  seats_->horizontalHeader()->setSectionResizeMode(kLinkColumn, QHeaderView::Stretch);  // Link takes the room; Remove fits its button
  seats_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  seats_->setSelectionMode(QAbstractItemView::NoSelection);
  seats_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  seats_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
  ready_ = new QCheckBox(tr("I am ready"), this);
  ready_->setObjectName(QStringLiteral("readyBox"));
  launch_ = new QPushButton(tr("Launch"), this);
  launch_->setObjectName(QStringLiteral("launchButton"));
  rules_ = new QPushButton(tr("Change the rules…"), this);
  rules_->setObjectName(QStringLiteral("changeRules"));
  rules_->setToolTip(tr("Until the launch: every captain sees the new rules and config hash, and marks ready again"));
  auto* leave = new QPushButton(tr("Leave the lobby"), this);
  leave->setObjectName(QStringLiteral("leaveLobby"));
  hint_ = new QLabel(this);
  hint_->setObjectName(QStringLiteral("roomHint"));
  hint_->setWordWrap(true);
  auto* bar = new QHBoxLayout;
  bar->addWidget(ready_);
  bar->addStretch(1);
  bar->addWidget(rules_);
  bar->addWidget(leave);
  bar->addWidget(launch_);
  left->addWidget(banner_);
  left->addWidget(info_);
  left->addWidget(invite_);
  left->addWidget(seats_);
  left->addWidget(hint_);
  left->addStretch(1);
  left->addLayout(bar);
  h->addLayout(left, 3);
  comms_ = new CommsPanel(this);
  h->addWidget(comms_, 2);
  connect(ready_, &QCheckBox::toggled, this, &LobbyRoom::readyChanged);
  connect(launch_, &QPushButton::clicked, this, &LobbyRoom::launchRequested);
  connect(rules_, &QPushButton::clicked, this, &LobbyRoom::rulesChangeRequested);
  connect(leave, &QPushButton::clicked, this, &LobbyRoom::leaveRequested);
  waiting(QString());
}

void LobbyRoom::waiting(const QString& text) {
  banner_->setText(text);
  banner_->setStyleSheet(QStringLiteral("padding: 6px; font-weight: bold;"));
  info_->clear();
  invite_->clear();
  links_.clear();
  seats_->setRowCount(0);
  ready_->hide();
  launch_->hide();
  rules_->hide();
  hint_->clear();
}

QComboBox* LobbyRoom::seatKind(int seat) const { return qobject_cast<QComboBox*>(seats_->cellWidget(seat, 2)); }

void LobbyRoom::show(const net::LobbyMsg& lobby, const lockstep::PublicKey& me, bool host) {
  const auto& ss = lobby.session;
  if (ss.rated) {
    banner_->setText(tr("RATED SECTOR: TEI moves when the campaign completes. In play, comms are quick hails only (RULES §VIII, §IX)."));
    banner_->setStyleSheet(QStringLiteral("background: #1d5e2a; color: white; padding: 6px; font-weight: bold;"));
  } else {
    banner_->setText(tr("CASUAL SECTOR: unrated; full comms during play (RULES §VIII, §IX)."));
    banner_->setStyleSheet(QStringLiteral("background: #8a5a00; color: white; padding: 6px; font-weight: bold;"));
  }
  QString rules = QString::fromStdString(ss.moduleId);
  if (auto mod = findModule(ss.moduleId); mod && (*mod)->describeConfig) rules = QString::fromStdString((*mod)->describeConfig(ss.config));
  info_->setText(tr("<b>%1</b> (rules version %2)%3<br>Config hash <tt>%4</tt>: every peer checks it before the game starts.<br>"
                    "<small>%5</small>")
                     .arg(QString::fromStdString(ss.moduleId))
                     .arg(ss.rulesVersion)
                     .arg(lobby.launched ? tr(" · launched, config locked") : QString())
                     .arg(QString::fromStdString(ss.configHash().hex()), rules.toHtmlEscaped()));
  seats_->setRowCount(static_cast<int>(lobby.seats.size()));
  int in = 0, ready = 0;
  bool meReady = false;
  for (int i = 0; i < static_cast<int>(lobby.seats.size()); ++i) {
    const auto& s = lobby.seats[static_cast<size_t>(i)];
    const std::string kind = i < static_cast<int>(ss.seats.size()) ? ss.seats[static_cast<size_t>(i)].botKind : "";
    QString who, name = QString::fromStdString(s.name), id, mark;
    if (s.kind == net::SeatKind::Human) {
      ++in;
      ready += s.ready ? 1 : 0;
      who = s.officer ? tr("AI officer (its own peer)") : i == 0 ? tr("person (host)") : tr("person");
      if (s.key == me) {
        who += tr(" · you");
        meReady = s.ready;
      }
      id = QString::fromStdString(s.key.fingerprint());
      mark = s.ready ? tr("✔ ready") : tr("not ready");
    } else if (s.kind == net::SeatKind::Ai) {
      who = tr("AI officer: %1").arg(kind.empty() ? tr("default") : QString::fromStdString(kind));
      mark = tr("✔");
    } else {
      name = tr("(open)");
      who = tr("open for a person");
    }
    const QString cells[] = {QString::number(i), name, who, id, mark};
    for (int c = 0; c < 5; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (s.key == me && s.kind == net::SeatKind::Human) item->setBackground(QColor(0xe8, 0xf0, 0xff));
      seats_->setItem(i, c, item);
    }
    seats_->removeCellWidget(i, 2);
    seats_->removeCellWidget(i, kRemoveColumn);
    if (host && !lobby.launched && i > 0 && s.kind != net::SeatKind::Human && !kinds_.empty()) {
      auto* menu = new QComboBox(seats_);  // the host changes a free seat until the launch
      menu->setObjectName(QStringLiteral("roomSeatKind-%1").arg(i));
      menu->addItem(tr("open for a person"), QString());
      for (const auto& k : kinds_) menu->addItem(tr("AI officer: %1").arg(QString::fromStdString(k)), QString::fromStdString(k));
      menu->setCurrentIndex(s.kind == net::SeatKind::Ai ? std::max(0, menu->findData(QString::fromStdString(kind))) : 0);
      connect(menu, &QComboBox::activated, this, [this, i, menu] { emit seatKindRequested(static_cast<unsigned>(i), menu->currentData().toString()); });
      seats_->setCellWidget(i, 2, menu);
    }
    if (host && !lobby.launched && i > 0 && s.kind == net::SeatKind::Human) {
      auto* remove = new QPushButton(tr("Remove"), seats_);
      remove->setObjectName(QStringLiteral("kick-%1").arg(i));
      remove->setToolTip(tr("Remove this captain from the lobby; the seat opens again and their key is refused here"));
      connect(remove, &QPushButton::clicked, this, [this, i] { emit kickRequested(static_cast<unsigned>(i)); });
      seats_->setCellWidget(i, kRemoveColumn, remove);
    }
  }
  drawLinks();
  ready_->setVisible(!host && !lobby.launched);
  {
    const QSignalBlocker block(ready_);
    ready_->setChecked(meReady);
  }
  launch_->setVisible(host && !lobby.launched);
  rules_->setVisible(host && !lobby.launched && lobby.session.charter.id.empty());
  launch_->setEnabled(ready == in);
  const QString invite = !host || lobby.seats.empty() ? QString()
                         : invite_->active()   ? tr("Friends join with the invite code above.\n")
                                               : tr("Players join from the LAN list, or with this machine's address and port %1 "
                                                    "(terminal: concord join ADDR:%1).\n").arg(lobby.seats[0].port);
  if (lobby.launched) hint_->setText(tr("Launching: agreeing the seed (commit–reveal)…"));
  else if (host)
    hint_->setText(invite + (ready == in ? tr("Everyone in is ready. Launch starts the game; open seats become AI officers.")
                                         : tr("Waiting for %1 captain(s) to mark ready.").arg(in - ready)));
  else hint_->setText(meReady ? tr("You are ready. The host launches the game.") : tr("Mark ready when you are."));
}

void LobbyRoom::setLinks(std::vector<net::SeatLink> links) {
  links_ = std::move(links);
  drawLinks();
}

// Only rows of seated persons have a link; ours and the officers' stay empty.
void LobbyRoom::drawLinks() {
  for (int i = 0; i < seats_->rowCount(); ++i) {
    auto* item = new QTableWidgetItem;
    for (const auto& l : links_)
      if (l.seat == static_cast<Seat>(i)) item->setText(linkCellText(l));
    if (auto* name = seats_->item(i, 1)) item->setBackground(name->background());
    seats_->setItem(i, kLinkColumn, item);
  }
}

}  // namespace concord::ui
