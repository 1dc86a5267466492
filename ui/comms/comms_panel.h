// Subspace messaging (RULES §IX) for any networked table, lobby to post-game: quick hails by group, free
// text and DMs where the mode allows (net::commsAllowed decides, as the node does), per-captain mute,
// rate-limit feedback before the node refuses (burst of 3, then one per 3 s), and the table news
// (who is deciding, substitutions, reconnects and rejoins) beside the messages. Module-agnostic.
#pragma once

#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <functional>

#include "net/comms.h"
#include "net/table_request.h"

namespace concord::ui {

class CommsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit CommsPanel(QWidget* parent = nullptr);
  /// Where the person's requests go (NetSession::request).
  void setSink(std::function<void(net::TableRequest)> sink) { sink_ = std::move(sink); }
  /// The captains by seat (DM recipients, mute list) and their identity fingerprints (what mute names);
  /// `me` is left out of both.
  void setCaptains(const QStringList& names, const QStringList& ids, int me);
  /// RULES §IX: what may be sent now. Rated active play is quick hails only.
  void setMode(net::CommsMode mode, bool rated);
  void addMessage(const QString& from, const QString& line, bool mine);
  void addNotice(const QString& text);
  void addNews(const QString& text);

  QListWidget& messages() { return *messages_; }
  QListWidget& news() { return *news_; }
  QLabel& feedback() { return *feedback_; }
  /// Sends hail `id` as its group button's menu would (tests, keyboard).
  void hail(uint16_t id);
  /// Sends the text box's line to the chosen recipient (the Send button, Return).
  void sendText();

 private:
  bool takeRate();
  void refreshRate();
  void muteToggled(int seat, bool mute);

  std::function<void(net::TableRequest)> sink_;
  net::CommsMode mode_ = net::CommsMode::Lobby;
  bool rated_ = false;
  QStringList captains_, ids_;
  int me_ = -1;
  QLabel* mode_label_;
  QListWidget* messages_;
  QListWidget* news_;
  QLineEdit* text_;
  QComboBox* to_;
  QPushButton* send_;
  QToolButton* mute_;
  QLabel* feedback_;
  net::RateLimiter limiter_;  // the sender's own rule, mirrored here to say "wait N s" before sending
  QElapsedTimer clock_;
  QTimer rateTimer_;
};

}  // namespace concord::ui
