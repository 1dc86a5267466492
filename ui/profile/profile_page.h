// The profile panel of the start screen: your name and identity fingerprint (the key `concord host/join`
// sign with), your TEI grade per bucket, the grade history of your recent games, the local leaderboard of each
// of your buckets, and your recent replays. Loaded on a worker (loadProfile verifies replays); module-agnostic.
#pragma once

#include <QFutureWatcher>
#include <QWidget>

#include "ui/profile/profile_data.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QTableWidget;

namespace concord::ui {

class ProfilePage : public QWidget {
  Q_OBJECT
 public:
  explicit ProfilePage(QWidget* parent = nullptr);
  ~ProfilePage() override;
  /// Re-reads the profile on a worker (after a game is rated, or when shown).
  void refresh(const ProfileSources& src);
  bool loading() const { return loading_; }
  const ProfileData& data() const { return data_; }
  /// The name you play under (remembered in the client's settings).
  QString name() const;

 signals:
  void openReplay(const QString& path);
  void refreshed();

 private:
  void landed();
  void showBoard(int index);

  QLineEdit* name_;
  QLabel *fingerprint_, *problems_;
  QTableWidget *grades_, *history_, *board_;
  QComboBox* boardChoice_;
  QListWidget* recent_;
  QFutureWatcher<ProfileData> watch_;
  ProfileData data_;
  bool loading_ = false;
};

}  // namespace concord::ui
