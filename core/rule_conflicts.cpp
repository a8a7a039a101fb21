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
constexpr std::array<Conflict, 6> kConflicts{{
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
}};

}  // namespace

RuleConflict rules_conflict(const RuleSet& rules) {
  for (const Conflict& c : kConflicts)
    if (c.holds(rules)) return {c.option, c.why};
  return {};
}

}  // namespace bh
