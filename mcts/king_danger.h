// king_danger.h — how exposed a king is to a bughouse attack, in Sunsetter centipawns
// (mcts/material.h). Bughouse games are mostly won by mating drops next to the king
// (core/RULES.md "Reserves and drops"), so the squares around it that the enemy attacks
// or that stand empty for a drop weigh more the more the enemy holds in hand. A heuristic
// for evaluators without a network (mcts/simple_evaluators.h), not a rule.
#pragma once

#include "core/board.h"
#include "core/types.h"

namespace bh {

struct KingDangerWeights {
  int attacked_square = 30;  // per square next to the king that an enemy piece attacks
  int empty_square = 10;     // per empty square next to the king (a drop can land there)
  int hand_scale = 400;      // enemy material in hand that doubles the danger
};

// Danger to the king of colour c on `board`: (attacked and empty squares next to it)
// scaled by 1 + the enemy's material in hand / hand_scale.
int king_danger(const Board& board, Color c, const KingDangerWeights& w = {});

}  // namespace bh
