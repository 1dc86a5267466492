// Issue 12 acceptance: a Qt peer (this process, hosting from the lobby, its person playing by clicks) and a
// terminal `concord join` peer (the built binary, its officer at the terminal) finish a LAN game over
// loopback with byte-identical replays and the same final Seal, after the host changed the rules in the lobby.
#include <QFile>
#include <QPushButton>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "ui/shell/main_window.h"
#include "ui/tests/lobby_test.h"
#include "ui/tests/net_test_util.h"
#include "ui/tests/ui_test_util.h"
#include "ui/warp/warp_rules_form.h"

namespace concord::ui::test {

void InteropTest::qtHostAndTerminalJoinFinishWithIdenticalReplays() {
  QVERIFY2(QFile::exists(concord_), qPrintable(QStringLiteral("no concord binary at '%1'").arg(concord_)));
  QTemporaryDir tmp;
  MainWindow win;
  showForTest(win, false, QSize(1400, 860));
  LobbyPage& page = win.showLobby();
  loopbackDefaults(page, tmp, QStringLiteral("qt"));
  auto& form = page.hostForm();
  auto* rules = qobject_cast<WarpRulesForm*>(form.rules());
  QVERIFY(rules);
  // A short table: Warp 9, Go out, fixed rounds, two captains (two rounds at first; one after the change below).
  QVERIFY(rules->choose("set", "9"));
  QVERIFY(rules->choose("objective", "goout"));
  QVERIFY(rules->choose("goout", "fixed"));
  QVERIFY(rules->choose("rounds", "2"));
  form.setSeatCount(2);
  form.setSeat(1, "open");
  const uint16_t port = freeUdpPort();
  QVERIFY(port != 0);
  form.portSpin().setValue(port);
  QVERIFY2(form.hostButton().isEnabled(), qPrintable(rules->summary()));
  QTest::mouseClick(&form.hostButton(), Qt::LeftButton);
  NetSession* session = page.session();
  QVERIFY(session);
  QVERIFY(QTest::qWaitFor([&] { return session->lobby().has_value() || session->finished(); }, 10000));
  QVERIFY2(!session->finished(), qPrintable(page.problem().text()));

  QProcess joiner;
  joiner.setProcessChannelMode(QProcess::MergedChannels);
  const QString joinReplay = tmp.filePath(QStringLiteral("terminal.ccr"));
  joiner.start(concord_, {QStringLiteral("join"), QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
                          QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--identity"), tmp.filePath(QStringLiteral("terminal.key")),
                          QStringLiteral("--name"), QStringLiteral("terminal"), QStringLiteral("--officer"), QStringLiteral("--replay"), joinReplay,
                          QStringLiteral("--discovery-addr"), QStringLiteral("off"), QStringLiteral("--give-up"), QStringLiteral("10")});
  QVERIFY(joiner.waitForStarted(5000));
  QString log;  // everything the terminal peer printed so far (QVERIFY2 reads its message even when it passes)
  auto drained = [&]() -> const QString& { return log += QString::fromLocal8Bit(joiner.readAll()); };
  // The terminal peer takes seat 1 and is ready: the Qt host launches.
  auto joinedAndReady = [&] {
    const auto& l = session->lobby();
    return l && l->seats.size() == 2 && l->seats[1].kind == net::SeatKind::Human && l->seats[1].ready;
  };
  QVERIFY2(QTest::qWaitFor(joinedAndReady, 15000), qPrintable(drained()));
  // The host changes the rules in the lobby (one round): the terminal peer is told, its mark resets, and it
  // marks ready again for the new config hash by itself (`concord join` readies as soon as it is seated).
  const auto before = session->lobby()->session.configHash();
  QTest::mouseClick(&page.room().rulesButton(), Qt::LeftButton);
  QVERIFY(page.rulesDialog() && page.rulesDialog()->isVisible());
  QVERIFY(qobject_cast<WarpRulesForm*>(&page.rulesDialog()->form())->choose("rounds", "1"));
  QTest::mouseClick(&page.rulesDialog()->applyButton(), Qt::LeftButton);
  auto readyForNewRules = [&] { return session->lobby()->session.configHash() != before && joinedAndReady(); };
  QVERIFY2(QTest::qWaitFor(readyForNewRules, 15000), qPrintable(drained()));
  const QString newHash = QString::fromStdString(session->lobby()->session.configHash().hex());
  QVERIFY(page.room().launchButton().isEnabled());
  QTest::mouseClick(&page.room().launchButton(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return page.game() != nullptr || session->finished(); }, 15000));
  QVERIFY2(page.game(), qPrintable(page.problem().text()));
  int clicks = 0;
  while (!session->over() && !session->finished() && clicks < 400) {
    QVERIFY2(waitForNetDecision(*session), qPrintable(drained()));
    if (session->over() || session->finished()) break;
    QVERIFY(!clickNetMove(*page.game()).isEmpty());
    ++clicks;
  }
  QVERIFY(clicks > 0);
  QVERIFY2(session->over(), qPrintable(page.problem().text()));
  QVERIFY(QTest::qWaitFor([&] { return session->finished(); }, 20000));
  QVERIFY2(session->result(), qPrintable(page.problem().text()));
  QVERIFY(joiner.state() == QProcess::NotRunning || joiner.waitForFinished(20000));
  QCOMPARE(joiner.exitStatus(), QProcess::NormalExit);
  const QString out = drained();
  QVERIFY2(out.contains(QStringLiteral("the host changed the rules")) && out.contains(newHash), qPrintable(out));
  QVERIFY2(joiner.exitCode() == 0, qPrintable(out));
  // The terminal's RESULT line names the same final Seal as the Qt peer's.
  const QString seal = QString::fromStdString(session->result()->finalSeal.hex());
  QVERIFY2(out.contains(QStringLiteral("final ") + seal), qPrintable(out));
  QFile a(QString::fromStdString(session->replayPath())), b(joinReplay);
  QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
  const QByteArray qtBytes = a.readAll(), terminalBytes = b.readAll();
  QVERIFY(!qtBytes.isEmpty());
  QVERIFY2(qtBytes == terminalBytes, "the Qt peer's replay differs from the terminal peer's");
  QVERIFY(session->result()->turns > 2);
  qInfo("%d decisions by clicks, %u turns, %lld replay bytes, final Seal %s", clicks, session->result()->turns,
        static_cast<long long>(qtBytes.size()), qPrintable(seal));
}

}  // namespace concord::ui::test
