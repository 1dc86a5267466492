#include "ui/tests/ui_test_util.h"

#include "replay/record.h"

namespace concord::ui::test {

std::string recordWarpReplay(const std::string& path, Seat seats, const std::string& officer) {
  auto session = replay::makeBotSession("warp", {}, seats, "ui-test", officer);
  if (!session) return session.message();
  auto r = replay::recordBotGame(path, *session, replay::botSessionKeys("ui-test", seats));
  return r ? std::string() : r.message();
}

}  // namespace concord::ui::test
