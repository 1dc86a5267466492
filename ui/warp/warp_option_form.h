// Warp's options for a new solo game: captains, the officers' commission (RULES §VII), an optional seed, and table options
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
  std::optional<uint64_t> seed() const override;

 private:
  void recheck();

  QSpinBox* seats_;
  QComboBox* officer_;
  QLineEdit* seed_;  // empty: a fresh random deal (issue 33)
  QLineEdit* table_;
  QLabel* problem_;
};

}  // namespace concord::ui
