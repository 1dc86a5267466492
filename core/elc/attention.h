// VC-3150: the two Attention Event classes this document adds to 13-command.md's Dispatch (CM-1720), both
// non-adaptable (CM-1790): a rival entering the Alarm (VC-2280) and an open Verdict offer (VC-2780). Their
// names were lost with the table; reconstructed as RivalAlarm and VerdictOffer (docs/rules-decisions.md).
#pragma once

#include <cstdint>
#include <string>

namespace concord::elc {

enum class AttentionClass : uint8_t { RivalAlarm = 0, VerdictOffer = 1 };

struct AttentionEvent {
  AttentionClass cls = AttentionClass::RivalAlarm;
  int32_t subject = -1;     // the rival in Alarm, or the Verdict's leader
  bool adaptable = false;   // CM-1790: never demoted — both classes are non-adaptable by VC-3150
  std::string text;
};

const char* attentionName(AttentionClass c);

}  // namespace concord::elc
