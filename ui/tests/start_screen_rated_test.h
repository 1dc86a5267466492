// Issue 33: "Take the helm" with the start screen's defaults deals a fresh random sector and registers it in the
// TEI store as a rated game, as `concord play warp` does; a chosen seed is casual and the start screen says so
// before the game starts; "play on from here" says it is casual. Each test runs in a fresh temporary home.
#pragma once

#include <QByteArray>
#include <QObject>
#include <QTemporaryDir>
#include <memory>

namespace concord::ui::test {

class StartScreenRatedTest : public QObject {
  Q_OBJECT
 private slots:
  void init();
  void cleanup();
  void twoDefaultGamesDealDifferentSectorsBothRegisteredRated();
  void aChosenSeedIsCasualAndTheStartScreenSaysSoFirst();
  void playOnFromHereSaysItIsCasual();

 private:
  std::unique_ptr<QTemporaryDir> home_;
  QByteArray oldHome_, oldData_;
};

}  // namespace concord::ui::test
