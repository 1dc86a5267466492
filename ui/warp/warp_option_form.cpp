#include "ui/warp/warp_option_form.h"

#include <QFormLayout>

#include "core/warp/ai/officer.h"
#include "core/warp/config.h"

namespace concord::ui {

WarpOptionForm::WarpOptionForm(QWidget* parent) : OptionForm(parent) {
  setObjectName(QStringLiteral("warpOptions"));
  auto* form = new QFormLayout(this);
  seats_ = new QSpinBox(this);
  seats_->setObjectName(QStringLiteral("seats"));
  seats_->setRange(2, 8);
  seats_->setValue(4);
  officer_ = new QComboBox(this);
  officer_->setObjectName(QStringLiteral("officer"));
  for (auto k : concord::warp::ai::officerKinds()) officer_->addItem(QString::fromUtf8(k.data(), static_cast<qsizetype>(k.size())));
  officer_->setCurrentText(QStringLiteral("lieutenant"));
  seed_ = new QSpinBox(this);
  seed_->setObjectName(QStringLiteral("seed"));
  seed_->setRange(0, 999'999'999);
  seed_->setValue(1);
  table_ = new QLineEdit(this);
  table_->setObjectName(QStringLiteral("tableOptions"));
  table_->setPlaceholderText(tr("Official Warp preset (e.g. set=9 objective=goout)"));
  table_->setToolTip(QString::fromStdString(concord::warp::optionsHelp()));
  problem_ = new QLabel(this);
  problem_->setObjectName(QStringLiteral("optionProblem"));
  problem_->setWordWrap(true);
  problem_->setStyleSheet(QStringLiteral("color: #b02020;"));
  form->addRow(tr("Captains"), seats_);
  form->addRow(tr("Officers (RULES §VII)"), officer_);
  form->addRow(tr("Seed"), seed_);
  form->addRow(tr("Table options"), table_);
  form->addRow(problem_);
  connect(table_, &QLineEdit::textChanged, this, &WarpOptionForm::recheck);
}

Result<ConfigOptions> WarpOptionForm::options() const {
  ConfigOptions opts;
  for (const auto& word : table_->text().split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    auto eq = word.indexOf(QLatin1Char('='));
    if (eq <= 0) return Err("a table option is key=value, got '", word.toStdString(), "'");
    opts.emplace_back(word.left(eq).toStdString(), word.mid(eq + 1).toStdString());
  }
  if (auto cfg = concord::warp::parseOptions(opts); !cfg) return cfg.error();
  return opts;
}

void WarpOptionForm::recheck() {
  auto o = options();
  problem_->setText(o ? QString() : QString::fromStdString(o.message()));
}

}  // namespace concord::ui
