#pragma once

#include <QObject>

namespace concord::ui::test {

/// The lobby and a networked seat, one Qt peer on loopback (issue 12 acceptance).
class LobbyTest : public QObject {
  Q_OBJECT
 private slots:
  void hostsWithOfficersAndPlaysARoundByClicks();
  void anInvalidRuleCombinationIsExplainedWhereChosen();
  void theBannerSaysWhyATableIsUnrated();
  void anUnreachableHostSaysWhatToDo();
  void twoQtPeersReadyChatDmMuteAndAFullTableRefuses();
  void aVersionMismatchSaysWhatToDo();
  void errorsAreWordedByTheirKindNotTheirText();
  void theHostRemovesACaptainBeforeTheLaunch();
  void ratedPlayAllowsQuickHailsOnly();
  void joinsFromTheLanListAndSeesASubstitution();
  void theHostChangesRulesAndASeatUntilTheLaunch();  // lobby_changes_test.cpp
};

/// A Qt peer and a terminal `concord join` peer at one LAN table (issue 12 acceptance; ctest label net).
class InteropTest : public QObject {
  Q_OBJECT
 public:
  explicit InteropTest(QString concord) : concord_(std::move(concord)) {}
 private slots:
  void qtHostAndTerminalJoinFinishWithIdenticalReplays();

 private:
  QString concord_;
};

}  // namespace concord::ui::test
