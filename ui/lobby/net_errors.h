// A networked table's failures in words a person acts on: what happened, and what to do about it
// (unreachable host, refused join, version mismatch, a port in use, a bad rule choice). Worded by the kind the
// net layer gives the failure where it is made (net/net_error.h), never by reading its message; the message
// is kept as the detail.
#pragma once

#include <QString>
#include <string>

#include "net/net_error.h"

namespace concord::ui {

/// A failure the lobby shows: the net layer's kind, or one only the client knows of (no table view).
struct NetFailure {
  net::NetErrorKind kind = net::NetErrorKind::Other;
  bool noTableView = false;  // the host plays a module this client has no table for (a terminal can join)
  std::string message;       // the person's words from where it failed (shown as the detail)
};

struct NetProblem {
  QString title;   // "The host is unreachable"
  QString advice;  // what to do
  QString detail;  // the failure's message
};

NetProblem explainNetError(const NetFailure& failure);

}  // namespace concord::ui
