// validation.h — a run's held-out positions: recorded matches the run never trains on
// ([evaluation] validation, e.g. configs/validation.bpgn: engines' matches), measured after
// every generation. The net's figures: its value loss against each match's result (as
// Trainer::measure gives it, and as the binary cross-entropy of its expected score) and
// how often its policy's first choice is the move played. Beside them, computed once, the
// tactical evaluator's on the same positions: its score squashed to a win probability,
// sigmoid(score / scale), with the scale fitted to these positions (the best it can do),
// and how often its highest prior is the move played: the lines the net must beat.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "mcts/chunk.h"
#include "training/loop/trainer.h"
#include "training/loop/training_batch.h"
#include "training/report/json_line.h"

namespace bh {

class Validation {
 public:
  // Every decision with an alternative of the file's finished matches (bpgn_import.h),
  // replayed under `targets.rules`. A match that cannot be used is skipped and named in
  // `skipped`; throws std::runtime_error naming the file when it cannot be read or holds
  // no usable match.
  Validation(const std::filesystem::path& bpgn, const BatchTargets& targets, std::vector<std::string>& skipped);

  std::size_t positions() const { return samples_.size(); }
  double tactical_scale() const { return tactical_scale_; }
  double tactical_score_loss() const { return tactical_score_loss_; }
  double tactical_top1() const { return tactical_top1_; }

  // The net's losses on every position (in batches, the net left as it was).
  StepStats measure(Trainer& trainer) const;
  // measure() and the tactical evaluator's figures into a generation's line: val_*.
  void report(Trainer& trainer, JsonLine& line) const;

 private:
  std::vector<Sample> samples_;
  BatchTargets targets_;
  double tactical_scale_ = 0, tactical_score_loss_ = 0, tactical_top1_ = 0;
};

// The binary cross-entropy of win probabilities sigmoid(score / scale) against expected
// scores (1 win, 0.5 draw, 0 loss), averaged.
double sigmoid_score_loss(const std::vector<double>& scores, const std::vector<double>& targets, double scale);
// The scale in [10, 10000] that minimises sigmoid_score_loss (golden-section search on its
// logarithm; the loss is unimodal in it).
double fit_score_scale(const std::vector<double>& scores, const std::vector<double>& targets);

}  // namespace bh
