// Issue 25 in the Qt lobby, offscreen on loopback. The inviting host binds 127.0.0.7, where no router answers (a
// host bound to 127.x asks only a router at that address), or 127.0.0.6, where a fake NAT-PMP router does.
#include "ui/tests/invite_test.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QTemporaryDir>
#include <QTest>

#include "net/invite_code.h"
#include "net/table_secret.h"
#include "tests/net/fake_natpmp.h"
#include "ui/shell/main_window.h"
#include "ui/tests/net_test_util.h"

namespace concord::ui::test {

namespace {

constexpr int kLinkColumn = 5;

// Hosts from `page`'s form with Invite friends ticked, bound to `bindHost`, two seats (one open); waits for the code.
QString openInvitingLobby(LobbyPage& page, const QTemporaryDir& dir, const std::string& bindHost, uint16_t& port) {
  loopbackDefaults(page, dir, QStringLiteral("host"));
  page.defaults().bindHost = bindHost;
  page.show();
  auto& form = page.hostForm();
  port = freeUdpPort();
  form.portSpin().setValue(port);
  form.setSeatCount(2);
  form.setSeat(1, "open");
  QTest::mouseClick(&form.inviteBox(), Qt::LeftButton, {}, QPoint(8, form.inviteBox().height() / 2));  // on its box
  if (!form.inviteBox().isChecked()) return {};
  QTest::mouseClick(&form.hostButton(), Qt::LeftButton);
  NetSession* h = page.session();
  if (!h || !QTest::qWaitFor([&] { return !page.room().invite().code().isEmpty() || h->finished(); }, 15000)) return {};
  return page.room().invite().code();
}

}  // namespace

void InviteTest::anInvitingHostShowsACodeOfItsKeyAndCopyPutsItOnTheClipboard() {
  QTemporaryDir tmp;
  LobbyPage page;
  // The router maps one known port: "any free port" and Invite friends do not go together.
  page.hostForm().portSpin().setValue(0);
  page.hostForm().inviteBox().setChecked(true);
  QVERIFY(!page.hostForm().hostButton().isEnabled());
  QVERIFY(page.findChild<QLabel*>(QStringLiteral("hostProblem"))->text().contains(QStringLiteral("fixed UDP port")));
  page.hostForm().inviteBox().setChecked(false);
  uint16_t port = 0;
  const QString code = openInvitingLobby(page, tmp, "127.0.0.7", port);
  QVERIFY2(!code.isEmpty(), qPrintable(page.problem().text()));
  NetSession* h = page.session();
  auto invite = net::decodeInvite(code.toStdString());
  QVERIFY2(invite, invite ? "" : invite.message().c_str());
  QVERIFY(invite->host == net::hostFingerprint(h->myKey()));  // the code names this host's key
  QCOMPARE(invite->addresses.size(), size_t{1});
  QCOMPARE(QString::fromStdString(invite->addresses[0].text()), QStringLiteral("127.0.0.7:%1").arg(port));
  auto& panel = page.room().invite();
  QVERIFY(panel.isVisible());
  QVERIFY2(panel.routerLine().text().contains(QStringLiteral("no UPnP/NAT-PMP answer from the router"), Qt::CaseInsensitive),
           qPrintable(panel.routerLine().text()));
  QVERIFY(panel.codeLabel().textInteractionFlags() & Qt::TextSelectableByMouse);
  QVERIFY(panel.codeLabel().font().fixedPitch());  // monospace: read aloud and compared character by character
  QGuiApplication::clipboard()->clear();
  QTest::mouseClick(&panel.copyButton(), Qt::LeftButton);
  QCOMPARE(QGuiApplication::clipboard()->text(), code);
  QVERIFY(QTest::qWaitFor([&] { return h->lobby().has_value(); }, 10000));
  QVERIFY(page.room().findChild<QLabel*>(QStringLiteral("roomHint"))->text().contains(QStringLiteral("invite code")));
  page.leave();
  QVERIFY(QTest::qWaitFor([&] { return h->finished(); }, 5000));
}

void InviteTest::aMistypedCodeIsRefusedUnderTheFieldBeforeAnythingIsSent() {
  QTemporaryDir tmp;
  net::Invite invite;
  invite.addresses.push_back(*net::InviteAddress::parse("127.0.0.7", 27960));
  invite.secret = net::randomTableSecret();
  auto code = net::encodeInvite(invite);
  QVERIFY(code);
  std::string typo = *code;
  typo[8] = typo[8] == 'X' ? 'Y' : 'X';  // one character misread
  LobbyPage page;
  loopbackDefaults(page, tmp, QStringLiteral("joiner"));
  page.show();
  page.tabs().setCurrentWidget(&page.joinForm());
  QTest::keyClicks(&page.joinForm().addressEdit(), QString::fromStdString(typo));
  QTest::mouseClick(&page.joinForm().joinButton(), Qt::LeftButton);
  QVERIFY(!page.session());  // nothing was dialled
  QVERIFY(page.joinForm().fieldProblem().isVisible());
  QVERIFY2(page.joinForm().fieldProblem().text().contains(QStringLiteral("checksum mismatch")), qPrintable(page.joinForm().fieldProblem().text()));
  QVERIFY(page.tabs().isVisible());
  // Fixing the text takes the complaint away.
  page.joinForm().addressEdit().setText(QString::fromStdString(*code));
  QVERIFY(!page.joinForm().fieldProblem().isVisible());
}

void InviteTest::aFriendJoinsWithTheCodeAndEachRowSaysHowItIsReached() {
  QTemporaryDir tmp;
  LobbyPage host;
  uint16_t port = 0;
  const QString code = openInvitingLobby(host, tmp, "127.0.0.7", port);
  QVERIFY2(!code.isEmpty(), qPrintable(host.problem().text()));
  NetSession* h = host.session();
  LobbyPage guest;
  joinByAddress(guest, tmp, QStringLiteral("guest"), code.toLower(), QStringLiteral("Seven"));  // case does not matter
  NetSession* g = guest.session();
  QVERIFY(g);
  QVERIFY(QTest::qWaitFor([&] { return guest.room().readyBox().isVisible() || g->finished(); }, 15000));
  QVERIFY2(!g->finished(), qPrintable(guest.problem().text()));
  QVERIFY(QTest::qWaitFor([&] { return h->lobby() && h->lobby()->seats[1].kind == net::SeatKind::Human; }, 5000));
  // Each side's row of the other says how it is reached, and the round trip.
  auto linkOf = [](LobbyPage& p, int row) {
    auto* item = p.room().seats().item(row, kLinkColumn);
    return item ? item->text() : QString();
  };
  QVERIFY2(QTest::qWaitFor([&] { return linkOf(host, 1).startsWith(QStringLiteral("direct · ")); }, 5000), qPrintable(linkOf(host, 1)));
  QVERIFY2(QTest::qWaitFor([&] { return linkOf(guest, 0).startsWith(QStringLiteral("direct · ")); }, 5000), qPrintable(linkOf(guest, 0)));
  QVERIFY(linkOf(host, 1).endsWith(QStringLiteral(" ms")));
  QVERIFY(linkOf(host, 0).isEmpty());  // our own row
  QCOMPARE(host.room().seats().horizontalHeaderItem(kLinkColumn)->text(), QStringLiteral("Link"));
  // Ready, launch: the friend who came by the code plays.
  QTest::mouseClick(&guest.room().readyBox(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return host.room().launchButton().isEnabled(); }, 5000));
  QTest::mouseClick(&host.room().launchButton(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return (host.game() && guest.game()) || g->finished() || h->finished(); }, 20000));
  QVERIFY2(guest.game(), qPrintable(guest.problem().text()));
  QVERIFY(QTest::qWaitFor([&] { return netRoundOf(*g) >= 1; }, 10000));
  guest.leave();
  host.leave();
  QVERIFY(QTest::qWaitFor([&] { return g->finished() && h->finished(); }, 10000));
}

void InviteTest::aHostWithAnotherKeyAtTheCodesAddressIsRefusedInWords() {
  QTemporaryDir tmp;
  LobbyPage impostor;
  const QString address = openHostedLobby(impostor, tmp);
  QVERIFY2(!address.isEmpty(), qPrintable(impostor.problem().text()));
  net::Invite invite;  // the code names a key the one answering there does not hold
  invite.addresses.push_back(*net::InviteAddress::parse("127.0.0.1", impostor.session()->lobby()->seats[0].port));
  invite.host.fill(0x5A);
  invite.secret = net::randomTableSecret();
  auto code = net::encodeInvite(invite);
  QVERIFY(code);
  LobbyPage guest;
  joinByAddress(guest, tmp, QStringLiteral("guest"), QString::fromStdString(*code));
  QVERIFY(guest.session());
  QVERIFY(QTest::qWaitFor([&] { return guest.session()->finished(); }, 15000));
  const QString p = guest.problem().text();
  QVERIFY2(p.contains(QStringLiteral("Not the host who invited you")) && p.contains(QStringLiteral("someone may be in the middle")), qPrintable(p));
  QVERIFY(impostor.session()->lobby()->seats[1].kind == net::SeatKind::Open);  // no Join reached it
  impostor.leave();
  QVERIFY(QTest::qWaitFor([&] { return impostor.session()->finished(); }, 5000));
}

void InviteTest::theRouterForgetsThePortWhenTheLobbyEndsOrTheWindowCloses() {
  test_support::FakeNatPmpRouter router;
  router.ip = "127.0.0.6";  // its own address: the port mapping tests' routers may run at the same time
  if (!router.start()) QSKIP("UDP 127.0.0.6:5351 is taken");
  QTemporaryDir tmp;
  {
    LobbyPage page;
    uint16_t port = 0;
    const QString code = openInvitingLobby(page, tmp, "127.0.0.6", port);
    QVERIFY2(!code.isEmpty(), qPrintable(page.problem().text()));
    QVERIFY2(page.room().invite().routerLine().text().contains(QStringLiteral("router mapped UDP %1").arg(port), Qt::CaseInsensitive),
             qPrintable(page.room().invite().routerLine().text()));
    auto invite = net::decodeInvite(code.toStdString());
    QVERIFY(invite);
    QCOMPARE(QString::fromStdString(invite->addresses[0].text()), QStringLiteral("203.0.113.7:%1").arg(port + 1));  // the public one first
    QCOMPARE(router.mappings.load(), 1);
    page.leave();
    QVERIFY(QTest::qWaitFor([&] { return page.session()->finished(); }, 5000));
    QCOMPARE(router.removals.load(), 1);
  }
  auto* win = new MainWindow;
  win->resize(1200, 800);
  win->show();
  uint16_t port = 0;
  QVERIFY(!openInvitingLobby(win->showLobby(), tmp, "127.0.0.6", port).isEmpty());
  QCOMPARE(router.mappings.load(), 2);
  win->close();
  delete win;  // as the client's main() ends once its window closed
  QCOMPARE(router.removals.load(), 2);
}

}  // namespace concord::ui::test
