// Where a person's games are saved: decided here once, for the terminal and the Qt client alike.
#pragma once

#include <filesystem>
#include <string>

namespace concord::table {

/// $XDG_DATA_HOME/concord/replays, else ~/.local/share/concord/replays, else the current directory.
std::filesystem::path defaultReplayDir();
/// defaultReplayDir() / <stem>-<UTC timestamp>.ccr; the directory is created.
std::string defaultReplayPath(const std::string& stem);

}  // namespace concord::table
