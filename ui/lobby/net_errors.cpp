#include "ui/lobby/net_errors.h"

#include <QObject>

namespace concord::ui {

NetProblem explainNetError(const std::string& message) {
  const QString m = QString::fromStdString(message);
  auto has = [&](const char* s) { return m.contains(QLatin1String(s), Qt::CaseInsensitive); };
  NetProblem p{QObject::tr("The table closed"), QObject::tr("Host or join again."), m};
  if (has("nothing answered") || has("no game started within")) {
    p.title = QObject::tr("The host is unreachable");
    p.advice = QObject::tr("Check that the host has opened its lobby (Host a game, or `concord host`), that the address and port "
                           "are right (the LAN list shows the games announced nearby), and that no firewall blocks that UDP port "
                           "on either machine.");
  } else if (has("cannot resolve") || has("no host in") || has("bad port")) {
    p.title = QObject::tr("That address is not one Concord can reach");
    p.advice = QObject::tr("Write the host's IPv4 address and port, e.g. 192.168.1.20:27960, or pick the game from the LAN list.");
  } else if (has("join refused")) {
    p.title = QObject::tr("The host refused the join");
    p.advice = m.contains(QLatin1String("full")) ? QObject::tr("Every seat is taken. Ask the host to add a seat or pick another "
                                                               "game from the LAN list.")
                                                 : QObject::tr("Ask the host why, or pick another game from the LAN list.");
  } else if (has("version mismatch")) {
    p.title = QObject::tr("Version mismatch");
    p.advice = QObject::tr("You and the host run different Concord versions. Install the same version on both machines "
                           "(`concord --version` names it), then join again.");
  } else if (has("no table for module")) {
    p.title = QObject::tr("This client cannot show that game");
    p.advice = QObject::tr("Join it from a terminal instead: concord join ADDR.");
  } else if (has("address already in use") || has("bind") || has("could not create")) {
    p.title = QObject::tr("The port is in use");
    p.advice = QObject::tr("Another program (or another Concord) listens on that UDP port. Choose another port, or 0 for any "
                           "free port, and host again.");
  } else if (has("config") || has("option")) {
    p.title = QObject::tr("The rules were refused");
    p.advice = QObject::tr("Fix the option named below and host again.");
  } else if (has("seeding")) {
    p.title = QObject::tr("The launch did not complete");
    p.advice = QObject::tr("A player did not answer while the seed was agreed (commit-reveal). Check the connection and host again.");
  } else if (has("desync")) {
    p.title = QObject::tr("The table went out of step (desync)");
    p.advice = QObject::tr("The peers computed different games. Your replay so far is kept; report it with the replays of both sides.");
  } else if (has("you left") || has("you closed")) {
    p.title = QObject::tr("You left");
    p.advice = QObject::tr("Host or join another game when you are ready.");
  }
  return p;
}

}  // namespace concord::ui
