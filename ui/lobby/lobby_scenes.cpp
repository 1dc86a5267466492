#include "ui/lobby/lobby_scenes.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <functional>

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

}  // namespace

QStringList lobbySceneNames() { return {QStringLiteral("lobby"), QStringLiteral("lobby-room"), QStringLiteral("lobby-rules")}; }

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
