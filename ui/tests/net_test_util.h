// Helpers of the networked client's QTest tests (ui_net_tests): a lobby page set up for loopback, and one
// legal decision by clicks on a networked table.
#pragma once

#include <QListWidget>
#include <QString>
#include <QTemporaryDir>

#include "tests/support/free_udp_port.h"
#include "ui/lobby/lobby_page.h"

namespace concord::ui::test {

/// Loopback only, no LAN announcements, files in `dir`, no post-game wait.
void loopbackDefaults(LobbyPage& page, const QTemporaryDir& dir, const QString& who);
/// Opens a hosted lobby from `page`'s host form as a person does (loopback defaults with identity "host", name
/// `name` if given, any free port, `seats` seats, every other seat open for a person, Open the lobby clicked) and
/// waits for it. Returns the address joiners dial, "" when it did not open (page.problem() says why).
QString openHostedLobby(LobbyPage& page, const QTemporaryDir& dir, const QString& name = {}, int seats = 2);
/// Joins `address` from `page`'s join form by keys and a click, with identity `who` (and `name` if given).
void joinByAddress(LobbyPage& page, const QTemporaryDir& dir, const QString& who, const QString& address, const QString& name = {});
/// Whether a line of `list` contains `text`.
bool listHas(const QListWidget& list, const QString& text);
/// The Warp round the session's view is in (-1: none yet).
int netRoundOf(const NetSession& s);
/// Waits until the node asks our person to decide, or the game is over / the session ended.
bool waitForNetDecision(NetSession& s, int timeoutMs = 30000);
/// One decision by clicks on the table: a glowing coordinate (and its first route), else an action
/// button, else "Let it go". Returns what was clicked ("" when nothing was offered).
QString clickNetMove(NetGamePage& page);
using concord::test_support::freeUdpPort;  // tests/support/free_udp_port.h

}  // namespace concord::ui::test
