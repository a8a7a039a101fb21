// search.h — Monte Carlo tree search over a GameState: PUCT selection with first-play
// urgency, Dirichlet noise at the root, virtual loss so one tree yields several leaves per
// batch, optional Gumbel root selection with sequential halving, tree reuse between
// decisions of the same match, and the move choice with a temperature.
//
// A Search does not call the network itself: collect() puts leaves into a LeafBatch that
// may hold leaves of many searches (self-play advances dozens of matches at once), the
// owner evaluates the batch once, and finish() hands each result back to its search.
// run_search() does the whole loop for one tree and one evaluator.
//
// Values: a node's statistics are seen by the team that chose it (its parent's decider).
// Backing a value up the path, its sign changes only where the team to move changes:
// A-white followed by B-black is the same team (core/RULES.md "Table and teams").
//
// Proofs (MCTS-solver, mcts/solver.h): a finished match or a decider's mate in one is an
// exact result; it is kept on the edge that leads there and settles the ancestors it
// decides. A simulation stops at a proven edge and backs up its exact value, so search
// never samples below a proof; a proven loss is chosen only when everything loses, a
// proven win at once. The root's mates in one are found when it is expanded, so even a
// one-visit search plays a mate. mcts/README.md "Proofs" says what the choice and the
// policy target make of proofs.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "mcts/evaluator.h"
#include "mcts/game_state.h"
#include "mcts/leaf_batch.h"
#include "mcts/proof.h"
#include "mcts/puct.h"
#include "mcts/rng.h"
#include "mcts/search_config.h"
#include "mcts/simple_evaluators.h"
#include "mcts/tree.h"

namespace bh {

// What one decision's search is asked to do (self-play varies it per move: playout cap).
struct SearchParams {
  int visits = 64;     // PUCT: root visits to reach; Gumbel: simulations (reuse counts)
  bool noise = false;  // Dirichlet noise (PUCT) or Gumbel noise (Gumbel) at the root
  // `visits` more than a kept subtree already holds: the search's own budget (otherwise
  // a kept subtree counts towards it, and a search after a well-explored line adds few
  // visits or none).
  bool visits_on_top = false;
  // False: a fresh tree even where the last search's subtree could be kept, so that the
  // visit distribution (a policy target) is made whole under this search's root noise.
  bool keep_tree = true;
};

struct ChildStat {
  Move move;
  float prior = 0;          // as searched (with noise, if any)
  std::uint32_t visits = 0;
  float q = 0;              // for the deciding team; 0 when unvisited; exact when proven
  Proof proof = Proof::Unknown;  // for the deciding team
};

struct SearchResult {
  Seat seat = AWhite;
  std::vector<ChildStat> children;  // every action of the root, in generation order
  // The policy target over `children`, summing to 1. A proven win or draw puts all of it
  // on the actions that achieve it; proven losses get none while anything else is open.
  std::vector<float> policy;
  Move best;                        // the choice at temperature 0 (a proven win if any)
  float value = 0;                  // the root's value for the seat's team; exact when proven
  std::uint32_t visits = 0;         // root visits
  Proof proof = Proof::Unknown;     // the root's, for the seat's team
};

class Search {
 public:
  explicit Search(const SearchConfig& config, std::uint64_t seed = 0);

  const SearchConfig& config() const { return config_; }
  // Seeds the generator of noise, Gumbel draws and temperature choices.
  void seed(std::uint64_t s) { rng_.reseed(s); }

  // Prepares a search of `state`'s decision (not over). Keeps the tree when advance()
  // led it to this same decision (same seat, same boards), else starts afresh.
  void start(const GameState& state, const SearchParams& params);
  // Puts at most one leaf that needs the network into `batch`, tagged with `owner`.
  // Simulations that end in a finished match are backed up at once on the way. Returns
  // false when this tree can give no more leaves now (budget reached, or its next
  // simulation would collide with a leaf already in the batch).
  bool collect(LeafBatch& batch, int owner);
  // Expands a leaf this search put into the batch with its evaluation, and backs it up.
  void finish(const PendingLeaf& leaf, const Evaluation& eval);
  // The budget is spent and nothing is in flight.
  bool done() const;

  SearchResult result() const;
  // The action to play: Gumbel's winner, or at temperature > 0 a draw proportional to
  // visits^(1/temperature) that never picks a proven loss while another action is open.
  // A proven win or draw at the root is played as `best`, whatever the temperature.
  Move choose(const SearchResult& result, float temperature);

  // `seat` played `action` in the match the tree follows: keep that subtree (tree reuse),
  // or forget the tree when it does not have it.
  void advance(Seat seat, Move action);
  void reset();

  const Tree& tree() const { return tree_; }
  // Simulations backed up since construction (the bench's node count).
  std::uint64_t simulations() const { return simulations_; }

 private:
  // Leaf: a leaf for the network. Exact: a finished match or a proof, backed up at once.
  // Blocked: the next leaf is already in the batch.
  enum class Descent { Leaf, Exact, Blocked };
  bool budget_reached() const;
  Descent descend(PendingLeaf& leaf);
  Descent reach_fresh(PendingLeaf& leaf, GameState& s, std::uint32_t edge, Team chooser);
  bool earned_network(const Node& node) const;
  void ask_upgrade(PendingLeaf& leaf, NodeIndex n, const MatchView& view);
  Descent judge_tactically(PendingLeaf& leaf);
  void expand(NodeIndex n, Seat decider, const MoveList& actions, const Evaluation& eval);
  void set_priors(const Node& node, const Evaluation& eval);
  void upgrade(const PendingLeaf& leaf, const Evaluation& eval);
  void prove(const std::vector<NodeIndex>& path, std::uint32_t edge, Proof proof, Team chooser);
  void mark_root_mates();
  int select_root();
  int select_puct(NodeIndex n, Team seen_by) const;
  int select_gumbel();
  void count_gumbel(int edge);
  void apply_proofs(SearchResult& r) const;
  std::vector<bool> proof_choices(const SearchResult& r) const;
  void undo(const std::vector<NodeIndex>& path);
  void backup(const std::vector<NodeIndex>& path, float value, Team owner);
  void prepare_root();
  void add_root_noise();
  void init_gumbel();
  void halve();
  double gumbel_score(std::uint32_t e, std::uint32_t max_visits) const;
  std::vector<float> completed_q() const;
  float child_q(std::uint32_t edge) const;

  SearchConfig config_;
  Tree tree_;
  Rng rng_;
  std::optional<GameState> root_state_;  // the root's decision, think times by expectation
  std::optional<GameState> scratch_;     // the state walked down during a descent
  // The first judge of nodes under SearchConfig::net_visits (null when 0).
  std::unique_ptr<TacticalEvaluator> tactical_;
  std::vector<Evaluation> tactical_out_;
  SearchParams params_;
  bool started_ = false;
  bool root_prepared_ = false;
  bool root_noised_ = false;
  std::uint64_t simulations_ = 0;

  // Gumbel root state: per root edge the drawn g, the candidates still in the halving, and
  // simulations started per edge in the current phase.
  std::vector<float> gumbel_;
  std::vector<std::uint32_t> candidates_;
  std::vector<std::uint32_t> phase_started_;
  int phase_quota_ = 1;
  int phases_ = 1;
  int sims_budget_ = 0;
  int sims_started_ = 0;
  int gumbel_edge_ = -1;  // root edge chosen by the current descent
};

// The whole search of one decision with one evaluator (players, bench, tests), batching
// up to config.max_leaves_per_tree leaves per call (virtual loss).
SearchResult run_search(Search& search, const GameState& state, const SearchParams& params,
                        Evaluator& evaluator, LeafBatch& batch);

}  // namespace bh
