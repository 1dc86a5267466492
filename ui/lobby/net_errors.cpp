#include "ui/lobby/net_errors.h"

#include <QObject>

namespace concord::ui {

NetProblem explainNetError(const NetFailure& failure) {
  using K = net::NetErrorKind;
  NetProblem p{QObject::tr("The table closed"), QObject::tr("Host or join again."), QString::fromStdString(failure.message)};
  if (failure.noTableView) {
    p.title = QObject::tr("This client cannot show that game");
    p.advice = QObject::tr("Join it from a terminal instead: concord join ADDR.");
    return p;
  }
  switch (failure.kind) {
    case K::Unreachable:
      p.title = QObject::tr("The host is unreachable");
      p.advice = QObject::tr("Check that the host has opened its lobby (Host a game, or `concord host`), that the address and port "
                             "are right (the LAN list shows the games announced nearby), and that no firewall blocks that UDP port "
                             "on either machine.");
      break;
    case K::BadAddress:
      p.title = QObject::tr("That address is not one Concord can reach");
      p.advice = QObject::tr("Write the host's IPv4 address and port, e.g. 192.168.1.20:27960, or pick the game from the LAN list.");
      break;
    case K::TableFull:
      p.title = QObject::tr("The host refused the join");
      p.advice = QObject::tr("Every seat is taken. Ask the host to add a seat or pick another game from the LAN list.");
      break;
    case K::JoinRefused:
      p.title = QObject::tr("The host refused the join");
      p.advice = QObject::tr("Ask the host why, or pick another game from the LAN list.");
      break;
    case K::CharterRefused:
      p.title = QObject::tr("A crew charter keeps you from this table");
      p.advice = QObject::tr("A crew table is played only by the crew's members (TEI §3.4): join with the key the charter lists, "
                             "or ask the crew to add your key.");
      break;
    case K::VersionMismatch:
      p.title = QObject::tr("Version mismatch");
      p.advice = QObject::tr("You and the host run different Concord versions. Install the same version on both machines "
                             "(`concord --version` names it), then join again.");
      break;
    case K::PortInUse:
      p.title = QObject::tr("The port is in use");
      p.advice = QObject::tr("Another program (or another Concord) listens on that UDP port. Choose another port, or 0 for any "
                             "free port, and host again.");
      break;
    case K::RulesRefused:
      p.title = QObject::tr("The rules were refused");
      p.advice = QObject::tr("Fix the option named below and host again.");
      break;
    case K::LaunchFailed:
      p.title = QObject::tr("The launch did not complete");
      p.advice = QObject::tr("A player did not answer while the seed was agreed (commit-reveal). Check the connection and host again.");
      break;
    case K::Desync:
      p.title = QObject::tr("The table went out of step (desync)");
      p.advice = QObject::tr("The peers computed different games. Your replay so far is kept; report it with the replays of both sides.");
      break;
    case K::LeftByChoice:
      p.title = QObject::tr("You left");
      p.advice = QObject::tr("Host or join another game when you are ready.");
      break;
    case K::TimedOut:
      p.title = QObject::tr("The time limit ran out");
      p.advice = QObject::tr("Nobody joined or the game did not finish in time. Host or join again.");
      break;
    case K::Kicked:
      p.title = QObject::tr("The host removed you from the table");
      p.advice = QObject::tr("That host will not seat you again at this table. Pick another game from the LAN list, or ask "
                             "the host to open a new lobby.");
      break;
    case K::BadSecret:  // issue 25
      p.title = QObject::tr("That invite code is not for this table");
      p.advice = QObject::tr("The code is wrong or expired (each hosted table has its own). Ask the host for a new code.");
      break;
    case K::WrongHost:  // issue 25
      p.title = QObject::tr("Not the host who invited you");
      p.advice = QObject::tr("The address answered with another identity than the invite code names; someone may be in the "
                             "middle. Ask the host for a new code over a channel you trust.");
      break;
    case K::Other: break;
  }
  return p;
}

}  // namespace concord::ui
