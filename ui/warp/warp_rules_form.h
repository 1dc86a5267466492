// Warp's rules for a networked lobby: every table option, grouped as RULES §VI groups them (the Official
// preset, Subspace Fracture, house rules, Modules by objective) after §II setup, the victory conditions and
// §V scoring. The Official Warp preset is the default. Every change is checked by warp::parseOptions (the
// module's own validation); an invalid combination (Epsilon with Go-out) is explained under the group of
// the option just chosen. RULES §VIII: the rated / casual banner asks core/tei's eligibility rules.
#pragma once

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <array>
#include <map>

#include "ui/shell/rules_form.h"

namespace concord::ui {

class WarpRulesForm : public RulesForm {
  Q_OBJECT
 public:
  explicit WarpRulesForm(QWidget* parent = nullptr);
  Result<ConfigOptions> options() const override;
  bool setOptions(const ConfigOptions& options) override;
  QString summary() const override;
  std::vector<std::string> officerKinds() const override;
  int maxSeats() const override;
  QString unratedBecause(int persons, const std::vector<std::string>& officers) const override;

  /// Sets one option as a person would (tests, scenes): "objective", "goout"; false if no such option.
  bool choose(const std::string& key, const std::string& value);
  /// The explanation shown under a group ("" when none), by group key ("setup", "modules"...).
  QString problemIn(const std::string& group) const;

 private:
  struct Field {
    std::string group;
    QCheckBox* check = nullptr;
    QComboBox* combo = nullptr;
    QSpinBox* spin = nullptr;
  };
  void addGroup(const std::string& key, const QString& title, const std::vector<std::array<const char*, 3>>& rows);
  std::string valueOf(const Field& f) const;
  void setValue(Field& f, const std::string& v);
  void resetToPreset();
  void recheck();
  std::map<std::string, std::string> presetValues() const;

  QComboBox* preset_;
  std::map<std::string, Field> fields_;             // option key -> its control
  std::vector<std::string> order_;                  // option keys in form order
  std::map<std::string, QLabel*> problems_;         // group key -> its explanation
  std::string lastGroup_ = "modules";               // where the person chose last
  bool resetting_ = false;
};

}  // namespace concord::ui
