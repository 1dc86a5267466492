// Every Warp order other than charting from hand, as buttons shown only when legal (draw, beacon, pass,
// Drop to Impulse!, catch, Continuum choices, spool, dig, sweep, exchange, votes), plus the route choice when
// a clicked coordinate fits more than one line. Labels are the manual's words.
#pragma once

#include <QString>
#include <QWidget>
#include <vector>

#include "core/game/game.h"
#include "core/warp/orders.h"



namespace concord::ui {

class FlowLayout;

/// A button's words for a decoded Warp order from `me`'s point of view ("Draw from Uncharted Sectors").
QString warpOrderLabel(const concord::warp::Decoded& d, Seat me);
/// A route as a person reads it: "your trail", "the Neutral Zone", "Captain 2's trail".
QString warpRouteLabel(const concord::warp::Route& r, Seat me);
/// The object name tests find a button by: "action-draw", "action-catch-2", "route-nz", ...
QString warpOrderKey(const concord::warp::Decoded& d);

class WarpActions : public QWidget {
  Q_OBJECT
 public:
  explicit WarpActions(QWidget* parent = nullptr);
  struct Choice {
    QString key, label;
    Order order;
  };
  /// Replaces the buttons; `prompt` is shown before them ("Chart 5-3 on:").
  void setChoices(const QString& prompt, const std::vector<Choice>& choices);
  /// The prompt last shown ("Chart 5-3 on:" while a route question is up).
  const QString& prompt() const { return prompt_; }

 signals:
  void chosen(const concord::Order& order);

 private:
  FlowLayout* row_;
  QString prompt_;
};

}  // namespace concord::ui
