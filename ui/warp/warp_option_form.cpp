#include "ui/warp/warp_option_form.h"

#include <QFormLayout>
#include <QIntValidator>

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
  // Empty by default: a fresh random deal, rated; a chosen one may be a known deal, so it is casual (RULES §VIII).
  seed_ = new QLineEdit(this);
  seed_->setObjectName(QStringLiteral("seed"));
  seed_->setValidator(new QIntValidator(0, 999'999'999, seed_));
  seed_->setPlaceholderText(tr("(optional: a chosen deal is casual)"));
  seed_->setToolTip(tr("Empty: a fresh random sector, TEI-rated. A number: that deal again, casual (not rated)."));
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
  connect(seats_, &QSpinBox::valueChanged, this, &OptionForm::changed);
  connect(officer_, &QComboBox::currentIndexChanged, this, &OptionForm::changed);
  connect(seed_, &QLineEdit::textChanged, this, &OptionForm::changed);
}

std::optional<uint64_t> WarpOptionForm::seed() const {
  bool ok = false;
  const qulonglong n = seed_->text().trimmed().toULongLong(&ok);
  return ok ? std::optional<uint64_t>(n) : std::nullopt;
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
  emit changed();
}

}  // namespace concord::ui
