// Module Lambda's UI (the Lambda design doc §6.3): which chart opens a Wormhole — asked of the engine on the
// seat's own redacted table, never decided here — and the confirmation "Open Wormhole? Your trail will become
// public." shown before such an order is sent.
#pragma once

#include <QFrame>

#include "core/game/game.h"
#include "core/warp/state.h"

class QLabel;

namespace concord::ui {

/// True when `order` by `me` would open a Wormhole: the order is applied to a copy of the seat's table
/// (ai::tableOf: what the seat may know) and its log read for the engine's own "Wormhole!" line.
bool opensWormhole(const concord::warp::WarpGame& table, Seat me, const Order& order);

class WormholeConfirm : public QFrame {
  Q_OBJECT
 public:
  explicit WormholeConfirm(QWidget* parent = nullptr);
  /// Asks about `order` (charting `tileText`); confirmed(order) or cancelled() follows.
  void ask(const Order& order, const QString& tileText);
  bool asking() const { return isVisible(); }
  const Order& order() const { return order_; }

 signals:
  void confirmed(const concord::Order& order);
  void cancelled();

 private:
  QLabel* text_;
  Order order_;
};

}  // namespace concord::ui
