// rule_conflicts.cpp — the table of option pairs that cannot be played together.
#include "core/rule_conflicts.h"

#include <array>

namespace bh {

namespace {

struct Conflict {
  bool (*holds)(const RuleSet&);
  const char* option;
  const char* why;
};

// Chess has no reserves, no drops and no partner (core/RULES.md "Standard chess").
constexpr std::array<Conflict, 14> kConflicts{{
    {[](const RuleSet& r) { return r.is_chess() && r.promotion == Promotion::FromReserve; },
     "promotion", "variant = chess with promotion = reserve: the piece would come from a reserve, and chess has none (no pawn could promote)"},
    {[](const RuleSet& r) { return r.is_chess() && r.drop_zone != DropZone::Anywhere; },
     "drop_zone", "variant = chess with a drop_zone: chess has no drops"},
    {[](const RuleSet& r) { return r.is_chess() && r.pawn_drop_first_rank; },
     "pawn_drop_first_rank", "variant = chess with pawn_drop_first_rank: chess has no drops"},
    {[](const RuleSet& r) { return r.is_chess() && r.dropped_rook_castles; },
     "dropped_rook_castles", "variant = chess with dropped_rook_castles: chess has no drops"},
    {[](const RuleSet& r) { return r.is_chess() && r.promoted_keep_rank; },
     "promoted_keep_rank", "variant = chess with promoted_keep_rank: in chess no captured piece passes to a partner"},
    {[](const RuleSet& r) { return r.pawn_drop_first_rank && r.drop_zone == DropZone::Middle; },
     "drop_zone", "pawn_drop_first_rank = true with drop_zone = middle: the middle zone (ranks 3-6) holds no first rank"},
    // core/RULES.md "King capture": nothing is check or mate, so no rule about them applies.
    {[](const RuleSet& r) { return r.king_capture && r.is_chess(); },
     "king_capture", "variant = chess with king_capture: standard chess follows FIDE's check and mate"},
    {[](const RuleSet& r) { return r.king_capture && (!r.drop_check || !r.drop_mate); },
     "king_capture", "king_capture = true with drop_check or drop_mate = false: without an obligation to answer a check no drop is a check or a mate to forbid"},
    {[](const RuleSet& r) { return r.king_capture && r.mate_rule == MateRule::Classic; },
     "king_capture", "king_capture = true with mate_rule = classic: under king capture nothing is mate, the king is taken"},
    // core/RULES.md "Three or more boards": the forms a table of three or more boards
    // does not play (yet).
    {[](const RuleSet& r) { return r.boards > 2 && r.is_chess(); },
     "boards", "variant = chess with boards above 2: standard chess is one board's game"},
    {[](const RuleSet& r) { return r.boards > 2 && r.both_games; },
     "boards", "boards above 2 with both_games: a table of three or more boards ends with its first game"},
    {[](const RuleSet& r) { return r.boards > 2 && r.promotion == Promotion::FromReserve; },
     "boards", "boards above 2 with promotion = reserve: on three or more boards nobody decides which team-mate of the opponent receives the exchanged pawn"},
    {[](const RuleSet& r) { return r.boards > 2 && r.repetition_draw != DrawRule::Off; },
     "boards", "boards above 2 with repetition_draw: a table of three or more boards counts no repetitions"},
    {[](const RuleSet& r) { return r.boards > 2 && r.fifty_move_draw != DrawRule::Off; },
     "boards", "boards above 2 with fifty_move_draw: a table of three or more boards has no fifty-move draw"},
}};

}  // namespace

RuleConflict rules_conflict(const RuleSet& rules) {
  for (const Conflict& c : kConflicts)
    if (c.holds(rules)) return {c.option, c.why};
  return {};
}

}  // namespace bh
