// A solo Warp game against AI officers driven by simulated clicks on the real widgets.
#pragma once

#include <QObject>

namespace concord::ui::test {

class SoloGameTest : public QObject {
  Q_OBJECT
 private slots:
  void playsLegalMovesByClicksUntilTheRoundEnds();
  void anIllegalCoordinateShowsTheRulesExplanation();
  void anInvalidTableOptionIsExplainedOnTheStartScreen();
  void aLeftGameResumesFromItsSaveAtTheSameTurn();
  void anOrderIsPlayableFromTheKeyboard();
};

}  // namespace concord::ui::test
