#include "ui/comms/comms_panel.h"

#include <QHBoxLayout>
#include <QMenu>
#include <QTime>
#include <QVBoxLayout>
#include <map>

namespace concord::ui {

namespace {
const lockstep::PublicKey kMe{};  // the rate limiter's key for our own sends
}

CommsPanel::CommsPanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("commsPanel"));
  clock_.start();
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  mode_label_ = new QLabel(this);
  mode_label_->setObjectName(QStringLiteral("commsMode"));
  mode_label_->setWordWrap(true);
  v->addWidget(mode_label_);
  messages_ = new QListWidget(this);
  messages_->setObjectName(QStringLiteral("commsMessages"));
  messages_->setWordWrap(true);
  v->addWidget(messages_, 3);
  // Quick-phrase hails by group (RULES §IX), one button per group with its phrases.
  auto* hails = new QHBoxLayout;
  std::map<std::string, QMenu*> groups;
  for (const auto& h : net::hailCatalogue()) {
    const std::string g(h.group);
    if (!groups.count(g)) {
      auto* b = new QToolButton(this);
      b->setObjectName(QStringLiteral("hailGroup-") + QString::fromStdString(g));
      b->setText(QString::fromStdString(g));
      b->setPopupMode(QToolButton::InstantPopup);
      groups[g] = new QMenu(b);
      b->setMenu(groups[g]);
      hails->addWidget(b);
    }
    auto* a = groups[g]->addAction(QString::fromUtf8(h.phrase.data(), static_cast<qsizetype>(h.phrase.size())));
    a->setObjectName(QStringLiteral("hail-%1").arg(h.id));
    connect(a, &QAction::triggered, this, [this, id = h.id] { hail(id); });
  }
  hails->addStretch(1);
  mute_ = new QToolButton(this);
  mute_->setObjectName(QStringLiteral("mute"));
  mute_->setText(tr("Mute…"));
  mute_->setPopupMode(QToolButton::InstantPopup);
  mute_->setMenu(new QMenu(mute_));
  hails->addWidget(mute_);
  v->addLayout(hails);
  auto* line = new QHBoxLayout;
  to_ = new QComboBox(this);
  to_->setObjectName(QStringLiteral("commsTo"));
  to_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  text_ = new QLineEdit(this);
  text_->setObjectName(QStringLiteral("commsText"));
  text_->setMaxLength(static_cast<int>(net::kMaxCommsText));
  text_->setPlaceholderText(tr("Message the table"));
  send_ = new QPushButton(tr("Send"), this);
  send_->setObjectName(QStringLiteral("commsSend"));
  line->addWidget(to_);
  line->addWidget(text_, 1);
  line->addWidget(send_);
  v->addLayout(line);
  feedback_ = new QLabel(this);
  feedback_->setObjectName(QStringLiteral("commsFeedback"));
  feedback_->setWordWrap(true);
  feedback_->setStyleSheet(QStringLiteral("color: #a05000;"));
  v->addWidget(feedback_);
  auto* newsTitle = new QLabel(tr("Table news"), this);
  newsTitle->setStyleSheet(QStringLiteral("font-weight: bold;"));
  v->addWidget(newsTitle);
  news_ = new QListWidget(this);
  news_->setObjectName(QStringLiteral("tableNews"));
  news_->setWordWrap(true);
  v->addWidget(news_, 2);
  connect(send_, &QPushButton::clicked, this, &CommsPanel::sendText);
  connect(text_, &QLineEdit::returnPressed, this, &CommsPanel::sendText);
  rateTimer_.setInterval(250);
  connect(&rateTimer_, &QTimer::timeout, this, &CommsPanel::refreshRate);
  setCaptains({}, {}, -1);
  setMode(net::CommsMode::Lobby, false);
}

void CommsPanel::setCaptains(const QStringList& names, const QStringList& ids, int me) {
  if (names == captains_ && ids == ids_ && me == me_) return;
  captains_ = names;
  ids_ = ids;
  me_ = me;
  const int keep = to_->currentData().isValid() ? to_->currentData().toInt() : -1;
  to_->clear();
  to_->addItem(tr("Everyone"), -1);
  auto* menu = mute_->menu();
  menu->clear();
  for (int s = 0; s < names.size(); ++s) {
    if (s == me || s >= ids.size() || ids[s].isEmpty()) continue;
    to_->addItem(tr("DM seat %1 %2 (all read DMs)").arg(s).arg(names[s]), s);
    auto* a = menu->addAction(tr("seat %1 %2").arg(s).arg(names[s]));
    a->setObjectName(QStringLiteral("mute-%1").arg(s));
    a->setCheckable(true);
    connect(a, &QAction::toggled, this, [this, s](bool on) { muteToggled(s, on); });
  }
  if (int i = to_->findData(keep); i >= 0) to_->setCurrentIndex(i);
}

void CommsPanel::setMode(net::CommsMode mode, bool rated) {
  mode_ = mode;
  rated_ = rated;
  net::CommsMsg probe;
  probe.kind = net::CommsKind::Text;
  probe.text = "?";
  const auto text = net::commsAllowed(mode, rated, probe);
  text_->setEnabled(text.ok());
  to_->setEnabled(text.ok());
  send_->setEnabled(text.ok());
  const QString where = mode == net::CommsMode::Lobby ? tr("Lobby") : mode == net::CommsMode::Active ? tr("In play") : tr("Post-game");
  mode_label_->setText(text ? tr("Comms (%1, %2): hails, free text and DMs. DMs are read by every captain (RULES §IX).")
                                  .arg(where, rated ? tr("rated") : tr("casual"))
                            : tr("Comms (%1, rated sector): public quick hails only; free text and DMs reopen after the game "
                                 "(RULES §IX).")
                                  .arg(where));
  text_->setPlaceholderText(text ? tr("Message the table") : tr("Quick hails only while a rated game is in play"));
}

void CommsPanel::addMessage(const QString& from, const QString& line, bool mine) {
  auto* item = new QListWidgetItem(QStringLiteral("%1  %2%3: %4").arg(QTime::currentTime().toString(QStringLiteral("HH:mm")), from,
                                                                   mine ? tr(" (you)") : QString(), line));
  if (line.startsWith(QStringLiteral("to seat "))) item->setForeground(QColor(0x60, 0x30, 0x90));
  messages_->addItem(item);
  messages_->scrollToBottom();
}

void CommsPanel::addNotice(const QString& text) {
  feedback_->setText(text);
  addNews(text);
}

void CommsPanel::addNews(const QString& text) {
  news_->addItem(QStringLiteral("%1  %2").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), text));
  while (news_->count() > 500) delete news_->takeItem(0);
  news_->scrollToBottom();
}

// RULES §IX Moderation: burst of 3, then 3 s between sends. Said before the node would refuse it.
bool CommsPanel::takeRate() {
  const auto now = static_cast<uint64_t>(clock_.elapsed());
  if (limiter_.take(kMe, now)) {
    refreshRate();
    return true;
  }
  refreshRate();
  return false;
}

void CommsPanel::refreshRate() {
  const uint64_t wait = limiter_.waitMs(kMe, static_cast<uint64_t>(clock_.elapsed()));
  if (wait == 0) {
    if (feedback_->property("rate").toBool()) feedback_->clear();
    feedback_->setProperty("rate", false);
    rateTimer_.stop();
    return;
  }
  feedback_->setProperty("rate", true);
  feedback_->setText(tr("Easy, captain: a burst of 3, then one message per 3 s (RULES §IX). Next message in %1 s.")
                         .arg((wait + 999) / 1000));
  rateTimer_.start();
}

void CommsPanel::hail(uint16_t id) {
  if (!net::findHail(id) || !sink_) return;
  if (!takeRate()) return;
  sink_(net::HailRequest{id});
}

void CommsPanel::sendText() {
  const QString t = text_->text().trimmed();
  if (t.isEmpty() || !sink_ || !text_->isEnabled()) return;
  if (!takeRate()) return;
  const int to = to_->currentData().toInt();
  if (to < 0) sink_(net::SayRequest{t.toStdString()});
  else sink_(net::DirectRequest{static_cast<unsigned>(to), t.toStdString()});
  text_->clear();
}

void CommsPanel::muteToggled(int seat, bool mute) {
  if (!sink_ || seat >= ids_.size()) return;
  sink_(net::MuteRequest{ids_[seat].toStdString(), mute});
}

}  // namespace concord::ui
