// bpgn_import.cpp — recorded games to training samples (see bpgn_import.h).
#include "training/loop/bpgn_import.h"

#include <cstdio>
#include <stdexcept>

#include "core/match_view.h"

namespace bh {
namespace {

MatchResult parse_result(const BpgnGame& game) {
  if (game.result == "1-0") return MatchResult::Team1Wins;
  if (game.result == "0-1") return MatchResult::Team2Wins;
  if (game.result == "1/2-1/2") return MatchResult::Draw;
  throw std::invalid_argument("game " + std::to_string(game.index) + " has no result ('" + game.result +
                              "'): an unfinished game gives no value target");
}

std::int8_t result_for(MatchResult r, Team t) {
  if (r == MatchResult::Draw) return 0;
  return (r == MatchResult::Team1Wins) == (t == Team1) ? 1 : -1;
}

}  // namespace

std::vector<Sample> samples_from_game(const BpgnGame& game, const RuleSet& rules) {
  const MatchResult result = parse_result(game);
  const Match recorded = replay(game, rules);
  // A record may end by resignation or flag, which the moves do not show; but where the
  // moves themselves end the match (mate, the move limit), the result must agree.
  if (recorded.over() && recorded.outcome().result != result)
    throw std::invalid_argument("game " + std::to_string(game.index) + ": the result " + game.result +
                                " contradicts the moves, which end it as " + recorded.outcome().describe() +
                                " (were the games played under other rules?)");

  Match match(recorded.initial_board(BoardA), recorded.initial_board(BoardB), rules, recorded.time_control(),
              recorded.initial_clocks());
  match.set_recording(false);
  std::vector<Sample> samples;
  samples.reserve(recorded.events().size());
  for (const MatchEvent& e : recorded.events()) {
    if (e.move.is_wait()) continue;  // a record's waits are not decisions we can learn from
    if (match.legal_moves(board_of(e.seat)).size == 1) {  // no choice: self-play records none either
      match.play_legal(board_of(e.seat), e.move, e.time_ms);
      continue;
    }
    Sample s;
    MatchView::of(match, e.seat, e.time_ms).pack(s.view);
    s.policy = {PolicyEntry{e.move.raw(), 1.0f}};
    s.result = result_for(result, team_of(e.seat));
    s.seat = e.seat;
    s.full_search = true;  // the played move is the policy target
    s.visits = 0;  // no search made it: its value target is the result alone (training_batch.h)
    s.root_value = float(s.result);
    samples.push_back(std::move(s));
    match.play_legal(board_of(e.seat), e.move, e.time_ms);
  }
  return samples;
}

ImportReport import_bpgn(const std::vector<std::filesystem::path>& files, const RuleSet& rules,
                         const std::filesystem::path& dir, const std::string& stem, int games_per_chunk) {
  if (games_per_chunk < 1) throw std::invalid_argument("games per chunk must be at least 1");
  // Chunk names say nothing of their content, so a second import must not overwrite a first.
  if (std::filesystem::exists(dir))
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.path().filename().string().starts_with(stem + "-"))
        throw std::runtime_error(dir.string() + " already holds " + stem + "-* chunks (" +
                                 entry.path().filename().string() + "); choose another stem");
  std::filesystem::create_directories(dir);
  ImportReport report;
  std::vector<Sample> pending;
  int pending_games = 0;
  auto flush = [&] {
    if (pending.empty()) return;
    char name[32];
    std::snprintf(name, sizeof name, "-%06lld.chunk", static_cast<long long>(report.chunks));
    write_chunk(dir / (stem + name), pending);
    ++report.chunks;
    pending.clear();
    pending_games = 0;
  };
  for (const auto& file : files) {
    for (const BpgnGame& game : read_bpgn_file(file.string())) {
      try {
        std::vector<Sample> samples = samples_from_game(game, rules);
        report.samples += std::int64_t(samples.size());
        ++report.games;
        pending.insert(pending.end(), std::make_move_iterator(samples.begin()), std::make_move_iterator(samples.end()));
        if (++pending_games >= games_per_chunk) flush();
      } catch (const std::invalid_argument& e) {  // ParseError is one
        report.skipped.push_back(file.string() + ": " + e.what());
      }
    }
  }
  flush();
  return report;
}

}  // namespace bh
