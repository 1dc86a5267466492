// Joining a networked game: by address, or from the games announced on the LAN (net::listenLan, the
// discovery `concord lan` uses, run on a worker so the UI never waits on the socket).
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
#include "net/lan.h"

namespace concord::ui {

class JoinForm : public QWidget {
  Q_OBJECT
 public:
  explicit JoinForm(QWidget* parent = nullptr);
  /// The address typed (default port 27960), or what is wrong with it.
  Result<net::Address> address() const;
  std::string name() const { return name_->text().trimmed().toStdString(); }
  /// Listens for announcements for `seconds` on a worker; the list fills when it lands.
  void refreshLan(uint32_t seconds = 2);
  bool listening() const { return watcher_.isRunning(); }
  void setDiscoveryPort(uint16_t port) { discoveryPort_ = port; }
  QLineEdit& addressEdit() { return *address_; }
  QLineEdit& nameEdit() { return *name_; }
  QListWidget& lanList() { return *lan_; }
  QPushButton& joinButton() { return *join_; }

 signals:
  void joinRequested();

 private:
  void landed();

  QLineEdit* name_;
  QLineEdit* address_;
  QPushButton* join_;
  QListWidget* lan_;
  QLabel* lanStatus_;
  QPushButton* refresh_;
  uint16_t discoveryPort_ = net::kDiscoveryPort;
  QFutureWatcher<Result<std::vector<net::LanGame>>> watcher_;
};

}  // namespace concord::ui
