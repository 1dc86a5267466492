#include "ui/lobby/lobby_scenes.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <functional>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/invite_code.h"
#include "ui/lobby/lobby_page.h"
#include "ui/shell/main_window.h"

namespace concord::ui {

namespace {

bool waitFor(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (!done()) {
    if (t.elapsed() > timeoutMs) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

void loopback(LobbyPage& page, const QTemporaryDir& dir, const QString& who) {
  auto& d = page.defaults();
  d.identityPath = dir.filePath(who + QStringLiteral(".key")).toStdString();
  d.bindHost = "127.0.0.1";
  d.discoveryAddr = "off";
  d.replayPath = dir.filePath(who + QStringLiteral(".ccr")).toStdString();
  d.postGameMs = 0;
}

// The host's seats: one open for a person, two officers of different strength.
void seatTheTable(HostForm& form, const QString& name) {
  form.nameEdit().setText(name);
  form.setSeatCount(4);
  form.setSeat(1, "open");
  form.setSeat(2, "lieutenant");
  form.setSeat(3, "commander");
}

// A UDP port free on `ip` (Invite friends maps one known port, so the scene cannot ask for any free one).
uint16_t freePortOn(const char* ip) {
  const int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
  if (fd < 0) return 0;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = ::inet_addr(ip);
  socklen_t len = sizeof a;
  const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0;
  ::close(fd);
  return ok ? ntohs(a.sin_port) : 0;
}

// Issue 25, the host's side: Invite friends on 127.0.0.7 (no router answers there), a friend in by the code, the
// seat rows' links.
QString renderInviteScene(MainWindow& win, LobbyPage& page, const QTemporaryDir& tmp, const QString& file) {
  page.defaults().bindHost = "127.0.0.7";
  page.hostForm().portSpin().setValue(freePortOn("127.0.0.7"));
  page.hostForm().inviteBox().setChecked(true);
  if (auto r = page.host(); !r) return QString::fromStdString(r.message());
  NetSession* host = page.session();
  if (!waitFor([&] { return (host->lobby() && host->invitation()) || host->finished(); }, 15000) || host->finished())
    return QStringLiteral("the inviting lobby did not open: ") + page.problem().text();
  LobbyPage guest;
  loopback(guest, tmp, QStringLiteral("guest"));
  guest.joinForm().nameEdit().setText(QStringLiteral("Seven"));
  guest.joinForm().addressEdit().setText(host->invitation()->code);
  if (auto r = guest.join(); !r) return QString::fromStdString(r.message());
  NetSession* joiner = guest.session();
  auto linked = [&] {
    auto* item = page.room().seats().item(1, 5);
    return item && item->text().startsWith(QStringLiteral("direct"));
  };
  if (!waitFor(linked, 15000)) return QStringLiteral("the friend's link never showed: ") + guest.problem().text();
  guest.room().readyBox().setChecked(true);
  joiner->request(net::SayRequest{"Got the code, I'm in."});
  waitFor([&] { return host->lobby()->seats[1].ready && page.room().comms().messages().count() > 0; }, 10000);
  waitFor([] { return false; }, 300);
  const QString err = win.grab().save(file, "PNG") ? QString() : QStringLiteral("cannot write ") + file;
  guest.leave();
  page.leave();
  waitFor([&] { return joiner->finished() && host->finished(); }, 5000);
  return err;
}

// Issue 25, the friend's side: the join form with a pasted code that has one character misread, refused under the
// field before anything is sent.
QString renderJoinCodeScene(MainWindow& win, LobbyPage& page, const QString& file) {
  net::Invite invite;
  invite.addresses.push_back(*net::InviteAddress::parse("203.0.113.7", 27960));
  invite.addresses.push_back(*net::InviteAddress::parse("192.168.1.20", 27960));
  for (size_t i = 0; i < invite.host.size(); ++i) invite.host[i] = static_cast<uint8_t>(i * 37 + 11);
  for (size_t i = 0; i < invite.secret.size(); ++i) invite.secret[i] = static_cast<uint8_t>(i * 53 + 7);
  auto code = net::encodeInvite(invite);
  if (!code) return QString::fromStdString(code.message());
  std::string typo = *code;
  typo[13] = typo[13] == 'V' ? 'W' : 'V';
  page.tabs().setCurrentWidget(&page.joinForm());
  page.joinForm().nameEdit().setText(QStringLiteral("Seven"));
  page.joinForm().addressEdit().setText(QString::fromStdString(typo));
  waitFor([&] { return !page.joinForm().listening(); }, 5000);
  (void)page.join();
  if (page.session()) return QStringLiteral("a mistyped code was sent");
  QCoreApplication::processEvents();
  return win.grab().save(file, "PNG") ? QString() : QStringLiteral("cannot write ") + file;
}

}  // namespace

QStringList lobbySceneNames() {
  return {QStringLiteral("lobby"), QStringLiteral("lobby-room"), QStringLiteral("lobby-rules"), QStringLiteral("lobby-invite"),
          QStringLiteral("lobby-join-code")};
}

QString renderLobbyScene(const QString& scene, const QString& file) {
  QTemporaryDir tmp;
  MainWindow win;
  win.resize(1400, 860);
  win.show();
  LobbyPage& page = win.showLobby();
  loopback(page, tmp, QStringLiteral("host"));
  seatTheTable(page.hostForm(), QStringLiteral("Picard"));
  if (scene == QLatin1String("lobby")) {
    QCoreApplication::processEvents();
    return win.grab().save(file, "PNG") ? QString() : QStringLiteral("cannot write ") + file;
  }
  if (scene == QLatin1String("lobby-invite")) return renderInviteScene(win, page, tmp, file);
  if (scene == QLatin1String("lobby-join-code")) return renderJoinCodeScene(win, page, file);
  page.hostForm().portSpin().setValue(0);
  if (auto r = page.host(); !r) return QString::fromStdString(r.message());
  NetSession* host = page.session();
  if (!waitFor([&] { return host->lobby().has_value() || host->finished(); }, 10000) || host->finished())
    return QStringLiteral("the lobby did not open: ") + page.problem().text();
  const uint16_t port = host->lobby()->seats[0].port;
  LobbyPage guest;
  loopback(guest, tmp, QStringLiteral("guest"));
  guest.joinForm().nameEdit().setText(QStringLiteral("Riker"));
  guest.joinForm().addressEdit().setText(QStringLiteral("127.0.0.1:%1").arg(port));
  if (auto r = guest.join(); !r) return QString::fromStdString(r.message());
  NetSession* joiner = guest.session();
  auto seated = [&] { return joiner->lobby() && joiner->lobby()->seats.size() == 4 && joiner->lobby()->seats[1].kind == net::SeatKind::Human; };
  if (!waitFor(seated, 10000)) return QStringLiteral("the guest was not seated: ") + guest.problem().text();
  guest.room().readyBox().setChecked(true);
  joiner->request(net::SayRequest{"Number One reporting. Ready when you are."});
  if (!waitFor([&] { return host->lobby()->seats[1].ready && page.room().comms().messages().count() > 0; }, 10000))
    return QStringLiteral("the guest's ready mark did not arrive");
  auto linkShown = [](LobbyPage& p, int row) {  // the Link column fills within half a second of the seating
    auto* item = p.room().seats().item(row, 5);
    return item && !item->text().isEmpty();
  };
  waitFor([&] { return linkShown(page, 1) && linkShown(guest, 0); }, 5000);
  host->request(net::HailRequest{103});  // "Make it so"
  waitFor([&] { return page.room().comms().messages().count() > 1; }, 5000);
  QCoreApplication::processEvents();
  QWidget* shot = &win;
  if (scene == QLatin1String("lobby-rules")) {  // the host switches to Warp 9: the joiner's lobby, after the change
    const auto before = joiner->lobby()->session.configHash();
    auto* dialog = page.rulesDialog();
    if (!dialog) return QStringLiteral("no Change the rules dialog");
    auto o = dialog->form().options();
    if (!o) return QString::fromStdString(o.message());
    o->emplace_back("set", "9");
    dialog->form().setOptions(*o);
    dialog->applyButton().click();
    if (!waitFor([&] { return joiner->lobby()->session.configHash() != before; }, 10000)) return QStringLiteral("the joiner never saw the new rules");
    guest.resize(1400, 860);
    guest.show();
    waitFor([] { return false; }, 200);
    shot = &guest;
  }
  const QString err = shot->grab().save(file, "PNG") ? QString() : QStringLiteral("cannot write ") + file;
  guest.leave();
  page.leave();
  waitFor([&] { return joiner->finished() && host->finished(); }, 5000);
  return err;
}

}  // namespace concord::ui
