// Issue 31's Warp table at a live two-client network table (two Qt peers on loopback, in-process): the "which
// line?" question survives the once-a-second refresh, and Leave asks first, leaves no tile glowing, and the host
// reports that the guest left (not that it fell silent).
#include "ui/tests/net_table_test.h"

#include <QListWidget>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include <map>

#include "core/warp/ai/officer.h"
#include "core/warp/orders.h"
#include "ui/comms/comms_panel.h"
#include "ui/lobby/net_game_page.h"
#include "ui/shell/leave_confirm.h"
#include "ui/tests/net_test_util.h"
#include "ui/tests/ui_test_util.h"
#include "ui/warp/warp_hand.h"
#include "ui/warp/warp_table_view.h"

namespace concord::ui::test {

namespace {

// The hand tile that more than one line takes now (RULES §III routes), from the seat's own legal orders; -1: none.
int tileWithRoutes(const NetSession& s) {
  std::map<int, int> routes;
  auto t = concord::warp::ai::tableOf(s.frame().obs);
  if (!t) return -1;
  for (const auto& o : s.frame().legal) {
    auto d = concord::warp::decodeOrder(o, t->config().maxPip);
    if (d && d->kind == concord::warp::kChart && ++routes[d->tile.index()] > 1) return d->tile.index();
  }
  return -1;
}

DominoButton* buttonOf(NetGamePage& page, int tileIndex) {
  for (auto* b : page.findChildren<DominoButton*>())
    if (b->isVisible() && b->info().tile.index() == tileIndex) return b;
  return nullptr;
}

}  // namespace

void NetTableTest::theRouteQuestionSurvivesTheRefreshAndLeaveAsksFirst() {
  QTemporaryDir tmp;
  LobbyPage host;
  host.resize(1366, 768);
  const QString address = openHostedLobby(host, tmp, QStringLiteral("Janeway"));
  QVERIFY2(!address.isEmpty(), qPrintable(host.problem().text()));
  NetSession* h = host.session();
  LobbyPage guest;
  guest.resize(1366, 768);
  joinByAddress(guest, tmp, QStringLiteral("guest"), address, QStringLiteral("Chakotay"));
  NetSession* g = guest.session();
  QVERIFY(QTest::qWaitFor([&] { return guest.room().readyBox().isVisible() || g->finished(); }, 10000));
  QTest::mouseClick(&guest.room().readyBox(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return host.room().launchButton().isEnabled(); }, 5000));
  QTest::mouseClick(&host.room().launchButton(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return host.game() && guest.game(); }, 15000));
  LobbyPage* pages[] = {&host, &guest};
  NetSession* sessions[] = {h, g};
  bool asked = false;
  for (int i = 0; i < 600 && !asked; ++i) {
    QVERIFY(QTest::qWaitFor([&] { return h->over() || g->over() || h->frame().mayAct() || g->frame().mayAct(); }, 30000));
    QVERIFY(!h->over() && !g->over());
    for (int p = 0; p < 2 && !asked; ++p) {
      NetSession& s = *sessions[p];
      NetGamePage& page = *pages[p]->game();
      if (!s.frame().mayAct()) continue;
      const int tile = tileWithRoutes(s);
      if (tile < 0 || !buttonOf(page, tile)) {
        QVERIFY(!clickNetMove(page).isEmpty());
        continue;
      }
      // A coordinate two lines take: the question is up, and stays through several of the table's refreshes
      // (turn clock and status, once a second) until the person answers it.
      QTest::mouseClick(buttonOf(page, tile), Qt::LeftButton);
      auto* view = qobject_cast<WarpTableView*>(page.table());
      QVERIFY(view);
      QCOMPARE(view->askingRouteFor(), tile);
      QVERIFY(findVisible<QPushButton>(&page, QStringLiteral("route-")));
      const uint32_t turn = s.turn();
      QTest::qWait(2600);
      QVERIFY2(s.turn() == turn, "the table moved on while our seat was deciding");
      auto* route = findVisible<QPushButton>(&page, QStringLiteral("route-"));
      QVERIFY2(route, "a refresh took the \"which line?\" question down");
      QCOMPARE(view->askingRouteFor(), tile);
      QTest::mouseClick(route, Qt::LeftButton);
      QVERIFY2(!s.frame().mayAct(), qPrintable(page.status().text()));
      QVERIFY(QTest::qWaitFor([&] { return s.turn() > turn; }, 10000));
      asked = true;
    }
  }
  QVERIFY2(asked, "no coordinate fitting two lines came up in 600 decisions");
  // Leave asks first: the question, then Stay keeps the seat; Leave (confirmed) ends it, and nothing glows.
  NetGamePage& gp = *guest.game();
  QTest::mouseClick(gp.findChild<QPushButton*>(QStringLiteral("leaveTable")), Qt::LeftButton);
  QVERIFY(gp.leaveConfirm().asking());
  QTest::mouseClick(&gp.leaveConfirm().stayButton(), Qt::LeftButton);
  QVERIFY(!gp.leaveConfirm().asking());
  QTest::qWait(200);
  QVERIFY(!g->finished());
  QTest::mouseClick(gp.findChild<QPushButton*>(QStringLiteral("leaveTable")), Qt::LeftButton);
  QTest::mouseClick(&gp.leaveConfirm().leaveButton(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return g->finished(); }, 5000));
  for (auto* b : gp.findChildren<DominoButton*>())
    QVERIFY2(!b->isVisible() || !b->info().legal, qPrintable(b->objectName() + QStringLiteral(" still glows after leaving")));
  QVERIFY(!findVisible<QPushButton>(&gp, QStringLiteral("action-")));
  // The host plays on; its table news says the guest left (its goodbye, net GoodbyeMsg), never that it fell silent.
  QListWidget& news = host.game()->comms().news();
  const QString left = QStringLiteral("seat 1 Chakotay left: an AI officer plays the seat");
  for (int i = 0; i < 400 && !listHas(news, left) && !h->over(); ++i) {
    if (h->frame().mayAct()) clickNetMove(*host.game());
    QTest::qWait(50);
  }
  QVERIFY2(listHas(news, left), "the host's table news never said the guest left");
  QVERIFY2(!listHas(news, QStringLiteral("fell silent")), "the host called a guest who left silent");
  host.leave();
  QVERIFY(QTest::qWaitFor([&] { return h->finished(); }, 5000));
}

}  // namespace concord::ui::test
