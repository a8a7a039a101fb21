// leaf_batch.h — the leaves collected from one or many trees for ONE evaluator call
// (training/loop/README.md "Data flow", step 2). Each leaf keeps what the network needs (the decider's view
// and actions) and what the search needs back (the owning tree and the path to the leaf).
// Slots are reused from batch to batch, so a running worker allocates nothing here.
#pragma once

#include <span>
#include <vector>

#include "core/match_view.h"
#include "core/movegen.h"
#include "mcts/evaluator.h"
#include "mcts/tree.h"

namespace bh {

struct PendingLeaf {
  int owner = 0;                // which search (match slot) the leaf belongs to
  NodeIndex node = kRoot;
  bool upgrade = false;         // an Expanded node judged by the tactical evaluator (Judge)
  std::vector<NodeIndex> path;  // root ... node
  MatchView view;
  MoveList actions;
};

class LeafBatch {
 public:
  explicit LeafBatch(int capacity);

  int capacity() const { return int(leaves_.size()); }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == capacity(); }
  void clear() { size_ = 0; }

  // The next free slot, to be filled by a search; it joins the batch only on commit().
  PendingLeaf& next() { return leaves_[size_]; }
  void commit() { ++size_; }

  // One call to the evaluator for every leaf in the batch.
  void evaluate(Evaluator& evaluator);

  const PendingLeaf& leaf(int i) const { return leaves_[i]; }
  const Evaluation& result(int i) const { return results_[i]; }

 private:
  std::vector<PendingLeaf> leaves_;
  std::vector<EvalRequest> requests_;
  std::vector<Evaluation> results_;
  int size_ = 0;
};

}  // namespace bh
