// The modules with a client. Adding Every Last City or W.E.B.: one entry with its table view and option form.
#include "ui/shell/module_ui.h"
#include "ui/warp/warp_option_form.h"
#include "ui/warp/warp_rules_form.h"
#include "ui/warp/warp_table_view.h"

namespace concord::ui {

const std::vector<ModuleUi>& moduleUis() {
  static const std::vector<ModuleUi> all = {
      {"warp", QStringLiteral("Warp"), [](QWidget* p) -> TableView* { return new WarpTableView(p); },
       [](QWidget* p) -> OptionForm* { return new WarpOptionForm(p); }, warpRoundOf,
       [](QWidget* p) -> RulesForm* { return new WarpRulesForm(p); }},
  };
  return all;
}

Result<const ModuleUi*> moduleUi(std::string_view id) {
  std::string known;
  for (const auto& m : moduleUis()) {
    if (m.moduleId == id) return &m;
    known += (known.empty() ? "" : ", ") + m.moduleId;
  }
  return Err("the client has no table for module '", id, "' (it has: ", known, ")");
}

}  // namespace concord::ui
