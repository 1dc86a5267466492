#include "ui/tests/net_test_util.h"

#include <QPushButton>
#include <QTest>

#include "core/warp/ai/officer.h"
#include "ui/tests/ui_test_util.h"
#include "ui/warp/warp_hand.h"

namespace concord::ui::test {

bool listHas(const QListWidget& list, const QString& text) {
  for (int i = 0; i < list.count(); ++i)
    if (list.item(i)->text().contains(text)) return true;
  return false;
}

void loopbackDefaults(LobbyPage& page, const QTemporaryDir& dir, const QString& who) {
  auto& d = page.defaults();
  d.identityPath = dir.filePath(who + QStringLiteral(".key")).toStdString();
  d.bindHost = "127.0.0.1";
  d.discoveryAddr = "off";
  d.replayPath = dir.filePath(who + QStringLiteral(".ccr")).toStdString();
  d.postGameMs = 0;
  d.giveUpMs = 2000;
}

QString openHostedLobby(LobbyPage& page, const QTemporaryDir& dir, const QString& name, int seats) {
  loopbackDefaults(page, dir, QStringLiteral("host"));
  page.show();
  auto& form = page.hostForm();
  if (!name.isEmpty()) form.nameEdit().setText(name);
  form.portSpin().setValue(0);
  form.setSeatCount(seats);
  for (int s = 1; s < seats; ++s) form.setSeat(s, "open");
  QTest::mouseClick(&form.hostButton(), Qt::LeftButton);
  NetSession* h = page.session();
  if (!h || !QTest::qWaitFor([&] { return h->lobby().has_value() || h->finished(); }, 10000) || h->finished()) return {};
  return QStringLiteral("127.0.0.1:%1").arg(h->lobby()->seats[0].port);
}

void joinByAddress(LobbyPage& page, const QTemporaryDir& dir, const QString& who, const QString& address, const QString& name) {
  loopbackDefaults(page, dir, who);
  page.show();
  page.tabs().setCurrentWidget(&page.joinForm());
  if (!name.isEmpty()) page.joinForm().nameEdit().setText(name);
  QTest::keyClicks(&page.joinForm().addressEdit(), address);
  QTest::mouseClick(&page.joinForm().joinButton(), Qt::LeftButton);
}

int netRoundOf(const NetSession& s) {
  if (!s.view()) return -1;
  auto t = concord::warp::ai::tableOf(s.view()->observe(kOmniscient));
  return t ? t->round() : -1;
}

bool waitForNetDecision(NetSession& s, int timeoutMs) {
  return QTest::qWaitFor([&] { return s.finished() || s.over() || s.frame().mayAct(); }, timeoutMs);
}

QString clickNetMove(NetGamePage& page) {
  // RULES §V the round-end sheet stands over the table until "Next round" (issue 31).
  if (auto* next = findVisible<QPushButton>(&page, QStringLiteral("nextRound"))) QTest::mouseClick(next, Qt::LeftButton);
  for (auto* b : page.findChildren<DominoButton*>()) {
    if (!b->isVisible() || !b->info().legal) continue;
    QTest::mouseClick(b, Qt::LeftButton);
    if (auto* route = findVisible<QPushButton>(&page, QStringLiteral("route-"))) QTest::mouseClick(route, Qt::LeftButton);
    return b->objectName();
  }
  if (auto* a = findVisible<QPushButton>(&page, QStringLiteral("action-"))) {
    const QString name = a->objectName();
    QTest::mouseClick(a, Qt::LeftButton);
    return name;
  }
  if (auto* letGo = findVisible<QPushButton>(&page, QStringLiteral("letGo"))) {
    QTest::mouseClick(letGo, Qt::LeftButton);
    return QStringLiteral("letGo");
  }
  return {};
}

}  // namespace concord::ui::test
