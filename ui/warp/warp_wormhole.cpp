#include "ui/warp/warp_wormhole.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "ui/shell/instant_key.h"

namespace concord::ui {

bool opensWormhole(const concord::warp::WarpGame& table, Seat me, const Order& order) {
  if (!table.config().lambda) return false;  // no Module Lambda at this table: nothing to ask
  concord::warp::WarpGame copy = table;
  const uint64_t from = copy.logTotal();
  if (!copy.act(me, order)) return false;
  for (const auto& line : copy.logSince(from))
    if (line.rfind("Wormhole!", 0) == 0) return true;
  return false;
}

WormholeConfirm::WormholeConfirm(QWidget* parent) : QFrame(parent) {
  setObjectName(QStringLiteral("wormholeConfirm"));
  setFrameShape(QFrame::StyledPanel);
  setStyleSheet(QStringLiteral("#wormholeConfirm { background: #3b1f5c; border: 2px solid #b07cff; border-radius: 8px; }"
                               "#wormholeConfirm QLabel { color: white; }"));
  text_ = new QLabel(this);
  text_->setObjectName(QStringLiteral("wormholeText"));
  text_->setWordWrap(true);
  auto* yes = new QPushButton(tr("Open Wormhole (Enter)"), this);
  yes->setObjectName(QStringLiteral("openWormhole"));
  auto* no = new QPushButton(tr("Cancel (Esc)"), this);
  no->setObjectName(QStringLiteral("cancelWormhole"));
  bindKey(yes, Qt::Key_Return);
  bindKey(no, Qt::Key_Escape);
  auto* h = new QHBoxLayout(this);
  h->addWidget(text_, 1);
  h->addWidget(yes);
  h->addWidget(no);
  connect(yes, &QPushButton::clicked, this, [this] {
    hide();
    emit confirmed(order_);
  });
  connect(no, &QPushButton::clicked, this, [this] {
    hide();
    emit cancelled();
  });
  hide();
}

void WormholeConfirm::ask(const Order& order, const QString& tileText) {
  order_ = order;
  text_->setText(tr("<b>Open Wormhole?</b> Your trail will become public.<br><small>Charting %1 on the Neutral Zone "
                    "swaps your Warp Trail with it; your beacon is lost in transit and you must answer the double "
                    "from your hand (RULES §VI Module Lambda).</small>")
                     .arg(tileText));
  show();
}

}  // namespace concord::ui
