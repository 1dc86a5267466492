// A networked table's failures in words a person acts on: what happened, and what to do about it
// (unreachable host, refused join, version mismatch, a port in use, a bad rule choice). The node's own
// message is kept as the detail.
#pragma once

#include <QString>
#include <string>

namespace concord::ui {

struct NetProblem {
  QString title;   // "Nobody answered at 10.0.0.5:27960"
  QString advice;  // what to do
  QString detail;  // the node's message
};

NetProblem explainNetError(const std::string& message);

}  // namespace concord::ui
