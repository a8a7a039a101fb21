// proof.h — what the search knows exactly about an action or a node: nothing yet, or
// that it wins, draws or loses for a given team (mcts/README.md "Proofs"). A proof is
// always stated for one team, like the values of mcts/search.h, and changes sides only
// where the team changes (core/RULES.md "Table and teams": A-white and B-black are one
// team, so consecutive plies of that pair share their proofs unchanged).
#pragma once

#include <cstdint>

#include "core/types.h"

namespace bh {

enum class Proof : std::uint8_t { Unknown, Win, Draw, Loss };

constexpr bool proven(Proof p) { return p != Proof::Unknown; }

// A finished match's result for a team (+1, 0, -1) as a proof.
constexpr Proof proof_of_result(float result) {
  return result > 0 ? Proof::Win : result < 0 ? Proof::Loss : Proof::Draw;
}

// The exact value of a proven result: +1, 0 or -1 (0 for Unknown, which has none).
constexpr float proof_value(Proof p) { return p == Proof::Win ? 1.0f : p == Proof::Loss ? -1.0f : 0.0f; }

// `p`, stated for team `owner`, as team `viewer` sees it (the rule of value_for()).
constexpr Proof proof_for(Team viewer, Team owner, Proof p) {
  if (viewer == owner) return p;
  return p == Proof::Win ? Proof::Loss : p == Proof::Loss ? Proof::Win : p;
}

}  // namespace bh
