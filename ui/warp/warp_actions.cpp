#include "ui/warp/warp_actions.h"

#include <QLabel>
#include <QPushButton>

#include "ui/shell/flow_layout.h"
#include "ui/shell/instant_key.h"

namespace concord::ui {

using concord::warp::Decoded;
using concord::warp::RouteKind;

QString warpRouteLabel(const concord::warp::Route& r, Seat me) {
  switch (r.kind) {
    case RouteKind::Own: return me == kOmniscient ? QStringLiteral("own trail") : QStringLiteral("your trail");
    case RouteKind::Neutral: return QStringLiteral("the Neutral Zone");
    case RouteKind::Seat: return QStringLiteral("Captain %1's trail").arg(r.seat);
  }
  return {};
}

QString warpOrderKey(const Decoded& d) {
  using namespace concord::warp;
  auto route = [](const Route& r) {
    return r.kind == RouteKind::Own ? QStringLiteral("own") : r.kind == RouteKind::Neutral ? QStringLiteral("nz")
                                                                                           : QStringLiteral("seat%1").arg(r.seat);
  };
  auto tile = [&] { return QStringLiteral("%1-%2").arg(d.tile.hi).arg(d.tile.lo); };
  switch (d.kind) {
    case kChart: return QStringLiteral("route-") + route(d.route);
    case kDraw: return QStringLiteral("action-draw");
    case kBeacon: return QStringLiteral("action-beacon");
    case kPass: return QStringLiteral("action-pass");
    case kAnnounce: return QStringLiteral("action-announce");
    case kCatch: return QStringLiteral("action-catch-%1").arg(d.arg);
    case kFlash: return QStringLiteral("action-flash-%1").arg(d.arg);
    case kShields: return QStringLiteral("action-shields-%1").arg(d.arg);
    case kWagerKeep: return QStringLiteral("action-keep-") + tile();
    case kOvertime: return QStringLiteral("action-overtime-%1").arg(d.arg);
    case kSpool: return QStringLiteral("action-spool-") + route(d.route);
    case kGive: return QStringLiteral("action-give-") + tile();
    case kDig: return QStringLiteral("action-dig");
    case kSweep: return QStringLiteral("action-sweep-") + tile();
    case kPick: return QStringLiteral("action-pick-") + tile();
  }
  return QStringLiteral("action");
}

QString warpOrderLabel(const Decoded& d, Seat me) {
  using namespace concord::warp;
  const QString tile = QString::fromStdString(d.tile.text());
  switch (d.kind) {
    case kChart: return QStringLiteral("Chart %1 on %2").arg(tile, warpRouteLabel(d.route, me));
    case kDraw: return QStringLiteral("Draw from Uncharted Sectors");
    case kBeacon: return QStringLiteral("Deploy Distress Beacon");
    case kPass: return QStringLiteral("Pass");
    case kAnnounce: return QStringLiteral("Drop to Impulse!");
    case kCatch: return QStringLiteral("Catch Captain %1 (missed Drop to Impulse)").arg(d.arg);
    case kFlash:
      return QStringLiteral("Continuum: %1").arg(QString::fromUtf8(directiveName(static_cast<Directive>(d.arg))));
    case kShields: return d.arg ? QStringLiteral("Raise shields") : QStringLiteral("Lower shields");
    case kWagerKeep: return QStringLiteral("Keep %1").arg(tile);
    case kOvertime: return d.arg ? QStringLiteral("Accept overtime") : QStringLiteral("Decline overtime");
    case kSpool: return QStringLiteral("Engage warp drive on %1").arg(warpRouteLabel(d.route, me));
    case kGive: return QStringLiteral("Give back %1").arg(tile);
    case kDig: return QStringLiteral("Desperation Dig");
    case kSweep: return QStringLiteral("Sensor Sweep: take %1").arg(tile);
    case kPick: return QStringLiteral("Pick %1").arg(tile);
  }
  return QStringLiteral("?");
}

WarpActions::WarpActions(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("warpActions"));
  row_ = new FlowLayout(this);
  row_->setContentsMargins(6, 2, 6, 2);
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
}

void WarpActions::setChoices(const QString& prompt, const std::vector<Choice>& choices) {
  while (auto* item = row_->takeAt(0)) {
    if (auto* w = item->widget()) {
      w->hide();  // gone at once for finders and painting; deleted by the event loop
      w->deleteLater();
    }
    delete item;
  }
  // The prompt on a row of its own, then the buttons flowing into as many rows as the width needs, so many or
  // long choices (Continuum directives, catches) never widen the window (issue 31).
  if (!prompt.isEmpty()) {
    auto* label = new QLabel(prompt, this);
    label->setObjectName(QStringLiteral("actionsPrompt"));
    label->setWordWrap(true);
    label->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    row_->addWidget(label);
    label->show();
  }
  int shortcut = 1;
  for (const auto& c : choices) {
    auto* b = new QPushButton(c.label, this);
    b->setObjectName(c.key);
    if (shortcut <= 9) {  // playable without a mouse: F1..F9 press the buttons left to right
      bindKey(b, QKeySequence(static_cast<int>(Qt::Key_F1) + shortcut - 1));  // at once (instant_key.h)
      b->setToolTip(QStringLiteral("F%1").arg(shortcut));
    }
    ++shortcut;
    connect(b, &QPushButton::clicked, this, [this, o = c.order] { emit chosen(o); });
    row_->addWidget(b);
    b->show();  // at once, not when the layout's queued show runs
  }
  prompt_ = prompt;
  updateGeometry();
}

}  // namespace concord::ui
