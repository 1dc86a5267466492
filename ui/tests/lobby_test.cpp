#include "ui/tests/lobby_test.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QToolButton>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "ui/lobby/net_errors.h"
#include "ui/shell/main_window.h"
#include "ui/tests/net_test_util.h"
#include "ui/tests/ui_test_util.h"
#include "ui/shell/leave_confirm.h"
#include "ui/warp/warp_rules_form.h"
#include "ui/warp/warp_round_sheet.h"
#include "ui/warp/warp_table_view.h"

namespace concord::ui::test {

namespace {

WarpRulesForm* warpRules(LobbyPage& page) { return qobject_cast<WarpRulesForm*>(page.hostForm().rules()); }

}  // namespace

void LobbyTest::hostsWithOfficersAndPlaysARoundByClicks() {
  QTemporaryDir tmp;
  MainWindow win;
  showForTest(win, false, QSize(1400, 860));
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
  // RULES §V: the round-end sheet of the round just ended, as in a solo game: a row per captain, "Next round".
  auto* view = qobject_cast<WarpTableView*>(page.game()->table());
  QVERIFY(view);
  QVERIFY(QTest::qWaitFor([&] { return view->showingSheet(); }, 5000));
  QCOMPARE(view->sheet().total(), 3);
  QTest::mouseClick(&view->sheet().nextButton(), Qt::LeftButton);
  QVERIFY(!view->showingSheet());
  // RULES §IX rate limit: a burst of 3 hails, the 4th is held with the reason shown.
  auto& comms = page.game()->comms();
  for (int i = 0; i < 4; ++i) comms.hail(101);
  QVERIFY2(comms.feedback().text().contains(QStringLiteral("one message per 3 s")), qPrintable(comms.feedback().text()));
  QVERIFY(QTest::qWaitFor([&] { return comms.messages().count() >= 3; }, 5000));
  QTest::mouseClick(page.game()->findChild<QPushButton*>(QStringLiteral("leaveTable")), Qt::LeftButton);
  QTest::mouseClick(&page.game()->leaveConfirm().leaveButton(), Qt::LeftButton);  // issue 31: Leave asks first
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


void LobbyTest::twoQtPeersReadyChatDmMuteAndAFullTableRefuses() {
  QTemporaryDir tmp;
  LobbyPage host;
  const QString address = openHostedLobby(host, tmp, QStringLiteral("Janeway"));
  QVERIFY2(!address.isEmpty(), qPrintable(host.problem().text()));
  NetSession* h = host.session();

  LobbyPage guest;
  joinByAddress(guest, tmp, QStringLiteral("guest"), address, QStringLiteral("Chakotay"));
  NetSession* g = guest.session();
  QVERIFY(QTest::qWaitFor([&] { return guest.room().readyBox().isVisible() || g->finished(); }, 10000));
  QVERIFY2(!g->finished(), qPrintable(guest.problem().text()));
  // Not ready until the person says so: the host's Launch waits.
  QVERIFY(QTest::qWaitFor([&] { return h->lobby()->seats[1].kind == net::SeatKind::Human; }, 5000));
  QVERIFY(!h->lobby()->seats[1].ready);
  QVERIFY(!host.room().launchButton().isEnabled());
  QTest::mouseClick(&guest.room().readyBox(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return h->lobby()->seats[1].ready; }, 5000));
  QVERIFY(QTest::qWaitFor([&] { return host.room().launchButton().isEnabled(); }, 2000));
  QVERIFY(host.room().seats().item(1, 3)->text() == QString::fromStdString(g->myKey().fingerprint()));
  // A DM to the host (RULES §IX: every captain reads it), relayed by the host's node.
  auto* to = guest.room().comms().findChild<QComboBox*>(QStringLiteral("commsTo"));
  to->setCurrentIndex(to->findData(0));
  QTest::keyClicks(guest.room().comms().findChild<QLineEdit*>(QStringLiteral("commsText")), QStringLiteral("A word, Captain"));
  QTest::mouseClick(guest.room().comms().findChild<QPushButton*>(QStringLiteral("commsSend")), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return listHas(host.room().comms().messages(), QStringLiteral("to seat 0 (DM")); }, 5000));
  // The host mutes the guest: the next message is hidden at the host, still shown at the guest.
  auto* mute = host.room().comms().findChild<QToolButton*>(QStringLiteral("mute"))->menu()->findChild<QAction*>(QStringLiteral("mute-1"));
  QVERIFY(mute);
  mute->trigger();
  QVERIFY(QTest::qWaitFor([&] { return listHas(host.room().comms().news(), QStringLiteral("muted for this session")); }, 5000));
  g->request(net::SayRequest{"you will not read this"});
  QVERIFY(QTest::qWaitFor([&] { return listHas(guest.room().comms().messages(), QStringLiteral("you will not read this")); }, 5000));
  QTest::qWait(500);
  QVERIFY(!listHas(host.room().comms().messages(), QStringLiteral("you will not read this")));
  // A third captain finds the table full: refused, in words that say what to do.
  LobbyPage late;
  loopbackDefaults(late, tmp, QStringLiteral("late"));
  late.joinForm().addressEdit().setText(address);
  QVERIFY(late.join());
  QVERIFY(QTest::qWaitFor([&] { return late.session()->finished(); }, 10000));
  const QString why = late.problem().text();
  QVERIFY2(why.contains(QStringLiteral("refused")) && why.contains(QStringLiteral("Every seat is taken")), qPrintable(why));
  guest.leave();
  QVERIFY(QTest::qWaitFor([&] { return g->finished(); }, 5000));
  QVERIFY(QTest::qWaitFor([&] { return h->lobby()->seats[1].kind == net::SeatKind::Open; }, 5000));  // the seat opens again
  host.leave();
  QVERIFY(QTest::qWaitFor([&] { return h->finished(); }, 5000));
}

void LobbyTest::aVersionMismatchSaysWhatToDo() {
  auto mod = findModule("warp");
  QVERIFY(mod);
  net::LobbyMsg lobby;
  lobby.session.moduleId = "warp";
  lobby.session.rulesVersion = (*mod)->rulesVersion;
  QCOMPARE(net::checkTableVersion(lobby.session).kind, net::NetErrorKind::Other);
  QVERIFY(!lobbyTableProblem(lobby));
  // The net layer refuses a rules version this build does not have (a joining node fails with this kind).
  lobby.session.rulesVersion = (*mod)->rulesVersion + 1;
  const auto check = net::checkTableVersion(lobby.session);
  QCOMPARE(check.kind, net::NetErrorKind::VersionMismatch);
  const auto p = explainNetError({check.kind, false, check.why});
  QCOMPARE(p.title, QStringLiteral("Version mismatch"));
  QVERIFY(p.advice.contains(QStringLiteral("same version")));
  lobby.session.moduleId = "chess";
  QCOMPARE(net::checkTableVersion(lobby.session).kind, net::NetErrorKind::VersionMismatch);
  QVERIFY(net::checkTableVersion(lobby.session).why.find("does not have") != std::string::npos);
}

// Issue 12: the client words a failure by the kind the net layer gave it where it was made, never by reading
// the message (a host's free-text refusal, a module named "full", a path with "bind" in it...).
void LobbyTest::errorsAreWordedByTheirKindNotTheirText() {
  using K = net::NetErrorKind;
  const std::string misleading = "join refused: version mismatch: nothing answered; the table is full; cannot bind";
  const auto plain = explainNetError({K::Other, false, misleading});
  QCOMPARE(plain.title, QStringLiteral("The table closed"));
  QCOMPARE(plain.detail, QString::fromStdString(misleading));
  QCOMPARE(explainNetError({K::TableFull, false, "x"}).title, QStringLiteral("The host refused the join"));
  QVERIFY(explainNetError({K::TableFull, false, "x"}).advice.contains(QStringLiteral("Every seat is taken")));
  QVERIFY(!explainNetError({K::JoinRefused, false, "the table is full"}).advice.contains(QStringLiteral("Every seat")));
  QCOMPARE(explainNetError({K::Unreachable, false, "x"}).title, QStringLiteral("The host is unreachable"));
  QCOMPARE(explainNetError({K::VersionMismatch, false, "x"}).title, QStringLiteral("Version mismatch"));
  QCOMPARE(explainNetError({K::PortInUse, false, "x"}).title, QStringLiteral("The port is in use"));
  QCOMPARE(explainNetError({K::LeftByChoice, false, "x"}).title, QStringLiteral("You left"));
  QCOMPARE(explainNetError({K::Other, true, "x"}).title, QStringLiteral("This client cannot show that game"));
  // Every kind says what to do next.
  for (int k = 0; k <= static_cast<int>(K::Kicked); ++k)
    QVERIFY2(!explainNetError({static_cast<K>(k), false, "x"}).advice.isEmpty(), qPrintable(QString::number(k)));
  // The wire carries the host's reason with its words (net/lobby_msg.h RefuseMsg); a refusal from a build
  // before the reason existed still decodes.
  auto full = net::decodeLobby(net::encodeLobby(net::RefuseMsg{"any words", net::RefuseReason::Full}));
  QVERIFY(full);
  QCOMPARE(std::get<net::RefuseMsg>(*full).reason, net::RefuseReason::Full);
  QCOMPARE(net::refusalKind(net::RefuseReason::Full), K::TableFull);
  QCOMPARE(net::refusalKind(net::RefuseReason::Charter), K::CharterRefused);
  // Other is written as no reason at all: the bytes of a refusal from a build before the reason existed.
  auto bytes = net::encodeLobby(net::RefuseMsg{"old", net::RefuseReason::Other});
  auto old = net::decodeLobby(bytes);
  QVERIFY2(old, old ? "" : old.message().c_str());
  QCOMPARE(std::get<net::RefuseMsg>(*old).why, std::string("old"));
  QCOMPARE(std::get<net::RefuseMsg>(*old).reason, net::RefuseReason::Other);
  bytes.push_back(0);  // Other written out: a second encoding of the same message is refused (canonical bytes)
  QVERIFY(!net::decodeLobby(bytes));
}

// Issue 12 lobby: the host removes a joined captain before the launch (Remove on their row). The captain is
// told so in words that say what to do (NetErrorKind::Kicked), the seat opens again, and the same key knocking
// again is refused.
void LobbyTest::theHostRemovesACaptainBeforeTheLaunch() {
  QTemporaryDir tmp;
  LobbyPage host;
  const QString address = openHostedLobby(host, tmp);
  QVERIFY2(!address.isEmpty(), qPrintable(host.problem().text()));
  NetSession* h = host.session();
  LobbyPage guest;
  joinByAddress(guest, tmp, QStringLiteral("guest"), address);  // the same identity both times
  NetSession* g = guest.session();
  QVERIFY(QTest::qWaitFor([&] { return h->lobby()->seats[1].kind == net::SeatKind::Human || g->finished(); }, 10000));
  QVERIFY2(!g->finished(), qPrintable(guest.problem().text()));
  QVERIFY(!host.room().findChild<QPushButton*>(QStringLiteral("kick-0")));  // never the host's own seat
  QPushButton* remove = nullptr;
  QVERIFY(QTest::qWaitFor([&] { return (remove = host.room().findChild<QPushButton*>(QStringLiteral("kick-1"))) != nullptr; }, 5000));
  QTest::mouseClick(remove, Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return g->finished(); }, 10000));
  QVERIFY2(guest.problem().text().contains(QStringLiteral("removed you")) &&
               guest.problem().text().contains(QStringLiteral("another game")),
           qPrintable(guest.problem().text()));
  QVERIFY(QTest::qWaitFor([&] { return h->lobby()->seats[1].kind == net::SeatKind::Open; }, 5000));
  LobbyPage again;
  joinByAddress(again, tmp, QStringLiteral("guest"), address);
  QVERIFY(QTest::qWaitFor([&] { return again.session()->finished(); }, 10000));
  QVERIFY2(again.problem().text().contains(QStringLiteral("removed you")), qPrintable(again.problem().text()));
  QCOMPARE(h->lobby()->seats[1].kind, net::SeatKind::Open);
  host.leave();
  QVERIFY(QTest::qWaitFor([&] { return h->finished(); }, 5000));
}

void LobbyTest::ratedPlayAllowsQuickHailsOnly() {
  CommsPanel panel;
  panel.show();
  auto* text = panel.findChild<QLineEdit*>(QStringLiteral("commsText"));
  panel.setMode(net::CommsMode::Active, false);
  QVERIFY(text->isEnabled());
  panel.setMode(net::CommsMode::Active, true);  // RULES §IX: rated active play is Quick-only
  QVERIFY(!text->isEnabled());
  QVERIFY(panel.findChild<QLabel*>(QStringLiteral("commsMode"))->text().contains(QStringLiteral("quick hails only")));
  std::vector<net::TableRequest> sent;
  panel.setSink([&](net::TableRequest r) { sent.push_back(std::move(r)); });
  panel.hail(401);
  QCOMPARE(sent.size(), size_t{1});
  panel.setMode(net::CommsMode::PostGame, true);  // all comms reopen once standings are final
  QVERIFY(text->isEnabled());
}

// The LAN list (net::listenLan on a worker) finds a loopback host; Return on it joins; when the joiner
// leaves mid-game the host's table news says its seat was handed to an officer (RULES §VII substitution).
void LobbyTest::joinsFromTheLanListAndSeesASubstitution() {
  QTemporaryDir tmp;
  const uint16_t discovery = freeUdpPort();
  LobbyPage host;
  loopbackDefaults(host, tmp, QStringLiteral("host"));
  host.defaults().discoveryAddr = "127.0.0.1";
  host.defaults().discoveryPort = discovery;
  host.defaults().silenceMs = 1000;
  host.show();
  host.hostForm().nameEdit().setText(QStringLiteral("Sisko"));
  host.hostForm().portSpin().setValue(0);
  host.hostForm().setSeatCount(2);
  host.hostForm().setSeat(1, "open");
  QVERIFY(host.host());
  NetSession* h = host.session();
  QVERIFY(QTest::qWaitFor([&] { return h->lobby().has_value() || h->finished(); }, 10000));
  QVERIFY2(!h->finished(), qPrintable(host.problem().text()));

  LobbyPage guest;
  loopbackDefaults(guest, tmp, QStringLiteral("guest"));
  guest.defaults().silenceMs = 1000;
  guest.show();
  guest.joinForm().setDiscoveryPort(discovery);
  guest.joinForm().nameEdit().setText(QStringLiteral("Kira"));
  guest.tabs().setCurrentWidget(&guest.joinForm());  // opening the tab listens at once
  auto& list = guest.joinForm().lanList();
  QListWidgetItem* found = nullptr;
  for (int attempt = 0; attempt < 3 && !found; ++attempt) {
    QVERIFY(QTest::qWaitFor([&] { return !guest.joinForm().listening(); }, 6000));
    if (attempt > 0 || list.count() == 0) guest.joinForm().refreshLan(2);
    QVERIFY(QTest::qWaitFor([&] { return !guest.joinForm().listening(); }, 6000));
    for (int i = 0; i < list.count(); ++i)
      if (list.item(i)->text().contains(QStringLiteral("Sisko"))) found = list.item(i);
  }
  QVERIFY2(found, "the loopback host was not heard on the LAN list");
  QVERIFY(found->text().contains(QStringLiteral("1 of 2 seats free")));
  list.setFocus();
  list.setCurrentItem(found);
  QTest::keyClick(&list, Qt::Key_Return);  // activates the item: joins it
  NetSession* g = guest.session();
  QVERIFY2(g, "activating a game of the LAN list did not join it");
  QVERIFY(QTest::qWaitFor([&] { return guest.room().readyBox().isVisible() || g->finished(); }, 10000));
  QTest::mouseClick(&guest.room().readyBox(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return host.room().launchButton().isEnabled(); }, 5000));
  QTest::mouseClick(&host.room().launchButton(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return host.game() && guest.game(); }, 15000));
  // The guest walks away from the table: the host's seat news names the substitution.
  QTest::mouseClick(guest.game()->findChild<QPushButton*>(QStringLiteral("leaveTable")), Qt::LeftButton);
  QTest::mouseClick(&guest.game()->leaveConfirm().leaveButton(), Qt::LeftButton);
  QVERIFY(QTest::qWaitFor([&] { return g->finished(); }, 5000));
  QVERIFY(guest.problem().text().contains(QStringLiteral("You left")));
  // Our own person keeps playing so turns go by; the guest's seat is substituted.
  bool substituted = false;
  for (int i = 0; i < 200 && !substituted && !h->over(); ++i) {
    substituted = listHas(host.game()->comms().news(), QStringLiteral("an AI officer plays the seat"));
    if (h->frame().mayAct()) clickNetMove(*host.game());
    QTest::qWait(50);
  }
  QVERIFY2(substituted || listHas(host.game()->comms().news(), QStringLiteral("an AI officer plays the seat")),
           "the host's table news never said the guest's seat was substituted");
  host.leave();
  QVERIFY(QTest::qWaitFor([&] { return h->finished(); }, 5000));
}

}  // namespace concord::ui::test
