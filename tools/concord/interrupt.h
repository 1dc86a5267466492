// Ctrl-C at a table: the first SIGINT only raises a flag, so the game loop can close the replay (the save)
// and say how to resume; blocking reads return with EINTR. A second Ctrl-C ends the process at once.
#pragma once

namespace concord::cli {

/// Installs the SIGINT handler (idempotent).
void catchInterrupts();
/// True once Ctrl-C was pressed.
bool interrupted();

}  // namespace concord::cli
