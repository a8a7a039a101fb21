// uci_player.cpp — driving a UCI engine through one seat of a match.
#include "training/players/uci_player.h"

#include <algorithm>

#include "core/fen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "mcts/time_model.h"
#include "training/players/text_tokens.h"

namespace bh {

namespace {

using std::chrono::milliseconds;
constexpr milliseconds kStartLimit{30'000};  // a network may take a while to load

std::int64_t elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

UciEngineProcess::UciEngineProcess(const EngineSpec& spec) : spec_(spec), process_(spec.argv, spec.name) {
  process_.write_line("uci");
  expect("uciok", kStartLimit, "after 'uci'");
  process_.write_line("setoption name UCI_Variant value bughouse");
  for (const auto& [key, value] : spec_.options) process_.write_line("setoption name " + key + " value " + value);
  process_.write_line("isready");
  expect("readyok", kStartLimit, "after 'isready'");
}

UciEngineProcess::~UciEngineProcess() {
  try {
    process_.write_line("stop");
    process_.write_line("quit");
  } catch (const EngineError&) {
    // Already gone: nothing to say goodbye to.
  }
}

std::string UciEngineProcess::expect(std::string_view word, milliseconds limit, const std::string& after) {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const milliseconds left = limit - milliseconds(elapsed_ms(start));
    if (left.count() <= 0) break;
    auto line = process_.read_line(left);
    if (!line) break;
    auto words = split_words(*line);
    if (!words.empty() && words[0] == word) return std::string(trim(trim(*line).substr(word.size())));
  }
  throw EngineError("engine " + process_.name() + " did not answer '" + std::string(word) + "' " + after + " within " +
                    std::to_string(limit.count() / 1000.0).substr(0, 5) + " s");
}

void UciEngineProcess::new_game() {
  process_.write_line("ucinewgame");
  process_.write_line("isready");
  expect("readyok", kStartLimit, "after 'ucinewgame'");
}

std::string UciEngineProcess::best_move(const std::string& position, const std::string& go, milliseconds limit) {
  process_.write_line(position);
  process_.write_line(go);
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const milliseconds left = limit - milliseconds(elapsed_ms(start));
    auto line = left.count() > 0 ? process_.read_line(left) : std::nullopt;
    if (!line) break;
    auto words = split_words(*line);
    if (!words.empty() && words[0] == "bestmove") return std::string(trim(trim(*line).substr(8)));
  }
  process_.write_line("stop");  // late: make it answer with what it has
  return expect("bestmove", milliseconds(3000), "after '" + go + "' (even after 'stop')");
}

std::string uci_position_command(const Match& match, Seat seat, bool whole_match) {
  if (!whole_match) return "position fen " + to_fen(match.board(board_of(seat)));
  std::string s = "position fen " + to_fen(match.initial_board(BoardA)) + " | " + to_fen(match.initial_board(BoardB));
  bool first = true;
  for (const MatchEvent& e : match.events()) {
    if (e.move.is_wait()) continue;
    s += first ? " moves " : " ";
    first = false;
    s += board_of(e.seat) == BoardA ? '1' : '2';
    s += to_uci(e.move);
  }
  return s;
}

std::string uci_go_command(const Match& match, Seat seat, std::int64_t t, const EngineSpec& spec) {
  std::string go = "go";
  const TimeControl& tc = match.time_control();
  if (spec.whole_match) {
    go += " seat " + std::string(seat_name(seat));
    if (tc.timed()) {
      go += " clocks";
      for (int s = 0; s < kSeats; ++s) go += " " + std::to_string(std::max<std::int64_t>(0, match.remaining(Seat(s), t)));
      if (tc.increment_ms) go += " inc " + std::to_string(tc.increment_ms);
    }
  } else if (tc.timed()) {
    const BoardId b = board_of(seat);
    go += " wtime " + std::to_string(std::max<std::int64_t>(0, match.remaining(make_seat(b, White), t)));
    go += " btime " + std::to_string(std::max<std::int64_t>(0, match.remaining(make_seat(b, Black), t)));
    if (tc.increment_ms)
      go += " winc " + std::to_string(tc.increment_ms) + " binc " + std::to_string(tc.increment_ms);
  }
  if (spec.nodes) go += " nodes " + std::to_string(spec.nodes);
  if (spec.movetime_ms) go += " movetime " + std::to_string(spec.movetime_ms);
  if (spec.depth) go += " depth " + std::to_string(spec.depth);
  // Untimed and unlimited: half a second a move rather than a search that never ends.
  if (!tc.timed() && !spec.nodes && !spec.movetime_ms && !spec.depth) go += " movetime 500";
  return go;
}

UciPlayer::UciPlayer(std::shared_ptr<EnginePool<UciEngineProcess>> pool, const RuleSet& rules, const TimeModel& time)
    : pool_(std::move(pool)), engine_(pool_->acquire()), rules_(rules), time_(time), name_(engine_->spec().name) {}

void UciPlayer::new_match() {
  try {
    engine_->new_game();
  } catch (...) {
    engine_.discard();
    throw;
  }
}

PlayerAction UciPlayer::decide(const Match& match, Seat seat, std::int64_t t) {
  if (!engine_) throw EngineError("engine " + name_ + " was lost earlier in this match");
  const EngineSpec& spec = engine_->spec();
  const BoardId b = board_of(seat);
  const Board& board = match.board(b);
  const std::string position = uci_position_command(match, seat, spec.whole_match);
  const std::string go = uci_go_command(match, seat, t, spec);
  // However it searches, it must answer before its clock would fall (plus slack).
  std::int64_t limit_ms = 60'000;
  if (match.time_control().timed()) limit_ms = match.remaining(seat, t) + 5'000;
  if (spec.movetime_ms) limit_ms = std::max(limit_ms, spec.movetime_ms + 5'000);
  const auto start = std::chrono::steady_clock::now();
  std::string answer;
  try {
    answer = engine_->best_move(position, go, milliseconds(limit_ms));
  } catch (const EngineError& e) {
    engine_.discard();  // out of step with the match now: never reuse it
    throw EngineError(std::string(e.what()) + " (playing " + std::string(seat_name(seat)) + ")");
  }
  const std::int64_t took = elapsed_ms(start);
  // Clocks run on a 10 ms grid (BPGN writes hundredths): round the real time up to it.
  const std::int64_t think = std::max<std::int64_t>(kTimeGridMs, (took + kTimeGridMs - 1) / kTimeGridMs * kTimeGridMs);
  const auto words = split_words(answer);
  const std::string word = words.empty() ? std::string() : std::string(words[0]);
  if (word == "0000" || word == "(none)" || word.empty()) {
    if (!match.time_control().timed())
      throw EngineError("engine " + name_ + " playing " + std::string(seat_name(seat)) + " answered 'bestmove " + word +
                        "' in an untimed match (no move in " + to_fen(board) + ")");
    return {Move::wait(), std::max(think, time_.wait_ms())};  // it sits
  }
  try {
    return {parse_uci(board, rules_, word), think};
  } catch (const ParseError& e) {
    throw EngineError("engine " + name_ + " playing " + std::string(seat_name(seat)) + " answered an illegal move: " +
                      e.what());
  }
}

}  // namespace bh
