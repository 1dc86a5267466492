// Joining a networked game: with a friend's invite code (issue 25, as `concord join CODE`) or an address in the one
// "Join with a code" field, or from the games announced on the LAN (net::listenLan, the discovery `concord lan` uses,
// run on a worker so the UI never waits on the socket). A mistyped code is refused under the field, in the decoder's
// words, before anything is sent.
#pragma once

#include <QFutureWatcher>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <vector>

#include "core/det/result.h"
#include "net/enet_transport.h"
#include "net/invite_code.h"
#include "net/lan.h"

namespace concord::ui {

/// What the field holds: an invite code, or a host's address.
struct JoinTarget {
  std::optional<net::Invite> invite;
  std::optional<net::Address> address;
};

class JoinForm : public QWidget {
  Q_OBJECT
 public:
  explicit JoinForm(QWidget* parent = nullptr);
  /// The code or the address typed (default port 27960), or what is wrong with it (the invite decoder's words for
  /// anything that looks like a code: net::looksLikeInvite).
  Result<JoinTarget> target() const;
  /// The field holds something that looks like an invite code (net::looksLikeInvite), valid or not.
  bool holdsCode() const { return net::looksLikeInvite(address_->text().trimmed().toStdString()); }
  /// Under the field, until the text changes.
  void showFieldProblem(const QString& text);
  std::string name() const { return name_->text().trimmed().toStdString(); }
  /// Listens for announcements for `seconds` on a worker; the list fills when it lands.
  void refreshLan(uint32_t seconds = 2);
  bool listening() const { return watcher_.isRunning(); }
  void setDiscoveryPort(uint16_t port) { discoveryPort_ = port; }
  QLineEdit& addressEdit() { return *address_; }
  QLineEdit& nameEdit() { return *name_; }
  QListWidget& lanList() { return *lan_; }
  QLabel& fieldProblem() { return *fieldProblem_; }
  QPushButton& joinButton() { return *join_; }

 signals:
  void joinRequested();

 private:
  void landed();

  QLineEdit* name_;
  QLineEdit* address_;
  QLabel* fieldProblem_;
  QPushButton* join_;
  QListWidget* lan_;
  QLabel* lanStatus_;
  QPushButton* refresh_;
  uint16_t discoveryPort_ = net::kDiscoveryPort;
  QFutureWatcher<Result<std::vector<net::LanGame>>> watcher_;
};

}  // namespace concord::ui
