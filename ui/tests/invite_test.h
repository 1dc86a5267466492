#pragma once

#include <QObject>

namespace concord::ui::test {

/// Friends over the internet in the Qt lobby (issue 25): Invite friends, Join with a code, the seat rows' links.
class InviteTest : public QObject {
  Q_OBJECT
 private slots:
  void anInvitingHostShowsACodeOfItsKeyAndCopyPutsItOnTheClipboard();
  void aMistypedCodeIsRefusedUnderTheFieldBeforeAnythingIsSent();
  void aFriendJoinsWithTheCodeAndEachRowSaysHowItIsReached();
  void aHostWithAnotherKeyAtTheCodesAddressIsRefusedInWords();
  void theRouterForgetsThePortWhenTheLobbyEndsOrTheWindowCloses();
};

}  // namespace concord::ui::test
