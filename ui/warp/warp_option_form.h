// Warp's options for a new solo game: captains, the officers' commission (RULES §VII), seed, and table options
// as key=value (the Official Warp preset when empty), checked by warp::parseOptions as `concord play` does.
#pragma once

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include "ui/shell/module_ui.h"

namespace concord::ui {

class WarpOptionForm : public OptionForm {
  Q_OBJECT
 public:
  explicit WarpOptionForm(QWidget* parent = nullptr);
  Result<ConfigOptions> options() const override;
  Seat seats() const override { return static_cast<Seat>(seats_->value()); }
  std::string officer() const override { return officer_->currentText().toStdString(); }
  uint64_t seed() const override { return static_cast<uint64_t>(seed_->value()); }

 private:
  void recheck();

  QSpinBox* seats_;
  QComboBox* officer_;
  QSpinBox* seed_;
  QLineEdit* table_;
  QLabel* problem_;
};

}  // namespace concord::ui
