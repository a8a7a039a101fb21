// run_state.cpp — RunState <-> checkpoint metadata (strings by key).
#include "training/loop/run_state.h"

#include <charconv>
#include <stdexcept>

namespace bh {

namespace {

std::string number_text(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back exactly
  return std::string(buf, r.ptr);
}

double number_at(const CheckpointMeta& m, const char* key, double fallback) {
  auto it = m.extra.find(key);
  if (it == m.extra.end()) return fallback;
  try {
    return std::stod(it->second);
  } catch (const std::exception&) {
    throw std::runtime_error(std::string("checkpoint metadata: ") + key + " = \"" + it->second + "\" is not a number");
  }
}

}  // namespace

CheckpointMeta RunState::meta(const std::string& config_text, const std::string& revision) const {
  CheckpointMeta m;
  m.generation = generation;
  m.config_text = config_text;
  m.extra = {{"best_generation", std::to_string(best_generation)}, {"elo", number_text(elo)},
             {"best_elo", number_text(best_elo)}, {"best_elo_variance", number_text(best_elo_variance)},
             {"highest_vs_greedy", number_text(highest_vs_greedy)},
             {"bar_vs_tactical", number_text(bar_vs_tactical)},
             {"elapsed_s", number_text(elapsed_s)}, {"session", std::to_string(session)},
             {"broker_entry", broker_entry}, {"revision", revision}};
  return m;
}

RunState RunState::from(const CheckpointMeta& m) {
  RunState s;
  s.generation = m.generation;
  s.best_generation = std::int64_t(number_at(m, "best_generation", double(m.generation)));
  s.elo = number_at(m, "elo", 0);
  s.best_elo = number_at(m, "best_elo", 0);
  s.best_elo_variance = number_at(m, "best_elo_variance", 0);
  // Older checkpoints kept the best net's own scores (best_vs_*), then the highest a
  // promoted net had shown (highest_vs_tactical).
  s.highest_vs_greedy = number_at(m, "highest_vs_greedy", number_at(m, "best_vs_greedy", -1));
  s.bar_vs_tactical =
      number_at(m, "bar_vs_tactical", number_at(m, "highest_vs_tactical", number_at(m, "best_vs_tactical", -1)));
  s.elapsed_s = number_at(m, "elapsed_s", 0);
  s.session = std::int64_t(number_at(m, "session", 0));
  if (auto it = m.extra.find("broker_entry"); it != m.extra.end()) s.broker_entry = it->second;
  return s;
}

}  // namespace bh
