#include "ui/tests/lobby_test.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "ui/shell/main_window.h"
#include "ui/tests/net_test_util.h"
#include "ui/warp/warp_rules_form.h"

namespace concord::ui::test {

namespace {

WarpRulesForm* warpRules(LobbyPage& page) { return qobject_cast<WarpRulesForm*>(page.hostForm().rules()); }

}  // namespace

void LobbyTest::hostsWithOfficersAndPlaysARoundByClicks() {
  QTemporaryDir tmp;
  MainWindow win;
  win.resize(1400, 860);
  win.show();
  LobbyPage& page = win.showLobby();
  loopbackDefaults(page, tmp, QStringLiteral("host"));
  auto& form = page.hostForm();
  form.nameEdit().clear();
  QTest::keyClicks(&form.nameEdit(), QStringLiteral("Picard"));
  form.portSpin().setValue(0);
  form.setSeatCount(3);
  // Seats as chosen in their combo boxes: two AI officers of a named strength.
  for (int s : {1, 2}) {
    auto* kind = form.findChild<QComboBox*>(QStringLiteral("seatKind-%1").arg(s));
    QVERIFY(kind);
    kind->setCurrentIndex(kind->findData(QStringLiteral("ensign")));
  }
  QTest::mouseClick(&form.hostButton(), Qt::LeftButton);
  auto* session = page.session();
  QVERIFY(session);
  QVERIFY(QTest::qWaitFor([&] { return page.room().launchButton().isVisible() || session->finished(); }, 10000));
  QVERIFY2(!session->finished(), qPrintable(page.problem().text()));
  // The live lobby: us at seat 0, two officers of the chosen strength, the config hash shown.
  QCOMPARE(page.room().seats().rowCount(), 3);
  QVERIFY(page.room().seats().item(0, 1)->text() == QStringLiteral("Picard"));
  QVERIFY2(page.room().seats().item(1, 2)->text().contains(QStringLiteral("ensign")), qPrintable(page.room().seats().item(1, 2)->text()));
  QVERIFY(page.room().info().text().contains(QString::fromStdString(session->lobby()->session.configHash().hex())));
  // Lobby chat by keys: typed, Return, shown as accepted.
  QTest::keyClicks(page.room().findChild<QLineEdit*>(QStringLiteral("commsText")), QStringLiteral("Engage"));
  QTest::keyClick(page.room().findChild<QLineEdit*>(QStringLiteral("commsText")), Qt::Key_Return);
  QVERIFY(QTest::qWaitFor([&] { return page.room().comms().messages().count() > 0; }, 5000));
  QVERIFY(page.room().comms().messages().item(0)->text().contains(QStringLiteral("Engage")));
  QTest::mouseClick(&page.room().launchButton(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return page.game() != nullptr || session->finished(); }, 15000));
  QVERIFY2(page.game(), qPrintable(page.problem().text()));
  QVERIFY(QTest::qWaitFor([&] { return netRoundOf(*session) >= 1; }, 10000));
  const int firstRound = netRoundOf(*session);
  int clicks = 0;
  while (netRoundOf(*session) == firstRound && !session->over() && clicks < 500) {
    QVERIFY2(waitForNetDecision(*session), "the table never asked us to decide");
    QVERIFY2(!session->finished(), qPrintable(page.problem().text()));
    if (session->over() || netRoundOf(*session) != firstRound) break;
    const QString clicked = clickNetMove(*page.game());
    QVERIFY2(!clicked.isEmpty(), "the person had a decision but no legal control was shown");
    QVERIFY2(!session->frame().mayAct(), qPrintable(QStringLiteral("clicking %1 did not play: %2").arg(clicked, page.game()->status().text())));
    ++clicks;
  }
  QVERIFY(clicks > 0);
  QVERIFY2(netRoundOf(*session) > firstRound || session->over(), "the round did not end within 500 decisions");
  // RULES §V: the tally of the round just ended is on the table, as in a solo game.
  auto* tally = page.game()->findChild<QLabel*>(QStringLiteral("tally"));
  QVERIFY(tally);
  QVERIFY(QTest::qWaitFor([&] { return tally->isVisible(); }, 5000));
  QVERIFY2(tally->text().startsWith(QStringLiteral("Last round's tally:")), qPrintable(tally->text()));
  // RULES §IX rate limit: a burst of 3 hails, the 4th is held with the reason shown.
  auto& comms = page.game()->comms();
  for (int i = 0; i < 4; ++i) comms.hail(101);
  QVERIFY2(comms.feedback().text().contains(QStringLiteral("one message per 3 s")), qPrintable(comms.feedback().text()));
  QVERIFY(QTest::qWaitFor([&] { return comms.messages().count() >= 3; }, 5000));
  QTest::mouseClick(page.game()->findChild<QPushButton*>(QStringLiteral("leaveTable")), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return session->finished(); }, 10000));
  QVERIFY2(page.problem().text().contains(QStringLiteral("You left")), qPrintable(page.problem().text()));
}

void LobbyTest::anInvalidRuleCombinationIsExplainedWhereChosen() {
  LobbyPage page;
  page.show();
  auto* rules = warpRules(page);
  QVERIFY(rules);
  QVERIFY(page.hostForm().hostButton().isEnabled());  // the Official preset is valid
  QVERIFY(rules->choose("objective", "goout"));
  QVERIFY(rules->choose("epsilon", "on"));  // RULES §VI: Epsilon is Points only
  const QString why = rules->problemIn("modules");
  QVERIFY2(why.contains(QStringLiteral("Epsilon")) && why.contains(QStringLiteral("Go out")), qPrintable(why));
  QVERIFY(rules->problemIn("objective").isEmpty());
  QVERIFY(!page.hostForm().hostButton().isEnabled());
  QVERIFY(!rules->options());
  QVERIFY(rules->choose("epsilon", "off"));
  QVERIFY(rules->problemIn("modules").isEmpty());
  QVERIFY(page.hostForm().hostButton().isEnabled());
}

void LobbyTest::theBannerSaysWhyATableIsUnrated() {
  LobbyPage page;
  page.show();
  auto& form = page.hostForm();
  form.setSeatCount(4);
  for (int s : {1, 2, 3}) form.setSeat(s, "open");
  auto rated = form.choice();
  QVERIFY(rated);
  QVERIFY2(rated->rated, qPrintable(form.banner().text()));  // Warp 12, four people: RULES §VIII rated
  QVERIFY(form.banner().text().startsWith(QStringLiteral("RATED")));
  QVERIFY(warpRules(page)->choose("set", "9"));  // RULES §VIII: Warp 9 is an exhibition set
  auto casual = form.choice();
  QVERIFY(casual && !casual->rated);
  QVERIFY2(form.banner().text().contains(QStringLiteral("exhibition")), qPrintable(form.banner().text()));
  QVERIFY(form.findChild<QSpinBox*>(QStringLiteral("hostSeats"))->maximum() == 4);  // §II: Warp 9 seats 2-4
}

void LobbyTest::anUnreachableHostSaysWhatToDo() {
  QTemporaryDir tmp;
  LobbyPage page;
  loopbackDefaults(page, tmp, QStringLiteral("joiner"));
  page.show();
  page.tabs().setCurrentWidget(&page.joinForm());
  QTest::keyClicks(&page.joinForm().addressEdit(), QStringLiteral("127.0.0.1:%1").arg(freeUdpPort()));
  QTest::keyClick(&page.joinForm().addressEdit(), Qt::Key_Return);
  QVERIFY(page.session());
  QVERIFY(QTest::qWaitFor([&] { return page.session()->finished(); }, 15000));
  const QString p = page.problem().text();
  QVERIFY2(p.contains(QStringLiteral("unreachable")) && p.contains(QStringLiteral("firewall")), qPrintable(p));
  QVERIFY(page.tabs().isVisible());  // back at the forms to try again
}

}  // namespace concord::ui::test
