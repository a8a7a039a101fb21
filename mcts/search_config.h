// search_config.h — the knobs of one tree search (PUCT with first-play urgency, Dirichlet
// noise, virtual loss, Gumbel root selection, tree reuse). Self-play, players and the bench
// share it; training/config.h reads it from the [search] section.
#pragma once

#include <cstdint>

namespace bh {

struct SearchConfig {
  // Root visits of a full search (a reused subtree's visits count towards it).
  int visits = 64;

  // PUCT exploration: c(N) = cpuct + cpuct_factor * log((N + cpuct_base + 1) / cpuct_base)
  // (AlphaZero's growing constant).
  float cpuct = 1.25f;
  float cpuct_base = 19652.0f;
  float cpuct_factor = 1.0f;
  // First-play urgency: an unvisited child is valued at the parent's Q minus
  // reduction * sqrt(prior mass of the visited children) (Leela Chess Zero).
  float fpu_reduction = 0.25f;
  float fpu_root_reduction = 0.0f;  // at the root (with noise, every child should get a look)

  // Dirichlet noise on the root priors when a search asks for noise (self-play):
  // P = (1 - epsilon) P + epsilon Dir(alpha / number of actions) (KataGo's scaling).
  float dirichlet_alpha = 10.0f;
  float dirichlet_epsilon = 0.25f;

  // Virtual loss: each simulation in flight through a node counts as this many losses for
  // the team choosing it, so that one tree yields several different leaves per batch.
  float virtual_loss = 1.0f;
  // At most this many leaves of one tree in one evaluator batch.
  int max_leaves_per_tree = 4;

  // Gumbel root selection with sequential halving (Danihelka et al. 2022) instead of PUCT
  // at the root: better policy targets with few simulations.
  bool gumbel = false;
  int gumbel_m = 16;             // actions sampled for the halving
  float gumbel_c_visit = 50.0f;  // sigma(q) = (c_visit + max N) * c_scale * q
  float gumbel_c_scale = 1.0f;

  // The wait action (core/RULES.md "Check, mate and waiting": sitting) is offered to movers in
  // timed matches. (Self-play builds its TurnModel from this; players take a TurnModel.)
  bool allow_wait = true;
  // Keep the subtree of the action played when the next decision is the one the tree
  // expected (same seat, same boards).
  bool reuse_tree = true;

  // Lazy network (mcts/README.md "Lazy network"): 0, the evaluator judges every node it
  // reaches; k > 0, a node other than the root is first judged by the tactical evaluator
  // (a hundred times cheaper than a network on a CPU) and handed to the evaluator when a
  // simulation passes it after k visits. Meant for networks; with a hand-written evaluator
  // it only repeats the work.
  int net_visits = 0;
  // The scale of that tactical first look, tanh(score / scale): the network's own when it
  // is a tactical residual (nn/SPEC.md "Tactical residual"), so that the two judges of one
  // tree answer on one scale and the correction at an upgrade is the network's alone. 0:
  // the tactical evaluator's (kTacticalValueScale). Not a [search] key: whoever loads the
  // network sets it (ModelSource::search_config, for players and self-play alike).
  double tactical_scale = 0;
  // Whether that first look counts the pieces' placement (mcts/placement.h): the network's
  // own tactical terms (nn/net_config.h tactical_placement); set with tactical_scale.
  bool tactical_placement = true;

  // Throws std::invalid_argument naming the first field out of range.
  void validate() const;
};

}  // namespace bh
