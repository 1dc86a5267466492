#include "ui/warp/warp_rules_form.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <sstream>

#include "core/tei/match.h"
#include "core/warp/ai/officer.h"
#include "core/warp/config.h"
#include "table/tei_store/replay_match.h"

namespace concord::ui {

namespace {

// "k=v k=v ..." (warp::describeConfig) as a map.
std::map<std::string, std::string> words(const std::string& described) {
  std::map<std::string, std::string> m;
  std::istringstream in(described);
  std::string w;
  while (in >> w)
    if (auto eq = w.find('='); eq != std::string::npos) m[w.substr(0, eq)] = w.substr(eq + 1);
  return m;
}

}  // namespace

WarpRulesForm::WarpRulesForm(QWidget* parent) : RulesForm(parent) {
  setObjectName(QStringLiteral("warpRules"));
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  preset_ = new QComboBox(this);
  preset_->setObjectName(QStringLiteral("rule-preset"));
  preset_->addItem(tr("Official Warp rules (recommended, RULES §VI)"), QStringLiteral("official"));
  preset_->addItem(tr("Standard: Sections I–V only (tournament)"), QStringLiteral("standard"));
  auto* top = new QFormLayout;
  top->addRow(tr("Preset"), preset_);
  v->addLayout(top);
  auto* columns = new QHBoxLayout;
  QVBoxLayout* column[2] = {new QVBoxLayout, new QVBoxLayout};
  columns->addLayout(column[0], 1);
  columns->addLayout(column[1], 1);
  v->addLayout(columns);
  // Groups as the manual orders them: §II setup, Victory conditions, §V, then §VI's own grouping.
  addGroup("setup", tr("Mission setup (§II)"), {{{"set", "Warp set", "9|12|15|18"}, {"hand11", "7–8 captains deal 11", "bool"},
                                                {"starter", "Round-1 starter seat", "spin:0:17"}}});
  addGroup("objective", tr("Objective (Victory conditions)"),
           {{{"objective", "Objective", "points|goout"}, {"goout", "Go out mode", "sudden|fixed|firstto"},
             {"rounds", "Fixed rounds (0 = a full descent)", "spin:0:1000"}, {"firstto", "First to", "spin:1:100"},
             {"overtime", "Overtime", "force|offer"}}});
  addGroup("scoring", tr("End of round (§V)"), {{{"doubleblank", "Double-blank (0-0) scores", "0|25|50"}, {"allstop", "All Stop! ceremony", "bool"}}});
  addGroup("fracture", tr("Subspace Fracture (§VI)"), {{{"fracture", "Fracture scope", "off|own|captains|all"}}});
  addGroup("house", tr("House rules (§VI)"),
           {{{"impulse", "Drop to Impulse", "bool"}, {"catch", "Catch penalty (coordinates)", "1|2"},
             {"owntrailfirst", "Require own trail first", "bool"}, {"nzafteralltrails", "Neutral Zone after all trails started", "bool"},
             {"beaconanyplay", "Beacon clears on any play", "bool"}, {"startertwo", "Round starter plays two", "bool"},
             {"manualshields", "Manual shield control", "bool"}, {"passredalert", "Pass Red Alert without draw or beacon", "bool"}}});
  addGroup("modules", tr("Modules (§VI, by objective)"),
           {{{"continuum", "Alpha: The Continuum", "bool"}, {"salamander", "Beta: Salamander", "bool"},
             {"gamma", "Gamma: Long-Range Sensor Sweep", "bool"}, {"grid", "Gamma: Sensor Grid size", "4|5"},
             {"delta", "Delta: Hot Potato", "bool"}, {"epsilon", "Epsilon: Tactical Requisition", "bool"},
             {"squadrons", "Zeta: Fleet Squadrons (0 = off)", "0|2|3|4|5|6|7|8|9"}, {"eta", "Eta: Temporal Debt / Desperation Dig", "bool"},
             {"theta", "Theta: Longest Trail / Trail Momentum", "bool"}, {"iota", "Iota: Double Down", "bool"},
             {"kappa", "Kappa: Temporal Inversion / Hand Exchange (Warped)", "bool"}, {"lambda", "Lambda: Wormholes (Warped)", "bool"}}});
  // Two columns: setup, objective, scoring, fracture on the left; house rules and modules on the right.
  for (const char* g : {"setup", "objective", "scoring", "fracture", "house", "modules"}) {
    auto* box = findChild<QGroupBox*>(QStringLiteral("group-") + QString::fromUtf8(g));
    column[std::string(g) == "house" || std::string(g) == "modules" ? 1 : 0]->addWidget(box);
  }
  column[0]->addStretch(1);
  column[1]->addStretch(1);
  connect(preset_, &QComboBox::currentIndexChanged, this, [this] {
    lastGroup_ = "setup";
    resetToPreset();
  });
  resetToPreset();
}

void WarpRulesForm::addGroup(const std::string& key, const QString& title, const std::vector<std::array<const char*, 3>>& rows) {
  auto* box = new QGroupBox(title, this);
  box->setObjectName(QStringLiteral("group-") + QString::fromStdString(key));
  auto* form = new QFormLayout(box);
  form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
  for (const auto& [k, label, kind] : rows) {
    Field f;
    f.group = key;
    const QString name = QStringLiteral("rule-") + QString::fromUtf8(k);
    const std::string kinds = kind;
    if (kinds == "bool") {
      f.check = new QCheckBox(box);
      f.check->setObjectName(name);
      connect(f.check, &QCheckBox::toggled, this, [this, key] {
        lastGroup_ = key;
        recheck();
      });
      form->addRow(tr(label), f.check);
    } else if (kinds.rfind("spin:", 0) == 0) {
      f.spin = new QSpinBox(box);
      f.spin->setObjectName(name);
      const auto colon = kinds.find(':', 5);
      f.spin->setRange(std::stoi(kinds.substr(5, colon - 5)), std::stoi(kinds.substr(colon + 1)));
      connect(f.spin, &QSpinBox::valueChanged, this, [this, key] {
        lastGroup_ = key;
        recheck();
      });
      form->addRow(tr(label), f.spin);
    } else {
      f.combo = new QComboBox(box);
      f.combo->setObjectName(name);
      for (const auto& item : QString::fromUtf8(kind).split(QLatin1Char('|'))) f.combo->addItem(item);
      connect(f.combo, &QComboBox::currentIndexChanged, this, [this, key] {
        lastGroup_ = key;
        recheck();
      });
      form->addRow(tr(label), f.combo);
    }
    fields_[k] = f;
    order_.push_back(k);
  }
  auto* problem = new QLabel(box);
  problem->setObjectName(QStringLiteral("problem-") + QString::fromStdString(key));
  problem->setWordWrap(true);
  problem->setStyleSheet(QStringLiteral("color: #b02020; font-weight: bold;"));
  problem->hide();
  form->addRow(problem);
  problems_[key] = problem;
}

std::string WarpRulesForm::valueOf(const Field& f) const {
  if (f.check) return f.check->isChecked() ? "on" : "off";
  if (f.spin) return std::to_string(f.spin->value());
  return f.combo->currentText().toStdString();
}

void WarpRulesForm::setValue(Field& f, const std::string& v) {
  if (f.check) f.check->setChecked(v == "on");
  else if (f.spin) f.spin->setValue(std::stoi(v));
  else f.combo->setCurrentText(QString::fromStdString(v));
}

// Every option's value under the chosen preset, in the module's own words (describeConfig), the Go-out
// options included (they are described only when the objective is Go out).
std::map<std::string, std::string> WarpRulesForm::presetValues() const {
  warp::Config c = preset_->currentData().toString() == QLatin1String("standard") ? warp::standardPreset() : warp::officialPreset();
  auto m = words(warp::describeConfig(c));
  warp::Config goOut = c;
  goOut.objective = warp::Objective::GoOut;
  for (const auto& [k, v] : words(warp::describeConfig(goOut))) m.emplace(k, v);
  return m;
}

void WarpRulesForm::resetToPreset() {
  resetting_ = true;
  for (const auto& [k, v] : presetValues())
    if (auto it = fields_.find(k); it != fields_.end()) setValue(it->second, v);
  resetting_ = false;
  recheck();
}

bool WarpRulesForm::choose(const std::string& key, const std::string& value) {
  auto it = fields_.find(key);
  if (it == fields_.end()) return false;
  setValue(it->second, value);
  return true;
}

// The preset first (it resets every field), then each option that differs from it, as options() lists them.
bool WarpRulesForm::setOptions(const ConfigOptions& options) {
  bool known = true;
  for (const auto& [k, v] : options) {
    if (k != "preset") continue;
    const int i = preset_->findData(QString::fromStdString(v));
    if (i < 0) known = false;
    else preset_->setCurrentIndex(i);
  }
  resetToPreset();
  for (const auto& [k, v] : options)
    if (k != "preset") known = choose(k, v) && known;
  return known;
}

QString WarpRulesForm::problemIn(const std::string& group) const {
  auto it = problems_.find(group);
  return it == problems_.end() || it->second->isHidden() ? QString() : it->second->text();
}

Result<ConfigOptions> WarpRulesForm::options() const {
  ConfigOptions opts{{"preset", preset_->currentData().toString().toStdString()}};
  const auto preset = presetValues();
  for (const auto& k : order_) {
    const std::string v = valueOf(fields_.at(k));
    if (auto p = preset.find(k); p == preset.end() || p->second != v) opts.emplace_back(k, v);
  }
  if (auto cfg = warp::parseOptions(opts); !cfg) return cfg.error();
  return opts;
}

void WarpRulesForm::recheck() {
  if (resetting_) return;
  auto o = options();
  for (auto& [g, label] : problems_) label->hide();
  // The module's words, shown where the person chose last (RULES §VI: Epsilon is refused under Go out).
  if (!o) {
    auto* label = problems_.at(lastGroup_);
    label->setText(QString::fromStdString(o.message()));
    label->show();
  }
  // Go-out options mean something only under Go out.
  const bool goOut = valueOf(fields_.at("objective")) == "goout";
  for (const char* k : {"goout", "rounds", "firstto", "overtime"}) fields_.at(k).combo ? fields_.at(k).combo->setEnabled(goOut) : fields_.at(k).spin->setEnabled(goOut);
  emit changed();
}

QString WarpRulesForm::summary() const {
  auto o = options();
  if (!o) return tr("invalid rules");
  QString s = preset_->currentData().toString() == QLatin1String("standard") ? tr("Standard rules (§I–V)") : tr("Official Warp rules");
  QStringList changes;
  for (size_t i = 1; i < o->size(); ++i) changes << QString::fromStdString((*o)[i].first + "=" + (*o)[i].second);
  return changes.isEmpty() ? s : s + QStringLiteral(" + ") + changes.join(QLatin1Char(' '));
}

std::vector<std::string> WarpRulesForm::officerKinds() const {
  std::vector<std::string> k;
  for (auto kind : warp::ai::officerKinds()) k.emplace_back(kind);
  return k;
}

int WarpRulesForm::maxSeats() const {
  auto o = options();
  auto cfg = o ? warp::parseOptions(*o) : Result<warp::Config>(Err("invalid"));
  return cfg ? warp::maxFleet(cfg->maxPip) : 8;
}

// RULES §VIII (TEI §4): the table as it would finish, asked of core/tei's eligibility rules. Completion
// and the final standings are not known before launch, so E2 and E5 are not held against it.
QString WarpRulesForm::unratedBecause(int persons, const std::vector<std::string>& officers) const {
  auto o = options();
  if (!o) return tr("the rules are invalid");
  auto cfg = warp::parseOptions(*o);
  if (!cfg) return QString::fromStdString(cfg.message());
  tei::MatchRecord m;
  m.objective = cfg->objective == warp::Objective::GoOut ? tei::Objective::GoOut : tei::Objective::Points;
  m.maxPip = cfg->maxPip;
  m.completed = true;
  m.online = true;
  const std::pair<bool, const char*> mods[] = {{cfg->continuum, "alpha"}, {cfg->salamander, "beta"}, {cfg->gamma, "gamma"},
                                               {cfg->delta, "delta"},     {cfg->epsilon, "epsilon"},  {cfg->squadrons > 0, "zeta"},
                                               {cfg->eta, "eta"},         {cfg->theta, "theta"},      {cfg->iota, "iota"},
                                               {cfg->kappa, "kappa"},     {cfg->lambda, "lambda"}};
  for (const auto& [on, name] : mods)
    if (on) m.modules.emplace_back(name);
  int place = 1;
  for (int i = 0; i < persons; ++i) {
    tei::SeatRecord r;
    r.playerId = "captain" + std::to_string(i);
    r.placing = place++;
    m.seats.push_back(r);
  }
  for (const auto& k : officers) {
    tei::SeatRecord r;
    r.kind = tei::SeatKind::Ai;
    r.officer = tei::officerOfBotKind(k);
    r.placing = place++;
    m.seats.push_back(r);
  }
  QStringList why;
  for (const auto& x : tei::evaluateEligibility(m).exclusions)
    if (x.rule != tei::Rule::E2 && x.rule != tei::Rule::E5) why << QString::fromStdString(x.reason);
  return why.join(QStringLiteral("; "));
}

}  // namespace concord::ui
