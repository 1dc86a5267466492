// Issue 12's Warp table and shell features driven through the real widgets offscreen: a round played by keys
// alone until the tally shows, drag to chart (and a refused drop explained), the Wormhole confirmation, the
// end-of-campaign summary with TEI before → after and the profile after it, the replay viewer's events and
// "play on from here", and the remembered settings.
#pragma once

#include <QObject>

namespace concord::ui::test {

class TableFeaturesTest : public QObject {
  Q_OBJECT
 private slots:
  void aRoundIsPlayedByKeysAloneUntilTheTallyShows();
  void aCoordinateDraggedToItsArmIsChartedAndAWrongArmIsExplained();
  void aWormholeAsksFirstAndCancelSendsNothing();
  void theCampaignSummaryShowsTeiBeforeAfterAndTheProfileHasIt();
  void theReplayJumpsToEventsAndPlaysOnFromHere();
  void themeAndWindowStateAreRemembered();
};

}  // namespace concord::ui::test
