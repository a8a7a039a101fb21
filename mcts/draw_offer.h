// draw_offer.h — how a computer player answers a draw offer (core/RULES.md "End of the
// match": a draw by agreement). It judges by its latest finished search: it accepts unless
// that search rates its team ahead by more than kComputerDrawMargin on the value scale
// (-1 lost .. +1 won). The live tables (training/live/draw_agreement.h) and the xboard
// engine (training/engine/cecp_engine.h) both answer by this rule.
#pragma once

namespace bh {

inline constexpr float kComputerDrawMargin = 0.15f;

// `team_value`: the latest search's value for the computer's own team.
constexpr bool search_accepts_draw(float team_value) { return team_value <= kComputerDrawMargin; }

}  // namespace bh
