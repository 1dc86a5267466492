// Issue 31's Warp table fixes, offscreen through the real widgets (ctest ui_tests_fixes).
#pragma once

#include <QObject>

namespace concord::ui::test {

class WarpFixesTest : public QObject {
  Q_OBJECT
 private slots:
  void theTableFits1366x768AndTheHandNeverMoves();
  void leaveAsksFirst();
  void theStatusAlertClearsWithTheTablesAlert();
  void facesAreAChoiceAndACutArmOpensWhole();
  void theProfileNameIsTheLobbyNameAndJoinOpensItsTab();
  void theProfileNameIsTheNameAtASoloTable();
  void doublesLieCrosswiseOnTheirArm();
  void theViewerSeeksByClicksFollowsEventsAndOpensInTheReplaysFolder();
};

}  // namespace concord::ui::test
