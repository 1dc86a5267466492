// Issue 12 lobby: the host changes a free seat's kind and the rules after the lobby opens, until the launch.
// The joiner sees both (seat list, rules text, config hash, rated / casual banner); its ready mark resets
// with the rules; the game launches under the new rules.
#include <QComboBox>
#include <algorithm>
#include <QTemporaryDir>
#include <QTest>

#include "ui/tests/lobby_test.h"
#include "ui/tests/net_test_util.h"
#include "ui/warp/warp_rules_form.h"

namespace concord::ui::test {

namespace {

bool newsHas(CommsPanel& p, const QString& text) {
  for (int i = 0; i < p.news().count(); ++i)
    if (p.news().item(i)->text().contains(text)) return true;
  return false;
}

}  // namespace

void LobbyTest::theHostChangesRulesAndASeatUntilTheLaunch() {
  QTemporaryDir tmp;
  LobbyPage host;
  const QString address = openHostedLobby(host, tmp, QStringLiteral("Riker"), 3);
  QVERIFY2(!address.isEmpty(), qPrintable(host.problem().text()));
  NetSession* h = host.session();
  QVERIFY(h->lobby()->session.rated);  // Official Warp 12, persons only: RULES §VIII rated
  LobbyPage guest;
  joinByAddress(guest, tmp, QStringLiteral("guest"), address, QStringLiteral("Troi"));
  NetSession* g = guest.session();
  QVERIFY(QTest::qWaitFor([&] { return guest.room().readyBox().isVisible() || g->finished(); }, 10000));
  QVERIFY2(!g->finished(), qPrintable(guest.problem().text()));
  QTest::mouseClick(&guest.room().readyBox(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return h->lobby()->seats[1].ready; }, 5000));

  // Seat 2 (open) becomes an ensign officer by keys on the host's seat menu; a person's seat has no menu.
  QVERIFY(!host.room().seatKind(1));
  QComboBox* kind = host.room().seatKind(2);
  QVERIFY(kind);
  kind->setFocus();
  for (int i = 0; i < kind->count() && kind->currentData().toString() != QStringLiteral("ensign"); ++i) QTest::keyClick(kind, Qt::Key_Down);
  QCOMPARE(kind->currentData().toString(), QStringLiteral("ensign"));
  QVERIFY(QTest::qWaitFor([&] { return g->lobby()->seats[2].kind == net::SeatKind::Ai && g->lobby()->session.seats[2].botKind == "ensign"; }, 5000));
  QVERIFY(QTest::qWaitFor([&] { return guest.room().seats().item(2, 2)->text().contains(QStringLiteral("ensign")); }, 2000));
  QVERIFY(h->lobby()->seats[1].ready);  // a seat change is not a rules change

  // Change the rules: an invalid combination is explained in the dialog and cannot be applied.
  const auto before = h->lobby()->session.configHash();
  QTest::mouseClick(&host.room().rulesButton(), Qt::LeftButton);
  LobbyRulesDialog* dialog = host.rulesDialog();
  QVERIFY(dialog && dialog->isVisible());
  auto* rules = qobject_cast<WarpRulesForm*>(&dialog->form());
  QVERIFY(rules);
  QVERIFY(rules->choose("objective", "goout"));
  QVERIFY(rules->choose("epsilon", "on"));
  QVERIFY(!dialog->applyButton().isEnabled());
  QVERIFY2(dialog->problem().text().contains(QStringLiteral("Epsilon")), qPrintable(dialog->problem().text()));
  QVERIFY(rules->choose("epsilon", "off"));
  QVERIFY(rules->choose("set", "9"));  // RULES §VIII: Warp 9 is an exhibition set: the table turns casual
  QVERIFY(dialog->applyButton().isEnabled());
  QTest::mouseClick(&dialog->applyButton(), Qt::LeftButton);
  QVERIFY(!dialog->isVisible());
  QVERIFY(QTest::qWaitFor([&] { return g->lobby()->session.configHash() != before; }, 5000));
  const auto after = h->lobby()->session.configHash();
  QCOMPARE(g->lobby()->session.configHash(), after);
  QVERIFY(!g->lobby()->session.rated);
  // What the joiner sees: the new hash and rules, the casual banner, the ready mark reset, the news.
  QVERIFY(QTest::qWaitFor([&] { return guest.room().info().text().contains(QString::fromStdString(after.hex())); }, 2000));
  QVERIFY2(guest.room().info().text().contains(QStringLiteral("9")), qPrintable(guest.room().info().text()));
  QVERIFY(guest.room().banner().text().startsWith(QStringLiteral("CASUAL")));
  QVERIFY(!guest.room().readyBox().isChecked());
  QVERIFY(!h->lobby()->seats[1].ready);
  QVERIFY(!host.room().launchButton().isEnabled());
  QVERIFY(newsHas(guest.room().comms(), QStringLiteral("the host changed the rules")));
  // The dialog now holds the rules in force: opened again it shows Warp 9.
  const std::pair<std::string, std::string> warp9{"set", "9"};
  QVERIFY(QTest::qWaitFor([&] { return std::count(dialog->current().begin(), dialog->current().end(), warp9) == 1; }, 2000));
  QTest::mouseClick(&guest.room().readyBox(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return host.room().launchButton().isEnabled(); }, 5000));
  QTest::mouseClick(&host.room().launchButton(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return (host.game() && guest.game()) || h->finished() || g->finished(); }, 15000));
  QVERIFY2(host.game() && guest.game(), qPrintable(host.problem().text() + guest.problem().text()));
  QCOMPARE(g->lobby()->session.configHash(), after);  // the launched, seeded session is the changed one
  QVERIFY(!host.room().rulesButton().isVisible());
  guest.leave();
  host.leave();
  QVERIFY(QTest::qWaitFor([&] { return g->finished() && h->finished(); }, 10000));
}

}  // namespace concord::ui::test
