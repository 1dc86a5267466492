#pragma once

#include <QObject>

namespace concord::ui::test {

/// Issue 31's Warp table fixes at a live two-client network table (ctest ui_net_table, label ui).
class NetTableTest : public QObject {
  Q_OBJECT
 private slots:
  void theRouteQuestionSurvivesTheRefreshAndLeaveAsksFirst();
};

}  // namespace concord::ui::test
