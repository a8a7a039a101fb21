// cecp_engine.cpp — CECP command handling and the thinking thread.
#include "training/engine/cecp_engine.h"

#include <algorithm>
#include <cmath>

#include "core/fen.h"
#include "core/match.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "training/engine/go_command.h"
#include "training/engine/holdings.h"
#include "training/engine/text_tokens.h"

namespace bh {

namespace {

// Times beyond this (about 35 years) are refused: the arithmetic on them must not overflow.
constexpr double kMaxSeconds = 1e9;

// "5" (minutes) or "5:30" (minutes:seconds) -> milliseconds.
std::optional<std::int64_t> level_base_ms(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    auto m = to_number(text);
    if (!m || !(*m >= 0 && *m * 60 <= kMaxSeconds)) return std::nullopt;
    return std::int64_t(std::llround(*m * 60'000));
  }
  auto m = to_int(text.substr(0, colon));
  auto s = to_int(text.substr(colon + 1));
  if (!m || !s || *m < 0 || *s < 0 || double(*m) * 60 + double(*s) > kMaxSeconds) return std::nullopt;
  return (*m * 60 + *s) * 1000;
}

// Seconds (st, level's increment) -> milliseconds, if in [0, kMaxSeconds].
std::optional<std::int64_t> seconds_ms(std::string_view text) {
  auto s = to_number(text);
  if (!s || !(*s >= 0 && *s <= kMaxSeconds)) return std::nullopt;
  return std::int64_t(std::llround(*s * 1000));
}

// The most visited move when the search chose to wait but the interface said "move now".
Move best_move_not_wait(const SearchResult& result, Move fallback) {
  Move best = fallback;
  std::uint32_t most = 0;
  for (const ChildStat& c : result.children)
    if (!c.move.is_wait() && (best.is_wait() || c.visits > most)) best = c.move, most = c.visits;
  return best;
}

}  // namespace

CecpEngine::CecpEngine(const EngineSetup& setup, LineWriter& out)
    : setup_(setup), out_(out), search_(*setup.evaluator, setup.search), thinker_([this] { think_loop(); }) {}

CecpEngine::~CecpEngine() { shutdown(); }

void CecpEngine::shutdown() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
    search_.stop();
  }
  wake_.notify_all();
  if (thinker_.joinable()) thinker_.join();
  search_.stop();
  search_.wait();
}

bool CecpEngine::wait_idle(std::chrono::milliseconds limit) {
  std::unique_lock lock(mutex_);
  return wake_.wait_for(lock, limit, [&] { return quit_ || (!thinking_ && !should_think()); });
}

void CecpEngine::changed() {
  ++generation_;
  search_.stop();
  wake_.notify_all();
}

void CecpEngine::new_turn() {
  ++turn_;
  move_now_ = false;  // a "?" was for the turn before
  changed();
}

bool CecpEngine::should_think() const {
  return !quit_ && !force_ && engine_color_ && board_.side_to_move() == *engine_color_ && !partner_says_sit_ &&
         board_state(board_, setup_.rules) == BoardState::Playing;
}

std::int64_t CecpEngine::own_clock_now() const {
  if (own_ms_ <= 0) return 0;
  std::int64_t ms = own_ms_;
  if (engine_color_ && board_.side_to_move() == *engine_color_)
    ms -= std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - own_stamp_).count();
  return std::max<std::int64_t>(1, ms);
}

void CecpEngine::new_game() {
  board_ = Board();
  history_.clear();
  force_ = false;
  engine_color_ = Black;
  fixed_ms_ = 0;
  partner_says_sit_ = false;
  go_fast_ = false;
  told_partner_sit_ = false;
  sit_until_ = {};
}

bool CecpEngine::apply_user_move(std::string_view text) {
  Move m;
  try {
    m = parse_move(board_, setup_.rules, text);
  } catch (const ParseError&) {
    out_.line("Illegal move: " + excerpt(text));
    return false;
  }
  if (m.is_wait()) {
    out_.line("Illegal move: " + excerpt(text));
    return false;
  }
  history_.push_back(board_);
  board_.play(m);  // a capture goes to the partner: the server will send the holdings
  new_turn();
  return true;
}

void CecpEngine::partner_tell(std::string_view text) {
  // Only a tell whose first word is a request counts ("good luck" is not "go").
  const std::string t = to_lower(trim(text));
  const std::vector<std::string_view> words = split_words(t);
  const std::string_view first = words.empty() ? std::string_view() : words[0];
  auto starts = [&](std::string_view w) { return first == w || first == std::string(w) + "!"; };
  if (starts("sit")) {
    partner_says_sit_ = true;
    budget_turn_ = kNoTurn;  // a pause: after it the turn gets a new budget
    out_.line("tellics ptell ok, I sit until you tell me go");
    changed();
  } else if (starts("go") || starts("move")) {
    partner_says_sit_ = false;
    sit_until_ = {};
    budget_turn_ = kNoTurn;
    out_.line("tellics ptell ok, I move");
    changed();
  } else if (starts("fast")) {  // speed only: a sit still holds until go
    go_fast_ = true;
    out_.line("tellics ptell ok, I play fast");
    budget_turn_ = kNoTurn;  // a new budget at the new speed
    changed();
  } else if (starts("slow")) {
    go_fast_ = false;
    out_.line("tellics ptell ok, I play at normal speed");
    budget_turn_ = kNoTurn;
    changed();
  } else if (starts("help")) {
    out_.line("tellics ptell I understand: sit, go (or move), fast, slow");
  }
  // Anything else (chat, piece requests) is not for a program to answer.
}

bool CecpEngine::handle(std::string_view raw) {
  const std::string_view line = trim(raw);
  const std::vector<std::string_view> words = split_words(line);
  if (words.empty()) return true;
  const std::string_view cmd = words[0];
  const std::string_view args = rest_after_word(line);
  std::unique_lock lock(mutex_);
  if (quit_) return false;
  if (cmd == "quit") {
    lock.unlock();
    shutdown();
    return false;
  }
  if (cmd == "protover") {
    out_.line("feature done=0");
    out_.line("feature myname=\"" + setup_.name + "\" ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 "
              "sigint=0 sigterm=0 reuse=1 analyze=0 san=0 colors=0 name=0 variants=\"bughouse\"");
    out_.line("feature done=1");
  } else if (cmd == "new") {
    new_game();
    new_turn();
  } else if (cmd == "variant") {
    if (to_lower(args) != "bughouse") out_.line("Error (unsupported variant): " + std::string(args));
  } else if (cmd == "force") {
    force_ = true;
    changed();
  } else if (cmd == "go") {
    engine_color_ = board_.side_to_move();
    force_ = false;
    new_turn();
  } else if (cmd == "playother") {
    engine_color_ = ~board_.side_to_move();
    force_ = false;
    new_turn();
  } else if (cmd == "level") {
    const auto w = split_words(args);
    std::optional<std::int64_t> base = w.size() >= 2 ? level_base_ms(w[1]) : std::nullopt;
    std::optional<std::int64_t> inc = w.size() >= 3 ? seconds_ms(w[2]) : std::nullopt;
    if (!base || !inc) {
      out_.line("Error (bad level, expected 'level MPS BASE INC'): " + excerpt(args));
    } else {
      initial_ms_ = *base;
      increment_ms_ = *inc;
      own_ms_ = opp_ms_ = initial_ms_;
      own_stamp_ = Clock::now();
    }
  } else if (cmd == "st") {
    auto ms = seconds_ms(args);
    if (!ms || *ms <= 0) out_.line("Error (bad st, expected seconds per move): " + excerpt(args));
    else fixed_ms_ = *ms;
  } else if (cmd == "time" || cmd == "otim") {
    auto cs = to_int(args);
    if (!cs || *cs > std::int64_t(kMaxSeconds) * 100) {
      out_.line("Error (expected centiseconds): " + excerpt(line));
    } else if (cmd == "time") {
      own_ms_ = std::max<std::int64_t>(0, *cs * 10);
      own_stamp_ = Clock::now();
    } else {
      opp_ms_ = std::max<std::int64_t>(0, *cs * 10);
    }
  } else if (cmd == "usermove") {
    apply_user_move(args);
  } else if (cmd == "holding") {
    try {
      Board updated = with_reserves(board_, parse_holdings(args));
      if (!(updated == board_)) {  // servers repeat holdings; only a change is news
        board_ = updated;
        changed();
      }
    } catch (const std::exception& e) {
      out_.line(std::string("Error (") + e.what() + "): " + excerpt(line));
    }
  } else if (cmd == "partner") {
    partner_ = std::string(args);
    if (partner_.empty()) told_partner_sit_ = false;
  } else if (cmd == "ptell") {
    partner_tell(args);
  } else if (cmd == "setboard") {
    try {
      board_ = parse_fen(args);
      history_.clear();
      new_turn();
    } catch (const std::exception& e) {
      out_.line(std::string("tellusererror Illegal position: ") + e.what());
    }
  } else if (cmd == "undo" || cmd == "remove") {
    for (int i = 0; i < (cmd == "undo" ? 1 : 2) && !history_.empty(); ++i) {
      board_ = history_.back();
      history_.pop_back();
    }
    new_turn();
  } else if (cmd == "result") {
    force_ = true;
    changed();
  } else if (cmd == "?") {
    // Move now: the search answers with what it has, and a sit (ours or the partner's)
    // gives way to a move.
    move_now_ = true;
    partner_says_sit_ = false;
    sit_until_ = {};
    search_.stop();
    wake_.notify_all();
  } else if (cmd == "ping") {
    out_.line("pong " + std::string(args));
  } else if (cmd == "post") {
    post_ = true;
  } else if (cmd == "nopost") {
    post_ = false;
  } else if (cmd == "analyze") {
    out_.line("Error (unsupported command): analyze");
  } else if (cmd == "xboard" || cmd == "accepted" || cmd == "rejected" || cmd == "easy" || cmd == "hard" ||
             cmd == "random" || cmd == "computer" || cmd == "name" || cmd == "rating" || cmd == "ics" ||
             cmd == "draw" || cmd == "hint" || cmd == "bk" || cmd == "sd" || cmd == "nps" || cmd == "cores" ||
             cmd == "memory" || cmd == "egtpath" || cmd == "option" || cmd == "white" || cmd == "black" ||
             cmd == "exit" || cmd == "." || cmd == "pause" || cmd == "resume") {
    // Known and not needed here (no pondering, no analysis, no draw offers).
  } else {
    // CECP: a word that is no command may be a move (protocol 1 and usermove=0 style).
    bool digit = false;
    for (char c : cmd) digit |= (c >= '1' && c <= '8');
    if (digit) apply_user_move(cmd);
    else out_.line("Error (unknown command): " + excerpt(cmd));
  }
  return true;
}

void CecpEngine::think_loop() {
  std::unique_lock lock(mutex_);
  while (!quit_) {
    if (!should_think()) {
      thinking_ = false;
      wake_.notify_all();
      wake_.wait(lock);
      continue;
    }
    if (sit_generation_ == generation_ && Clock::now() < sit_until_) {  // sitting by choice
      thinking_ = false;
      wake_.notify_all();
      wake_.wait_until(lock, sit_until_);
      continue;
    }
    thinking_ = true;
    const std::uint64_t generation = generation_;
    const Seat seat = make_seat(BoardA, board_.side_to_move());
    const bool timed = own_ms_ > 0 || initial_ms_ > 0;
    const std::int64_t own = std::max<std::int64_t>(1, own_clock_now());
    const std::int64_t opp = std::max<std::int64_t>(1, opp_ms_ > 0 ? opp_ms_ : own);
    const std::int64_t white = color_of(seat) == White ? own : opp, black = color_of(seat) == White ? opp : own;
    const std::array<std::int64_t, kSeats> clocks{white, black, white, black};
    const TimeControl tc = timed ? TimeControl{std::max({initial_ms_, white, black}), increment_ms_} : TimeControl::untimed();
    // The partner board is unknown to a CECP engine: the start position stands for it.
    std::optional<GameState> root;
    try {
      Match match(board_, Board(), setup_.rules, tc, clocks);
      const TurnModel turn{TimeModel(setup_.think), timed && !partner_.empty()};
      if (!match.over()) root = GameState::at_decision(match, seat, 0, turn);
    } catch (const std::exception& e) {
      out_.line(std::string("telluser cannot think here: ") + e.what());
    }
    if (!root || root->over()) {  // cannot happen while should_think(); keeps the loop alive
      force_ = true;
      continue;
    }
    SearchLimits limits;
    if (fixed_ms_ > 0 || timed) {
      if (budget_turn_ != turn_) {
        budget_turn_ = turn_;
        budget_start_ = Clock::now();
        budget_ms_ = fixed_ms_ > 0 ? fixed_ms_ : think_budget_ms(own, increment_ms_, setup_.move_overhead_ms) / (go_fast_ ? 4 : 1);
      }
      const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - budget_start_).count();
      limits.time_ms = std::max<std::int64_t>(1, budget_ms_ - spent);
    } else {
      limits.visits = setup_.default_visits;
    }
    auto final = std::make_shared<SearchInfo>();
    search_.start(*root, limits, [this, final](const SearchInfo& info) {
      if (info.final) *final = info;
      if (!post_ || info.nodes == 0) return;
      std::string pv;
      for (auto [board, move] : info.pv)
        if (board == BoardA && !move.is_wait()) pv += " " + to_uci(move);
      out_.line(std::to_string(std::max(1, info.depth)) + " " + std::to_string(value_to_centipawns(info.value)) + " " +
                std::to_string(info.time_ms / 10) + " " + std::to_string(info.nodes) + pv);
    });
    lock.unlock();
    search_.wait();
    lock.lock();
    if (quit_) break;
    if (generation != generation_ || !should_think()) continue;  // the position changed: think again
    Move best = final->best;
    if (move_now_.exchange(false) && best.is_wait()) best = best_move_not_wait(final->result, best);
    if (!final->error.empty()) out_.line("telluser search failed: " + final->error);
    if (best.is_none()) {
      force_ = true;  // nothing to play: wait for the interface
      continue;
    }
    if (best.is_wait()) {
      // Sitting: the team sits together (we are ahead on time); rethink after a wait
      // slice, or as soon as anything changes.
      if (!partner_.empty() && !told_partner_sit_) {
        out_.line("tellics ptell sit");
        told_partner_sit_ = true;
      }
      sit_until_ = Clock::now() + std::chrono::milliseconds(setup_.think.wait_ms);
      sit_generation_ = generation_;
      budget_turn_ = kNoTurn;  // sitting was this turn's decision: the next think is new
      continue;
    }
    history_.push_back(board_);
    board_.play(best);
    ++generation_;
    ++turn_;
    out_.line("move " + to_uci(best));
    if (told_partner_sit_) {
      out_.line("tellics ptell go");
      told_partner_sit_ = false;
    }
  }
  thinking_ = false;
  wake_.notify_all();
}

}  // namespace bh
