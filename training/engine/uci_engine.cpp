// uci_engine.cpp — command dispatch, the three protocol layers, and the search's reports.
#include "training/engine/uci_engine.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <utility>
#include <vector>

#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "training/players/text_tokens.h"

namespace bh {

namespace {

// `name <name, may contain spaces> [value <value, may contain spaces>]` -> {name, value};
// nullopt without `name`.
std::optional<std::pair<std::string, std::string>> parse_setoption(std::string_view args) {
  const std::vector<std::string_view> w = split_words(args);
  if (w.empty() || w[0] != "name") return std::nullopt;
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
  return std::make_pair(name, value);
}

}  // namespace

UciEngine::UciEngine(const EngineSetup& setup, LineWriter& out, std::string record_path)
    : setup_(setup),
      out_(out),
      search_(*setup.evaluator, setup.search, setup.cache_mib, setup.make_evaluator),
      record_path_(std::move(record_path)) {
  search_.set_threads(setup.threads);
}

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
  using Handler = void (*)(UciEngine&, std::string_view args);
  struct Entry {
    std::string_view word;
    Handler handler;
  };
  static constexpr Entry kCommands[] = {
      {"uci", [](UciEngine& e, std::string_view) { e.uci(); }},
      {"isready", [](UciEngine& e, std::string_view) { e.out_.line("readyok"); }},
      {"setoption", [](UciEngine& e, std::string_view args) { e.setoption(args); }},
      {"ucinewgame", [](UciEngine& e, std::string_view) { e.new_game(); }},
      {"position", [](UciEngine& e, std::string_view args) { e.position(args); }},
      {"go", [](UciEngine& e, std::string_view args) { e.go(args); }},
      {"stop", [](UciEngine& e, std::string_view) { e.search_.stop(); }},
      {"quit", [](UciEngine& e, std::string_view) { e.shutdown(); }},
      {"d", [](UciEngine& e, std::string_view) { e.show_position(); }},
  };
  // Anything else (debug, register, ponderhit, unknown words) is ignored, as UCI requires.
  const auto entry = std::find_if(std::begin(kCommands), std::end(kCommands), [&](const Entry& e) { return e.word == cmd; });
  if (entry == std::end(kCommands)) return true;
  try {
    entry->handler(*this, rest_after_word(line));
  } catch (const std::exception& e) {
    // Nothing a host sends may end the engine: report and go on.
    error(std::string(cmd) + ": " + e.what());
  }
  return !quit_;
}

void UciEngine::show_position() {
  out_.line("info string " + std::string(position_.whole_match ? "match " : "board ") + to_fen(position_.a) +
            (position_.whole_match ? " | " + to_fen(position_.b) : std::string()));
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
  out_.line("option name MovesToGo type spin default " + std::to_string(setup_.moves_to_go) + " min " +
            std::to_string(kMinMovesToGo) + " max " + std::to_string(kMaxMovesToGo));
  out_.line("option name Hash type spin default " + std::to_string(setup_.cache_mib) + " min 0 max " +
            std::to_string(kMaxCacheMib));
  out_.line("option name Threads type spin default " + std::to_string(setup_.threads) + " min 1 max " +
            std::to_string(setup_.make_evaluator ? kMaxSearchThreads : 1));
  if (setup_.network)
    out_.line("option name NetVisits type spin default " + std::to_string(setup_.search.net_visits) + " min 0 max " +
              std::to_string(kMaxNetVisits));
  out_.line("option name RecordFile type string default " + (record_path_.empty() ? std::string("<empty>") : record_path_));
  out_.line("uciok");
}

void UciEngine::setoption(std::string_view args) {
  const std::optional<std::pair<std::string, std::string>> option = parse_setoption(args);
  if (!option) {
    error("setoption: expected 'setoption name <name> [value <value>]'");
    return;
  }
  const auto& [name, value] = *option;
  using Setter = void (*)(UciEngine&, const std::string& value);
  struct Entry {
    std::string_view key;  // the option's name in lower case
    Setter set;
  };
  static constexpr Entry kOptions[] = {
      {"uci_variant", [](UciEngine& e, const std::string& v) { e.set_variant(v); }},
      {"team", [](UciEngine& e, const std::string& v) { e.set_team(v); }},
      {"visits", [](UciEngine& e, const std::string& v) { e.set_visits(v); }},
      {"move overhead", [](UciEngine& e, const std::string& v) { e.set_move_overhead(v); }},
      {"movestogo", [](UciEngine& e, const std::string& v) { e.set_moves_to_go(v); }},
      {"hash", [](UciEngine& e, const std::string& v) { e.set_hash(v); }},
      {"threads", [](UciEngine& e, const std::string& v) { e.set_threads(v); }},
      {"netvisits", [](UciEngine& e, const std::string& v) { e.set_net_visits(v); }},
      {"recordfile", [](UciEngine& e, const std::string& v) { e.record_path_ = v == "<empty>" ? "" : v; }},
  };
  const std::string key = to_lower(name);
  for (const Entry& o : kOptions)
    if (o.key == key) return o.set(*this, value);
  out_.line("info string unknown option '" + name + "' ignored");
}

void UciEngine::set_variant(const std::string& value) {
  if (to_lower(value) != "bughouse") error("UCI_Variant '" + value + "' is not supported (this engine plays bughouse only)");
}

void UciEngine::set_team(const std::string& value) {
  const std::string v = to_lower(value);
  if (v == "white") team_ = Team1;
  else if (v == "black") team_ = Team2;
  else if (v == "auto" || v.empty()) team_.reset();
  else error("Team '" + value + "': expected white (A-white + B-black), black (A-black + B-white) or auto");
}

void UciEngine::set_visits(const std::string& value) {
  auto v = to_int(value);
  if (!v || *v < 1 || *v > kMaxEngineVisits) error("Visits '" + value + "': expected 1.." + std::to_string(kMaxEngineVisits));
  else setup_.default_visits = *v;
}

void UciEngine::set_move_overhead(const std::string& value) {
  auto v = to_int(value);
  if (!v || *v < 0 || *v > 5000) error("Move Overhead '" + value + "': expected 0..5000 ms");
  else setup_.move_overhead_ms = *v;
}

void UciEngine::set_moves_to_go(const std::string& value) {
  auto v = to_int(value);
  if (!v || *v < kMinMovesToGo || *v > kMaxMovesToGo)
    error("MovesToGo '" + value + "': expected " + std::to_string(kMinMovesToGo) + ".." + std::to_string(kMaxMovesToGo));
  else setup_.moves_to_go = *v;
}

void UciEngine::set_hash(const std::string& value) {
  auto v = to_int(value);
  if (!v || *v < 0 || *v > kMaxCacheMib) {
    error("Hash '" + value + "': expected 0.." + std::to_string(kMaxCacheMib) + " MiB");
    return;
  }
  search_.wait();  // the host waits for bestmove before setoption; a late one waits here
  search_.set_cache_mib(std::size_t(*v));
}

void UciEngine::set_threads(const std::string& value) {
  const int most = setup_.make_evaluator ? kMaxSearchThreads : 1;
  auto v = to_int(value);
  if (!v || *v < 1 || *v > most) {
    error("Threads '" + value + "': expected 1.." + std::to_string(most));
    return;
  }
  search_.wait();
  search_.set_threads(int(*v));
}

// mcts/README.md "Lazy network"; offered only with a network.
void UciEngine::set_net_visits(const std::string& value) {
  auto v = to_int(value);
  if (!setup_.network) {
    error("NetVisits: this engine's evaluator is no network");
    return;
  }
  if (!v || *v < 0 || *v > kMaxNetVisits) {
    error("NetVisits '" + value + "': expected 0.." + std::to_string(kMaxNetVisits));
    return;
  }
  search_.wait();
  search_.set_net_visits(int(*v));
  setup_.search.net_visits = int(*v);
}

void UciEngine::new_game() {
  search_.stop();
  search_.wait();
  write_record();
  position_ = EnginePosition{};
  searched_.reset();
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
  // The record file collects game after game: an append, not a replacement (the one kind
  // of file write that does not go through core's write_file_atomic).
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
  const std::optional<GoSeat> who = go_seat(g);
  if (!who) return;
  const GoClocks clocks = go_clocks(g, who->seat);
  const std::optional<GameState> root = go_root(*who, clocks);
  if (!root) return;
  keep_tree_if_continued(*who, clocks);
  const bool prefixed = position_.whole_match || who->layer3;
  const bool announce_seat = who->announce;
  search_.start(*root, go_limits(g, clocks, who->seat), [this, prefixed, announce_seat](const SearchInfo& info) {
    report(info, prefixed, announce_seat);
  });
}

std::optional<UciEngine::GoSeat> UciEngine::go_seat(const GoCommand& g) {
  const EnginePosition& pos = position_;
  GoSeat who{pos.a, pos.b};
  who.layer3 = g.seat.has_value();
  who.single_board_host = !pos.whole_match && !who.layer3;
  if (who.layer3) {
    who.seat = *g.seat;
    if (!pos.whole_match && board_of(who.seat) == BoardB) std::swap(who.a, who.b);  // one board: the seat's
  } else if (pos.whole_match) {
    const std::optional<Seat> seat = team_seat(who.a, who.b);
    if (!seat) return std::nullopt;
    who.seat = *seat;
    who.announce = true;
  } else {
    who.seat = make_seat(BoardA, who.a.side_to_move());
  }
  const BoardId own = board_of(who.seat);
  const Board& own_board = own == BoardA ? who.a : who.b;
  if (own_board.side_to_move() != color_of(who.seat)) {
    refuse_go(std::string(seat_name(who.seat)) + " is not to move on its board (" +
                  std::string(seat_name(make_seat(own, own_board.side_to_move()))) + " is)",
              who.single_board_host);
    return std::nullopt;
  }
  return who;
}

std::optional<Seat> UciEngine::team_seat(const Board& a, const Board& b) {
  // Layer 2: the seat of our team that is to move (without a Team, the mover of A).
  const Seat mover_a = make_seat(BoardA, a.side_to_move());
  const Seat mover_b = make_seat(BoardB, b.side_to_move());
  if (!team_ || team_of(mover_a) == *team_) return mover_a;
  if (team_of(mover_b) == *team_) return mover_b;
  refuse_go("neither seat of " + std::string(team_name(*team_)) + " is to move (" + std::string(seat_name(mover_a)) +
                " and " + std::string(seat_name(mover_b)) + " are)",
            false);
  return std::nullopt;
}

UciEngine::GoClocks UciEngine::go_clocks(const GoCommand& g, Seat seat) {
  // Four given (layer 3), or the seat's board's two with the other board alike.
  GoClocks c;
  c.timed = g.timed();
  if (g.clocks) {
    c.clocks = *g.clocks;
  } else if (c.timed) {
    const std::int64_t w = g.wtime.value_or(g.btime.value_or(0)), b = g.btime.value_or(w);
    c.clocks = {w, b, w, b};
  }
  if (g.inc) c.increment = *g.inc;
  else if (color_of(seat) == White && g.winc) c.increment = *g.winc;
  else if (color_of(seat) == Black && g.binc) c.increment = *g.binc;
  for (auto& t : c.clocks) t = std::max<std::int64_t>(t, 1);  // a Match needs running clocks
  if (c.timed) game_initial_ms_ = std::max(game_initial_ms_, *std::max_element(c.clocks.begin(), c.clocks.end()));
  return c;
}

std::optional<GameState> UciEngine::go_root(const GoSeat& who, const GoClocks& c) {
  const TimeControl tc = time_control(c);
  // The whole match's moves so far count toward the move limit, and the network sees them
  // (one board's host says nothing of the other board's).
  const int played = position_.whole_match ? int(position_.moves.size()) : 0;
  Match match(who.a, who.b, setup_.rules, tc, c.clocks, played);
  const std::string seat(seat_name(who.seat));
  if (match.over()) {
    refuse_go("the match is over (" + match.outcome().describe() + ")", who.single_board_host);
    return std::nullopt;
  }
  if (match.state(board_of(who.seat)) != BoardState::Playing) {
    refuse_go(seat + " has no legal move (it waits for a piece)", who.single_board_host);
    return std::nullopt;
  }
  const TurnModel turn{TimeModel(setup_.think), waits_offered(who, c)};
  GameState root = GameState::at_decision(match, who.seat, 0, turn);
  if (root.over()) {
    refuse_go("the match ends before " + seat + " can act (" + root.match().outcome().describe() + ")",
              who.single_board_host);
    return std::nullopt;
  }
  return root;
}

void UciEngine::keep_tree_if_continued(const GoSeat& who, const GoClocks& c) {
  if (!position_.whole_match) {
    searched_.reset();
    return;
  }
  Searched now{position_.start_a, position_.start_b, who.a, who.b, position_.moves,
               time_control(c), waits_offered(who, c)};
  if (searched_)
    if (auto played = played_since(*searched_, now)) search_.continue_along(std::move(*played));
  searched_ = std::move(now);
}

std::optional<std::vector<std::pair<Seat, Move>>> UciEngine::played_since(const Searched& before, const Searched& now) {
  if (!(before.start_a == now.start_a) || !(before.start_b == now.start_b) || !(before.clock == now.clock) ||
      before.allow_wait != now.allow_wait || before.moves.size() > now.moves.size() ||
      !std::equal(before.moves.begin(), before.moves.end(), now.moves.begin()))
    return std::nullopt;
  std::array<Color, 2> mover{before.a.side_to_move(), before.b.side_to_move()};
  std::vector<std::pair<Seat, Move>> played;
  for (std::size_t i = before.moves.size(); i < now.moves.size(); ++i) {
    const auto [board, move] = now.moves[i];
    played.emplace_back(make_seat(board, mover[board]), move);
    mover[board] = ~mover[board];
  }
  return played;
}

SearchLimits UciEngine::go_limits(const GoCommand& g, const GoClocks& c, Seat seat) const {
  SearchLimits limits;
  if (g.nodes) limits.visits = *g.nodes;
  if (g.movetime) limits.time_ms = std::max<std::int64_t>(1, *g.movetime - setup_.move_overhead_ms);
  if (g.infinite) limits.infinite = true;
  if (!g.nodes && !g.movetime && !g.infinite) {
    if (c.timed) {
      // Two clocks given: the other board's are copies of them, and the balance is even.
      const std::int64_t budget =
          think_budget_ms(c.clocks[seat], c.increment, setup_.move_overhead_ms, setup_.moves_to_go);
      limits.time_ms = balance_budget_ms(budget, c.clocks[seat], c.clocks[partners_opponent(seat)]);
    }
    else limits.visits = setup_.default_visits;
  }
  return limits;
}

void UciEngine::report(const SearchInfo& info, bool prefixed, bool announce_seat) {
  if (info.final && !info.error.empty()) error("search failed: " + info.error);
  if (info.final && info.kept > 0) out_.line("info string tree kept " + std::to_string(info.kept) + " visits");
  if (info.nodes > 0) {
    std::string line = "info depth " + std::to_string(std::max(1, info.depth)) + " seldepth " +
                       std::to_string(std::max(info.seldepth, info.depth)) + " nodes " + std::to_string(info.nodes) +
                       " nps " + std::to_string(info.nps) + " time " + std::to_string(info.time_ms) + " hashfull " + std::to_string(info.cache.permille_full()) + " score " +
                       (info.mate ? "mate " + std::to_string(info.mate) : "cp " + std::to_string(value_to_centipawns(info.value)));
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
  if (info.cache.lookups > 0)
    out_.line("info string cache hits " + std::to_string(info.cache.hits) + " of " + std::to_string(info.cache.lookups) +
              " (" + std::to_string(int(info.cache.hit_rate() * 100 + 0.5)) + "%)");
  if (announce_seat) out_.line("info string seat " + std::string(seat_name(info.seat)));
  out_.line("bestmove " + (info.best.is_none() ? std::string("0000") : to_uci(info.best)));
}

}  // namespace bh
