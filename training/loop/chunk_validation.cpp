// chunk_validation.cpp — checking a received chunk sample by sample.
#include "training/loop/chunk_validation.h"

#include <cmath>

#include "core/match_view.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "mcts/chunk.h"

namespace bh {

std::string validate_chunk(std::span<const std::uint8_t> bytes, const ChunkPolicy& policy) {
  std::vector<Sample> samples;
  try {
    samples = decode_chunk(bytes, "from the broker");
  } catch (const std::exception& e) {
    return e.what();
  }
  if (samples.empty()) return "no samples";
  const std::int64_t net_version = samples.front().net_version;
  if (net_version > policy.current_net)
    return "net version " + std::to_string(net_version) + " is newer than the newest published (" +
           std::to_string(policy.current_net) + ")";
  if (net_version < policy.current_net - policy.max_net_lag)
    return "stale: played by net " + std::to_string(net_version) + ", the window takes nets " +
           std::to_string(std::max<std::int64_t>(0, policy.current_net - policy.max_net_lag)) + " to " +
           std::to_string(policy.current_net);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const Sample& s = samples[i];
    const std::string where = "sample " + std::to_string(i) + ": ";
    if (std::int64_t(s.net_version) != net_version)
      return where + "net version " + std::to_string(s.net_version) + " differs from the first sample's " +
             std::to_string(net_version);
    if (s.result < -1 || s.result > 1) return where + "result " + std::to_string(s.result) + " is not -1, 0 or 1";
    if (!std::isfinite(s.root_value) || std::fabs(s.root_value) > 1.0001f) return where + "root value out of [-1, 1]";
    MatchView view;
    try {
      view = MatchView::unpack(s.view);
    } catch (const std::exception& e) {
      return where + "bad position: " + e.what();
    }
    if (view.seat != s.seat) return where + "seat differs from the position's";
    const Board& board = view.boards[board_of(s.seat)];
    if (board.side_to_move() != color_of(s.seat)) return where + std::string(seat_name(s.seat)) + " is not to move on its board";
    const MoveList legal = legal_moves(board, policy.rules);
    double mass = 0;
    for (const PolicyEntry& e : s.policy) {
      if (!std::isfinite(e.probability) || e.probability < 0 || e.probability > 1.0001f)
        return where + "policy probability " + std::to_string(e.probability) + " out of [0, 1]";
      mass += e.probability;
      const Move m = Move::from_raw(e.move);
      if (!m.is_wait() && !legal.contains(m)) return where + "policy move " + to_uci(m) + " is not legal in its position";
    }
    if (mass > 1.001) return where + "policy sums to " + std::to_string(mass);
  }
  return "";
}

}  // namespace bh
