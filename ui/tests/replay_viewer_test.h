// The replay viewer on a recorded Warp game: open (drag and drop), verify, step backward and forward, jump,
// switch perspective; every shown position is checked against an independent seek of the same file.
#pragma once

#include <QObject>

namespace concord::ui::test {

class ReplayViewerTest : public QObject {
  Q_OBJECT
 private slots:
  void opensByDropStepsBackAndForthAndSwitchesPerspective();
  void aDamagedReplayIsRefusedWithTheReason();
  void theEventsListIsAModelAndArrowKeysCountEveryPress();
  void aRatedGameNotOverShowsThePublicTableOnly();
};

}  // namespace concord::ui::test
