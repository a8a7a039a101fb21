// cecp_engine.cpp — CECP command handling: the table of commands and their handlers, the
// partner's tells, the game as the interface sets it up. The thinking thread is in
// cecp_thinking.cpp.
#include "training/engine/cecp_engine.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <memory>

#include "core/fen.h"
#include "core/match.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "mcts/draw_offer.h"
#include "mcts/partner_player.h"
#include "mcts/partner_request.h"
#include "training/engine/go_command.h"
#include "training/players/holdings.h"
#include "training/players/text_tokens.h"

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

}  // namespace

CecpEngine::CecpEngine(const EngineSetup& setup, LineWriter& out)
    : setup_(setup),
      out_(out),
      search_(*setup.evaluator, setup.search, setup.cache_mib, setup.make_evaluator),
      thinker_([this] { think_loop(); }) {
  search_.set_threads(setup.threads);
}

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
  return !quit_ && !force_ && engine_color_ && board_.side_to_move() == *engine_color_ && !sits_for_partner() &&
         board_state(board_, setup_.rules) == BoardState::Playing;
}

bool CecpEngine::sits_for_partner() const {
  return partner_says_sit_ && (own_ms_ <= 0 || own_clock_now() > PartnerTalkLimits{}.sit_floor_ms);
}

std::optional<CecpEngine::Clock::time_point> CecpEngine::partner_sit_ends() const {
  if (!sits_for_partner() || own_ms_ <= 0 || !engine_color_ || board_.side_to_move() != *engine_color_)
    return std::nullopt;  // the clock is not running down (or unknown): nothing ends the sit but a change
  return Clock::now() + std::chrono::milliseconds(own_clock_now() - PartnerTalkLimits{}.sit_floor_ms);
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
  last_value_.reset();
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
  board_.play(m, setup_.rules.promotion);  // a capture goes to the partner: the server will send the holdings
  new_turn();
  return true;
}

void CecpEngine::partner_tell(std::string_view text) {
  // Only a tell whose first word is a request counts ("good luck" is not "go"); piece
  // requests and chat are not for this engine to answer.
  using Kind = PartnerRequest::Kind;
  switch (parse_partner_request(text).kind) {
    case Kind::Sit: return tell_sit();
    case Kind::Go: return tell_go();
    case Kind::Fast: return tell_speed(true);
    case Kind::Slow: return tell_speed(false);
    case Kind::Help: return out_.line("tellics ptell I understand: sit, go (or move), fast, slow");
    default: return;
  }
}

void CecpEngine::tell_sit() {
  partner_says_sit_ = true;
  budget_turn_ = kNoTurn;  // a pause: after it the turn gets a new budget
  out_.line("tellics ptell ok, I sit until you tell me go");
  changed();
}

void CecpEngine::tell_go() {
  partner_says_sit_ = false;
  sit_until_ = {};
  budget_turn_ = kNoTurn;
  out_.line("tellics ptell ok, I move");
  changed();
}

void CecpEngine::tell_speed(bool fast) {  // speed only: a sit still holds until go
  go_fast_ = fast;
  out_.line(fast ? "tellics ptell ok, I play fast" : "tellics ptell ok, I play at normal speed");
  budget_turn_ = kNoTurn;  // a new budget at the new speed
  changed();
}

bool CecpEngine::handle(std::string_view raw) {
  const std::string_view line = trim(raw);
  const std::vector<std::string_view> words = split_words(line);
  if (words.empty()) return true;
  const Input input{line, words[0], rest_after_word(line)};
  std::unique_lock lock(mutex_);
  if (quit_) return false;
  if (input.word == "quit") {
    lock.unlock();
    shutdown();
    return false;
  }
  if (const Handler handler = handler_for(input.word)) (this->*handler)(input);
  else if (!ignored(input.word)) not_a_command(input.word);
  return true;
}

CecpEngine::Handler CecpEngine::handler_for(std::string_view word) {
  struct Entry {
    std::string_view word;
    Handler handler;
  };
  static constexpr Entry kCommands[] = {
      {"protover", &CecpEngine::cmd_protover}, {"new", &CecpEngine::cmd_new},
      {"variant", &CecpEngine::cmd_variant},   {"force", &CecpEngine::cmd_force},
      {"go", &CecpEngine::cmd_go},             {"playother", &CecpEngine::cmd_playother},
      {"level", &CecpEngine::cmd_level},       {"st", &CecpEngine::cmd_st},
      {"time", &CecpEngine::cmd_time},         {"otim", &CecpEngine::cmd_otim},
      {"usermove", &CecpEngine::cmd_usermove}, {"holding", &CecpEngine::cmd_holding},
      {"partner", &CecpEngine::cmd_partner},   {"ptell", &CecpEngine::cmd_ptell},
      {"setboard", &CecpEngine::cmd_setboard}, {"undo", &CecpEngine::cmd_undo},
      {"remove", &CecpEngine::cmd_remove},     {"result", &CecpEngine::cmd_result},
      {"?", &CecpEngine::cmd_move_now},        {"ping", &CecpEngine::cmd_ping},
      {"post", &CecpEngine::cmd_post},         {"nopost", &CecpEngine::cmd_nopost},
      {"analyze", &CecpEngine::cmd_analyze},   {"draw", &CecpEngine::cmd_draw},
  };
  for (const Entry& e : kCommands)
    if (e.word == word) return e.handler;
  return nullptr;
}

bool CecpEngine::ignored(std::string_view word) {
  static constexpr std::string_view kIgnored[] = {
      "xboard", "accepted", "rejected", "easy",  "hard",  "random", "computer", "name",   "rating",
      "ics",    "hint",     "bk",    "sd",    "nps",    "cores",    "memory", "egtpath",
      "option", "white",    "black",    "exit",  ".",     "pause",  "resume",
  };
  return std::find(std::begin(kIgnored), std::end(kIgnored), word) != std::end(kIgnored);
}

void CecpEngine::cmd_protover(const Input&) {
  out_.line("feature done=0");
  out_.line("feature myname=\"" + setup_.name + "\" ping=1 setboard=1 playother=1 usermove=1 time=1 draw=1 "
            "sigint=0 sigterm=0 reuse=1 analyze=0 san=0 colors=0 name=0 variants=\"bughouse\"");
  out_.line("feature done=1");
}

void CecpEngine::cmd_new(const Input&) {
  new_game();
  new_turn();
}

void CecpEngine::cmd_variant(const Input& in) {
  if (to_lower(in.args) != "bughouse") out_.line("Error (unsupported variant): " + std::string(in.args));
}

void CecpEngine::cmd_force(const Input&) {
  force_ = true;
  changed();
}

void CecpEngine::cmd_go(const Input&) {
  engine_color_ = board_.side_to_move();
  force_ = false;
  new_turn();
}

void CecpEngine::cmd_playother(const Input&) {
  engine_color_ = ~board_.side_to_move();
  force_ = false;
  new_turn();
}

void CecpEngine::cmd_level(const Input& in) {
  const auto w = split_words(in.args);
  std::optional<std::int64_t> base = w.size() >= 2 ? level_base_ms(w[1]) : std::nullopt;
  std::optional<std::int64_t> inc = w.size() >= 3 ? seconds_ms(w[2]) : std::nullopt;
  if (!base || !inc) {
    out_.line("Error (bad level, expected 'level MPS BASE INC'): " + excerpt(in.args));
    return;
  }
  initial_ms_ = *base;
  increment_ms_ = *inc;
  own_ms_ = opp_ms_ = initial_ms_;
  own_stamp_ = Clock::now();
}

void CecpEngine::cmd_st(const Input& in) {
  auto ms = seconds_ms(in.args);
  if (!ms || *ms <= 0) out_.line("Error (bad st, expected seconds per move): " + excerpt(in.args));
  else fixed_ms_ = *ms;
}

std::optional<std::int64_t> CecpEngine::centiseconds(const Input& in) {
  auto cs = to_int(in.args);
  if (cs && *cs <= std::int64_t(kMaxSeconds) * 100) return cs;
  out_.line("Error (expected centiseconds): " + excerpt(in.line));
  return std::nullopt;
}

void CecpEngine::cmd_time(const Input& in) {
  if (auto cs = centiseconds(in)) {
    own_ms_ = std::max<std::int64_t>(0, *cs * 10);
    own_stamp_ = Clock::now();
  }
}

void CecpEngine::cmd_otim(const Input& in) {
  if (auto cs = centiseconds(in)) opp_ms_ = std::max<std::int64_t>(0, *cs * 10);
}

void CecpEngine::cmd_usermove(const Input& in) { apply_user_move(in.args); }

void CecpEngine::cmd_holding(const Input& in) {
  try {
    Board updated = with_reserves(board_, parse_holdings(in.args));
    if (!(updated == board_)) {  // servers repeat holdings; only a change is news
      board_ = updated;
      changed();
    }
  } catch (const std::exception& e) {
    out_.line(std::string("Error (") + e.what() + "): " + excerpt(in.line));
  }
}

void CecpEngine::cmd_partner(const Input& in) {
  partner_ = std::string(in.args);
  if (partner_.empty()) told_partner_sit_ = false;
}

void CecpEngine::cmd_ptell(const Input& in) { partner_tell(in.args); }

void CecpEngine::cmd_setboard(const Input& in) {
  try {
    board_ = parse_fen(in.args);
    history_.clear();
    new_turn();
  } catch (const std::exception& e) {
    out_.line(std::string("tellusererror Illegal position: ") + e.what());
  }
}

void CecpEngine::take_back(int moves) {
  for (int i = 0; i < moves && !history_.empty(); ++i) {
    board_ = history_.back();
    history_.pop_back();
  }
  new_turn();
}

void CecpEngine::cmd_undo(const Input&) { take_back(1); }
void CecpEngine::cmd_remove(const Input&) { take_back(2); }

void CecpEngine::cmd_draw(const Input&) {
  // The opponent offers a draw (protocol 2 with feature draw=1): accepting is offering in
  // turn; saying nothing declines. The answer follows mcts/draw_offer.h; without a search
  // of this game yet the engine cannot judge, and declines.
  if (last_value_ && search_accepts_draw(*last_value_)) out_.line("offer draw");
}

void CecpEngine::cmd_result(const Input&) {
  force_ = true;
  changed();
}

void CecpEngine::cmd_move_now(const Input&) {
  // Move now: the search answers with what it has, and a sit (ours or the partner's)
  // gives way to a move.
  move_now_ = true;
  partner_says_sit_ = false;
  sit_until_ = {};
  search_.stop();
  wake_.notify_all();
}

void CecpEngine::cmd_ping(const Input& in) { out_.line("pong " + std::string(in.args)); }
void CecpEngine::cmd_post(const Input&) { post_ = true; }
void CecpEngine::cmd_nopost(const Input&) { post_ = false; }
void CecpEngine::cmd_analyze(const Input&) { out_.line("Error (unsupported command): analyze"); }

void CecpEngine::not_a_command(std::string_view word) {
  // CECP: a word that is no command may be a move (protocol 1 and usermove=0 style).
  bool digit = false;
  for (char c : word) digit |= (c >= '1' && c <= '8');
  if (digit) apply_user_move(word);
  else out_.line("Error (unknown command): " + excerpt(word));
}

}  // namespace bh
