// The host's invitation in the lobby (issue 25: Invite friends): the invite code, selectable and in a monospace
// font so it reads aloud and pastes whole, a Copy button (the system clipboard), the router's line (the mapped
// address, or that no router answered) and how friends use the code.
#pragma once

#include <QLabel>
#include <QPushButton>
#include <QWidget>

namespace concord::ui {

class InvitePanel : public QWidget {
  Q_OBJECT
 public:
  explicit InvitePanel(QWidget* parent = nullptr);
  /// While the router is asked (about 2 s when none answers).
  void asking(uint16_t port);
  void showCode(const QString& code, const QString& routerLine);
  /// Not an inviting table: hidden.
  void clear();
  bool active() const { return active_; }
  QString code() const { return code_->text(); }
  QLabel& codeLabel() { return *code_; }
  QLabel& routerLine() { return *router_; }
  QPushButton& copyButton() { return *copy_; }

 private:
  QLabel* code_;
  QLabel* router_;
  QLabel* how_;
  QPushButton* copy_;
  bool active_ = false;
};

}  // namespace concord::ui
