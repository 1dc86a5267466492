#include "ui/warp/warp_tally.h"

#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

namespace concord::ui {

WarpTally::WarpTally(QWidget* parent) : QWidget(parent) {
  text_ = new QLabel(this);
  text_->setObjectName(QStringLiteral("tally"));
  text_->setWordWrap(true);
  text_->setTextFormat(Qt::PlainText);
  all_ = new QPushButton(tr("Show the whole tally (T)"), this);
  all_->setObjectName(QStringLiteral("tallyAll"));
  all_->setShortcut(Qt::Key_T);
  timer_ = new QTimer(this);
  // A long tally (8 captains) scrolls instead of being cut by the window's bottom edge.
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(text_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setMinimumHeight(110);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(scroll, 1);
  v->addWidget(all_);
  connect(all_, &QPushButton::clicked, this, &WarpTally::showAll);
  connect(timer_, &QTimer::timeout, this, [this] {
    if (++shown_ >= total()) timer_->stop();
    render();
  });
  setVisible(false);
}

void WarpTally::setLines(const QStringList& lines) {
  if (lines == lines_) return;
  lines_ = lines;
  timer_->stop();
  shown_ = stepMs_ > 0 ? std::min(1, total()) : total();
  if (shown_ < total()) timer_->start(stepMs_);
  render();
}

void WarpTally::showAll() {
  timer_->stop();
  shown_ = total();
  render();
}

void WarpTally::render() {
  setVisible(!lines_.isEmpty());
  QString text = tr("Last round's tally:");
  for (int i = 0; i < shown_ && i < total(); ++i) text += QLatin1Char('\n') + lines_[i];
  text_->setText(text);
  all_->setVisible(shown_ < total());
}

}  // namespace concord::ui
