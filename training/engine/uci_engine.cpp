// uci_engine.cpp — command dispatch, the three protocol layers, and the search's reports.
#include "training/engine/uci_engine.h"

#include <algorithm>
#include <fstream>
#include <vector>

#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "training/engine/text_tokens.h"

namespace bh {

UciEngine::UciEngine(const EngineSetup& setup, LineWriter& out, std::string record_path)
    : setup_(setup), out_(out), search_(*setup.evaluator, setup.search), record_path_(std::move(record_path)) {}

UciEngine::~UciEngine() {
  search_.stop();
  search_.wait();
}

// Messages quote the host's input: bounded and printable whatever was sent.
void UciEngine::error(const std::string& what) { out_.line("info string error: " + excerpt(what, 400)); }

bool UciEngine::handle(std::string_view raw) {
  if (quit_) return false;
  const std::string_view line = trim(raw);
  const std::vector<std::string_view> words = split_words(line);
  if (words.empty()) return true;
  const std::string_view cmd = words[0];
  const std::string_view args = rest_after_word(line);
  try {
    if (cmd == "uci") uci();
    else if (cmd == "isready") out_.line("readyok");
    else if (cmd == "setoption") setoption(args);
    else if (cmd == "ucinewgame") new_game();
    else if (cmd == "position") position(args);
    else if (cmd == "go") go(args);
    else if (cmd == "stop") search_.stop();
    else if (cmd == "quit") {
      shutdown();
      return false;
    } else if (cmd == "d") {
      out_.line("info string " + std::string(position_.whole_match ? "match " : "board ") + to_fen(position_.a) +
                (position_.whole_match ? " | " + to_fen(position_.b) : std::string()));
    }
    // Anything else (debug, register, ponderhit, unknown words) is ignored, as UCI requires.
  } catch (const std::exception& e) {
    // Nothing a host sends may end the engine: report and go on.
    error(std::string(cmd) + ": " + e.what());
  }
  return true;
}

void UciEngine::shutdown() {
  if (quit_) return;
  quit_ = true;
  search_.stop();
  search_.wait();
  write_record();
}

void UciEngine::uci() {
  out_.line("id name " + setup_.name);
  out_.line("id author " + setup_.author);
  out_.line("option name UCI_Variant type combo default bughouse var bughouse");
  out_.line("option name Team type combo default auto var auto var white var black");
  out_.line("option name Visits type spin default " + std::to_string(setup_.default_visits) + " min 1 max " +
            std::to_string(kMaxEngineVisits));
  out_.line("option name Move Overhead type spin default " + std::to_string(setup_.move_overhead_ms) +
            " min 0 max 5000");
  out_.line("option name RecordFile type string default " + (record_path_.empty() ? std::string("<empty>") : record_path_));
  out_.line("uciok");
}

void UciEngine::setoption(std::string_view args) {
  // setoption name <name, may contain spaces> [value <value, may contain spaces>]
  const std::vector<std::string_view> w = split_words(args);
  if (w.empty() || w[0] != "name") {
    error("setoption: expected 'setoption name <name> [value <value>]'");
    return;
  }
  std::string name, value;
  bool in_value = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!in_value && w[i] == "value") {
      in_value = true;
      continue;
    }
    std::string& target = in_value ? value : name;
    if (!target.empty()) target += ' ';
    target += w[i];
  }
  const std::string key = to_lower(name);
  const std::string val = to_lower(value);
  if (key == "uci_variant") {
    if (val != "bughouse") error("UCI_Variant '" + value + "' is not supported (this engine plays bughouse only)");
  } else if (key == "team") {
    if (val == "white") team_ = Team1;
    else if (val == "black") team_ = Team2;
    else if (val == "auto" || val.empty()) team_.reset();
    else error("Team '" + value + "': expected white (A-white + B-black), black (A-black + B-white) or auto");
  } else if (key == "visits") {
    auto v = to_int(value);
    if (!v || *v < 1 || *v > kMaxEngineVisits) error("Visits '" + value + "': expected 1.." + std::to_string(kMaxEngineVisits));
    else setup_.default_visits = *v;
  } else if (key == "move overhead") {
    auto v = to_int(value);
    if (!v || *v < 0 || *v > 5000) error("Move Overhead '" + value + "': expected 0..5000 ms");
    else setup_.move_overhead_ms = *v;
  } else if (key == "recordfile") {
    record_path_ = (value == "<empty>") ? "" : value;
  } else {
    out_.line("info string unknown option '" + name + "' ignored");
  }
}

void UciEngine::new_game() {
  search_.stop();
  search_.wait();
  write_record();
  position_ = EnginePosition{};
  game_initial_ms_ = 0;
}

void UciEngine::position(std::string_view args) {
  try {
    position_ = parse_position(args, setup_.rules);
    // A host that chose a Team speaks the whole match (layer 2): its first position, the
    // start with no moves yet, has no board digit to say so.
    if (team_ && !position_.whole_match && position_.moves.empty() && trim(args).starts_with("startpos"))
      position_.whole_match = true;
  } catch (const ParseError& e) {
    error(std::string(e.what()) + " (the previous position is kept)");
  }
}

void UciEngine::write_record() {
  if (record_path_.empty() || !position_.whole_match || position_.moves.empty()) return;
  Match match(position_.start_a, position_.start_b, setup_.rules, TimeControl::untimed());
  for (auto [board, move] : position_.moves)
    if (!match.over()) match.play(board, move, 0);
  std::ofstream file(record_path_, std::ios::app);
  if (!file) {
    error("RecordFile: cannot write '" + record_path_ + "'");
    return;
  }
  file << write_bpgn(match, {{"Event", "bughouse uci hosted match"}, {"Site", setup_.name}}) << "\n";
  position_.moves.clear();  // written once
}

void UciEngine::refuse_go(const std::string& what, bool single_board_host) {
  error(what);
  out_.line(single_board_host ? "bestmove (none)" : "bestmove 0000");
}

void UciEngine::go(std::string_view args) {
  if (search_.running()) search_.stop();  // a host that did not wait: finish the old search first
  search_.wait();
  GoCommand g;
  try {
    g = parse_go(args);
  } catch (const ParseError& e) {
    refuse_go(e.what(), !position_.whole_match && args.find("seat") == std::string_view::npos);
    return;
  }
  const EnginePosition& pos = position_;
  // A single-board host (layer 1) knows nothing of seats or waits.
  const bool layer3 = g.seat.has_value();
  const bool single_board_host = !pos.whole_match && !layer3;

  // Which seat decides, and the two boards as A and B.
  Board board_a = pos.a, board_b = pos.b;
  Seat seat;
  bool announce_seat = false;
  if (layer3) {
    seat = *g.seat;
    if (!pos.whole_match && board_of(seat) == BoardB) std::swap(board_a, board_b);  // one board: the seat's
  } else if (pos.whole_match) {
    const Seat mover_a = make_seat(BoardA, board_a.side_to_move());
    const Seat mover_b = make_seat(BoardB, board_b.side_to_move());
    if (!team_) seat = mover_a;
    else if (team_of(mover_a) == *team_) seat = mover_a;
    else if (team_of(mover_b) == *team_) seat = mover_b;
    else {
      refuse_go("neither seat of " + std::string(team_name(*team_)) + " is to move (" + std::string(seat_name(mover_a)) +
                    " and " + std::string(seat_name(mover_b)) + " are)",
                false);
      return;
    }
    announce_seat = true;
  } else {
    seat = make_seat(BoardA, board_a.side_to_move());
  }
  const BoardId own = board_of(seat);
  const Board& own_board = own == BoardA ? board_a : board_b;
  if (own_board.side_to_move() != color_of(seat)) {
    refuse_go(std::string(seat_name(seat)) + " is not to move on its board (" +
                  std::string(seat_name(make_seat(own, own_board.side_to_move()))) + " is)",
              single_board_host);
    return;
  }

  // Clocks: four given (layer 3), or the seat's board's two with the other board alike.
  std::array<std::int64_t, kSeats> clocks{};
  std::int64_t increment = 0;
  const bool timed = g.timed();
  if (g.clocks) {
    clocks = *g.clocks;
  } else if (timed) {
    const std::int64_t w = g.wtime.value_or(g.btime.value_or(0)), b = g.btime.value_or(w);
    clocks = {w, b, w, b};
  }
  if (g.inc) increment = *g.inc;
  else if (color_of(seat) == White && g.winc) increment = *g.winc;
  else if (color_of(seat) == Black && g.binc) increment = *g.binc;
  for (auto& c : clocks) c = std::max<std::int64_t>(c, 1);  // a Match needs running clocks
  if (timed) game_initial_ms_ = std::max(game_initial_ms_, *std::max_element(clocks.begin(), clocks.end()));
  const TimeControl tc = timed ? TimeControl{game_initial_ms_, increment} : TimeControl::untimed();

  Match match(board_a, board_b, setup_.rules, tc, clocks);
  if (match.over()) {
    refuse_go("the match is over (" + match.outcome().describe() + ")", single_board_host);
    return;
  }
  if (match.state(own) != BoardState::Playing) {
    refuse_go(std::string(seat_name(seat)) + " has no legal move (it waits for a piece)", single_board_host);
    return;
  }
  TurnModel turn{TimeModel(setup_.think), layer3 && timed};
  GameState root = GameState::at_decision(match, seat, 0, turn);
  if (root.over()) {
    refuse_go("the match ends before " + std::string(seat_name(seat)) + " can act (" + root.match().outcome().describe() + ")",
              single_board_host);
    return;
  }

  SearchLimits limits;
  if (g.nodes) limits.visits = *g.nodes;
  if (g.movetime) limits.time_ms = std::max<std::int64_t>(1, *g.movetime - setup_.move_overhead_ms);
  if (g.infinite) limits.infinite = true;
  if (!g.nodes && !g.movetime && !g.infinite) {
    if (timed) limits.time_ms = think_budget_ms(clocks[seat], increment, setup_.move_overhead_ms);
    else limits.visits = setup_.default_visits;
  }
  const bool prefixed = pos.whole_match || layer3;
  search_.start(root, limits, [this, prefixed, announce_seat](const SearchInfo& info) {
    report(info, prefixed, announce_seat);
  });
}

void UciEngine::report(const SearchInfo& info, bool prefixed, bool announce_seat) {
  if (info.final && !info.error.empty()) error("search failed: " + info.error);
  if (info.nodes > 0) {
    std::string line = "info depth " + std::to_string(std::max(1, info.depth)) + " seldepth " +
                       std::to_string(std::max(info.seldepth, info.depth)) + " nodes " + std::to_string(info.nodes) +
                       " nps " + std::to_string(info.nps) + " time " + std::to_string(info.time_ms) + " score cp " +
                       std::to_string(value_to_centipawns(info.value));
    std::string pv;
    for (auto [board, move] : info.pv) {
      if (move.is_wait()) continue;  // a sit is not a move a host could play
      if (!prefixed && board != board_of(info.seat)) continue;
      pv += ' ';
      if (prefixed) pv += board == BoardA ? '1' : '2';
      pv += to_uci(move);
    }
    if (!pv.empty()) line += " pv" + pv;
    out_.line(line);
  }
  if (!info.final) return;
  if (announce_seat) out_.line("info string seat " + std::string(seat_name(info.seat)));
  out_.line("bestmove " + (info.best.is_none() ? std::string("0000") : to_uci(info.best)));
}

}  // namespace bh
