#include "ui/lobby/host_form.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QScrollArea>
#include <QVBoxLayout>

#include "ui/shell/module_ui.h"
#include "ui/shell/settings.h"

namespace concord::ui {

namespace {
const QString kOpen = QStringLiteral("open");
}

HostForm::HostForm(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("hostForm"));
  auto* h = new QHBoxLayout(this);
  // Left: the rules, scrollable (a module may have many options).
  auto* rulesBox = new QGroupBox(tr("Rules (locked at launch)"), this);
  auto* rv = new QVBoxLayout(rulesBox);
  module_ = new QComboBox(rulesBox);
  module_->setObjectName(QStringLiteral("hostModule"));
  rulesStack_ = new QStackedWidget(rulesBox);
  for (const auto& m : moduleUis()) {
    module_->addItem(m.title, QString::fromStdString(m.moduleId));
    RulesForm* form = m.makeRules ? m.makeRules(rulesStack_) : nullptr;
    if (!form) continue;
    rulesStack_->addWidget(form);
    connect(form, &RulesForm::changed, this, &HostForm::refresh);
  }
  auto* scroll = new QScrollArea(rulesBox);
  scroll->setWidget(rulesStack_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* mf = new QFormLayout;
  mf->addRow(tr("Game"), module_);
  rv->addLayout(mf);
  rv->addWidget(scroll, 1);
  h->addWidget(rulesBox, 3);
  // Right: the table.
  auto* tableBox = new QGroupBox(tr("Table"), this);
  auto* tv = new QVBoxLayout(tableBox);
  auto* form = new QFormLayout;
  name_ = new QLineEdit(personName(), tableBox);  // the profile's name (issue 31)
  name_->setObjectName(QStringLiteral("hostName"));
  name_->setMaxLength(32);
  seatCount_ = new QSpinBox(tableBox);
  seatCount_->setObjectName(QStringLiteral("hostSeats"));
  seatCount_->setRange(2, 8);
  seatCount_->setValue(4);
  clock_ = new QSpinBox(tableBox);
  clock_->setObjectName(QStringLiteral("hostClock"));
  clock_->setRange(0, 3600);
  clock_->setValue(120);
  clock_->setSuffix(tr(" s"));
  clock_->setSpecialValueText(tr("no turn clock"));
  clock_->setToolTip(tr("A person's time per turn; then their officer plays that turn. The others see them deciding, not silent."));
  port_ = new QSpinBox(tableBox);
  port_->setObjectName(QStringLiteral("hostPort"));
  port_->setRange(0, 65535);
  port_->setValue(27960);
  port_->setSpecialValueText(tr("any free port"));
  form->addRow(tr("Your name"), name_);
  form->addRow(tr("Captains"), seatCount_);
  form->addRow(tr("Turn clock"), clock_);
  form->addRow(tr("UDP port"), port_);
  invite_ = new QCheckBox(tr("Invite friends over the internet"), tableBox);
  invite_->setObjectName(QStringLiteral("hostInvite"));
  invite_->setToolTip(tr("Asks your router to open the UDP port (UPnP-IGD, NAT-PMP) and shows an invite code to send your "
                         "friends; only people with the code get in"));
  form->addRow(QString(), invite_);
  tv->addLayout(form);
  seatBox_ = new QWidget(tableBox);
  seatGrid_ = new QGridLayout(seatBox_);
  seatGrid_->setContentsMargins(0, 0, 0, 0);
  tv->addWidget(seatBox_);
  rated_ = new QCheckBox(tr("Rated sector"), tableBox);
  rated_->setObjectName(QStringLiteral("hostRated"));
  rated_->setChecked(true);
  banner_ = new QLabel(tableBox);
  banner_->setObjectName(QStringLiteral("ratedBanner"));
  banner_->setWordWrap(true);
  tv->addWidget(rated_);
  tv->addWidget(banner_);
  tv->addStretch(1);
  problem_ = new QLabel(tableBox);
  problem_->setObjectName(QStringLiteral("hostProblem"));
  problem_->setWordWrap(true);
  problem_->setStyleSheet(QStringLiteral("color: #b02020;"));
  host_ = new QPushButton(tr("Open the lobby"), tableBox);
  host_->setObjectName(QStringLiteral("hostButton"));
  host_->setDefault(true);
  tv->addWidget(problem_);
  tv->addWidget(host_);
  h->addWidget(tableBox, 2);
  connect(module_, &QComboBox::currentIndexChanged, this, [this](int i) {
    rulesStack_->setCurrentIndex(i);
    rebuildSeats();
  });
  connect(seatCount_, &QSpinBox::valueChanged, this, &HostForm::rebuildSeats);
  connect(rated_, &QCheckBox::toggled, this, &HostForm::refresh);
  connect(invite_, &QCheckBox::toggled, this, &HostForm::refresh);
  connect(port_, &QSpinBox::valueChanged, this, &HostForm::refresh);
  connect(host_, &QPushButton::clicked, this, &HostForm::hostRequested);
  rebuildSeats();
}

RulesForm* HostForm::rules() const { return qobject_cast<RulesForm*>(rulesStack_->currentWidget()); }

void HostForm::setSeatCount(int n) { seatCount_->setValue(n); }

void HostForm::setSeat(int s, const std::string& kindOrOpen) {
  if (s < 1 || static_cast<size_t>(s) >= seatKind_.size() || !seatKind_[static_cast<size_t>(s)]) return;
  auto* c = seatKind_[static_cast<size_t>(s)];
  c->setCurrentIndex(std::max(0, c->findData(QString::fromStdString(kindOrOpen))));
}

void HostForm::rebuildSeats() {
  std::vector<QString> keep;
  for (auto* c : seatKind_) keep.push_back(c ? c->currentData().toString() : QString());
  while (auto* item = seatGrid_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  seatKind_.assign(static_cast<size_t>(seatCount_->value()), nullptr);
  if (auto* r = rules()) seatCount_->setMaximum(std::max(2, r->maxSeats()));
  const auto kinds = rules() ? rules()->officerKinds() : std::vector<std::string>{};
  seatGrid_->addWidget(new QLabel(tr("Seat 0"), seatBox_), 0, 0);
  seatGrid_->addWidget(new QLabel(tr("You (the host)"), seatBox_), 0, 1);
  for (int s = 1; s < seatCount_->value(); ++s) {
    auto* c = new QComboBox(seatBox_);
    c->setObjectName(QStringLiteral("seatKind-%1").arg(s));
    c->addItem(tr("Open for a person"), kOpen);
    for (const auto& k : kinds) c->addItem(tr("AI officer: %1").arg(QString::fromStdString(k)), QString::fromStdString(k));
    if (static_cast<size_t>(s) < keep.size() && !keep[static_cast<size_t>(s)].isEmpty())
      c->setCurrentIndex(std::max(0, c->findData(keep[static_cast<size_t>(s)])));
    connect(c, &QComboBox::currentIndexChanged, this, &HostForm::refresh);
    seatGrid_->addWidget(new QLabel(tr("Seat %1").arg(s), seatBox_), s, 0);
    seatGrid_->addWidget(c, s, 1);
    seatKind_[static_cast<size_t>(s)] = c;
  }
  auto* openAs = new QComboBox(seatBox_);
  openAs->setObjectName(QStringLiteral("openSeatOfficer"));
  for (const auto& k : kinds) openAs->addItem(QString::fromStdString(k), QString::fromStdString(k));
  if (int i = openAs->findData(QStringLiteral("lieutenant")); i >= 0) openAs->setCurrentIndex(i);
  connect(openAs, &QComboBox::currentIndexChanged, this, &HostForm::refresh);
  seatGrid_->addWidget(new QLabel(tr("Open seats nobody takes at launch: AI officer"), seatBox_), seatCount_->value(), 0, 1, 1);
  seatGrid_->addWidget(openAs, seatCount_->value(), 1);
  refresh();
}

Result<HostChoice> HostForm::choice() const {
  HostChoice c;
  c.moduleId = module_->currentData().toString().toStdString();
  RulesForm* r = rules();
  if (!r) return Err("the client has no rules form for module '", c.moduleId, "'");
  auto opts = r->options();
  if (!opts) return opts.error();
  c.options = *opts;
  c.seats = static_cast<Seat>(seatCount_->value());
  c.seatOfficers.assign(c.seats, "");
  int persons = 1;
  std::vector<std::string> officers;
  for (Seat s = 1; s < c.seats; ++s) {
    const std::string k = seatKind_[s]->currentData().toString().toStdString();
    if (k == kOpen.toStdString()) {
      ++persons;
      continue;
    }
    c.aiSeats.push_back(s);
    c.seatOfficers[s] = k;
    officers.push_back(k);
  }
  if (auto* openAs = seatBox_->findChild<QComboBox*>(QStringLiteral("openSeatOfficer"))) c.openSeatOfficer = openAs->currentData().toString().toStdString();
  c.ratedAsked = rated_->isChecked();
  c.rated = c.ratedAsked && r->unratedBecause(persons, officers).isEmpty();
  c.turnClockMs = static_cast<uint64_t>(clock_->value()) * 1000;
  c.port = static_cast<uint16_t>(port_->value());
  c.invite = invite_->isChecked();
  if (c.invite && c.port == 0) return Err("Invite friends needs a fixed UDP port: the router maps one known port (27960 by default)");
  c.name = name_->text().trimmed().toStdString();
  if (c.name.empty()) return Err("give your name at the table");
  return c;
}

// RULES §VIII: the live rated / casual banner, and what keeps the table unrated.
void HostForm::refresh() {
  RulesForm* r = rules();
  if (r) seatCount_->setMaximum(std::max(2, r->maxSeats()));  // §II fleet caps follow the set
  auto c = choice();
  problem_->setText(c ? QString() : QString::fromStdString(c.message()));
  host_->setEnabled(c.ok());
  if (!r || !c) return;
  int persons = 1;
  std::vector<std::string> officers;
  for (Seat s = 1; s < c->seats; ++s)
    if (c->seatOfficers[s].empty()) ++persons;
    else officers.push_back(c->seatOfficers[s]);
  const QString why = r->unratedBecause(persons, officers);
  if (c->rated) {
    banner_->setText(tr("RATED SECTOR. TEI moves for every captain when the campaign completes. In play, comms are quick "
                        "hails only (RULES §IX)."));
    banner_->setStyleSheet(QStringLiteral("background: #1d5e2a; color: white; padding: 6px; font-weight: bold;"));
  } else {
    banner_->setText(tr("CASUAL SECTOR (unrated): %1. Full comms during play.")
                         .arg(!rated_->isChecked() ? tr("Rated sector is unchecked") : why));
    banner_->setStyleSheet(QStringLiteral("background: #8a5a00; color: white; padding: 6px; font-weight: bold;"));
  }
}

}  // namespace concord::ui
