// concord-ui: the Qt 6 client. `concord-ui` opens the start screen; `concord-ui REPLAY.ccr` opens a replay;
// `concord-ui --screenshot FILE --scene NAME` renders a scene to PNG (use QT_QPA_PLATFORM=offscreen).
#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>

#include "ui/replay/replay_viewer.h"
#include "ui/shell/main_window.h"
#include "ui/shell/screenshot.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Concord"));
  QApplication::setApplicationName(QStringLiteral("concord-ui"));
  QCommandLineParser cli;
  cli.setApplicationDescription(QStringLiteral("Concord's desktop client: play against AI officers, watch replays."));
  cli.addHelpOption();
  QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("render --scene to PNG file FILE and exit"), QStringLiteral("FILE"));
  QCommandLineOption scene(QStringLiteral("scene"),
                           QStringLiteral("the scene for --screenshot: ") + concord::ui::sceneNames().join(QStringLiteral(", ")),
                           QStringLiteral("NAME"));
  cli.addOption(shot);
  cli.addOption(scene);
  cli.addPositionalArgument(QStringLiteral("replay"), QStringLiteral("a replay to open (optional)"));
  cli.process(app);
  if (cli.isSet(shot) != cli.isSet(scene)) {
    std::fprintf(stderr, "concord-ui: --screenshot FILE and --scene NAME go together (scenes: %s)\n",
                 qPrintable(concord::ui::sceneNames().join(QStringLiteral(", "))));
    return 2;
  }
  if (cli.isSet(shot)) {
    const QString err = concord::ui::renderScene(cli.value(scene), cli.value(shot));
    if (!err.isEmpty()) {
      std::fprintf(stderr, "concord-ui: screenshot: %s\n", qPrintable(err));
      return 1;
    }
    return 0;
  }
  concord::ui::MainWindow win;
  win.show();
  if (!cli.positionalArguments().isEmpty()) win.showReplay(cli.positionalArguments().front());
  return app.exec();
}
