// xboard_player.cpp — driving a CECP engine through one seat of a match.
#include "training/players/xboard_player.h"

#include <algorithm>

#include "core/fen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "mcts/game_state.h"
#include "mcts/time_model.h"
#include "training/players/holdings.h"
#include "training/players/text_tokens.h"

namespace bh {

namespace {

using std::chrono::milliseconds;

std::int64_t elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - since).count();
}

// `feature a=1 b="x y" c=2` -> {a:1, b:x y, c:2}.
std::vector<std::pair<std::string, std::string>> parse_features(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t key_start = i;
    while (i < text.size() && text[i] != '=' && text[i] != ' ') ++i;
    std::string key(text.substr(key_start, i - key_start));
    if (i >= text.size() || text[i] != '=') {
      if (!key.empty()) out.emplace_back(key, "");
      continue;
    }
    ++i;
    std::string value;
    if (i < text.size() && text[i] == '"') {
      const std::size_t end = text.find('"', i + 1);
      value = std::string(text.substr(i + 1, end == std::string_view::npos ? std::string_view::npos : end - i - 1));
      i = end == std::string_view::npos ? text.size() : end + 1;
    } else {
      const std::size_t start = i;
      while (i < text.size() && text[i] != ' ') ++i;
      value = std::string(text.substr(start, i - start));
    }
    out.emplace_back(key, value);
  }
  return out;
}

// Thinking time as the match counts it: whole steps of its time grid, at least one.
std::int64_t on_time_grid(std::int64_t took_ms) {
  return std::max<std::int64_t>(kTimeGridMs, (took_ms + kTimeGridMs - 1) / kTimeGridMs * kTimeGridMs);
}

bool contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

// Does the engine say it will not move (Sjeng's sitting, a resignation, a claimed result)?
bool declines_to_move(std::string_view line) {
  const std::string l = to_lower(line);
  return contains(l, "have to sit") || contains(l, "forcedly mated") || contains(l, "tellics resign") ||
         l.rfind("resign", 0) == 0 || l.rfind("1-0", 0) == 0 || l.rfind("0-1", 0) == 0 || l.rfind("1/2-1/2", 0) == 0;
}

// The board `b` just before match event `index` (replaying the record without a clock).
Board board_before(const Match& match, std::size_t index, BoardId b) {
  Match replay(match.initial_board(BoardA), match.initial_board(BoardB), match.rules(), TimeControl::untimed());
  replay.set_recording(false);
  for (std::size_t i = 0; i < index; ++i) {
    const MatchEvent& e = match.events()[i];
    if (!e.move.is_wait()) replay.play_legal(board_of(e.seat), e.move, 0);
  }
  return replay.board(b);
}

}  // namespace

XboardEngineProcess::XboardEngineProcess(const EngineSpec& spec) : spec_(spec), process_(spec.argv, spec.name) {
  process_.write_line("xboard");
  process_.write_line("protover 2");
  // Features come within 2 seconds, or after `done=0` within a minute (CECP's rules); an
  // engine of protocol 1 sends none.
  auto limit = milliseconds(2000);
  const auto start = std::chrono::steady_clock::now();
  std::string variants;
  bool done = false;
  while (!done) {
    const milliseconds left = limit - milliseconds(elapsed_ms(start));
    if (left.count() <= 0) break;
    auto line = process_.read_line(left);
    if (!line) break;
    const std::string_view l = trim(*line);
    if (l.rfind("feature ", 0) != 0) continue;
    for (const auto& [key, value] : parse_features(l.substr(8))) {
      if (key == "done") {
        if (value == "0") limit = milliseconds(60'000);
        else done = true;
        continue;
      }
      if (key == "usermove") usermove_ = value == "1";
      else if (key == "san") san_ = value == "1";
      else if (key == "setboard") setboard_ = value == "1";
      else if (key == "colors") colors_ = value != "0";
      else if (key == "ping") ping_ = value == "1";
      else if (key == "variants") variants = value;
      if (key != "option") process_.write_line("accepted " + key);
    }
  }
  if (!variants.empty() && !contains("," + variants + ",", ",bughouse,"))
    throw EngineError("engine " + process_.name() + " does not play bughouse (its variants: " + variants + ")");
  for (const auto& [key, value] : spec_.options) process_.write_line("option " + key + "=" + value);
}

XboardEngineProcess::~XboardEngineProcess() {
  try {
    process_.write_line("force");
    process_.write_line("quit");
  } catch (const EngineError&) {
    // Already gone.
  }
}

std::string XboardEngineProcess::ping() {
  const std::string n = std::to_string(++pings_);
  process_.write_line("ping " + n);
  return "pong " + n;
}

void XboardEngineProcess::sync(milliseconds limit) {
  if (!ping_) return;
  const std::string pong = ping();
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const milliseconds left = limit - milliseconds(elapsed_ms(start));
    auto line = left.count() > 0 ? process_.read_line(left) : std::nullopt;
    if (!line) throw EngineError("engine " + process_.name() + " did not answer '" + pong + "'");
    if (trim(*line) == pong) return;
  }
}

XboardPlayer::XboardPlayer(std::shared_ptr<EnginePool<XboardEngineProcess>> pool, const RuleSet& rules,
                           const TimeModel& time)
    : pool_(std::move(pool)), engine_(pool_->acquire()), rules_(rules), time_(time), name_(engine_->spec().name) {}

void XboardPlayer::new_match() {
  started_ = false;
  events_sent_ = 0;
  sitting_ = false;
  sat_on_.reset();
  said_.clear();
}

void XboardPlayer::start_game(const Match& match, Seat seat) {
  Subprocess& io = engine_->io();
  const EngineSpec& spec = engine_->spec();
  const BoardId b = board_of(seat);
  io.write_line("new");
  io.write_line("variant bughouse");
  io.write_line("easy");  // no pondering: it would think on our CPU while others play
  const TimeControl& tc = match.time_control();
  if (tc.timed()) {
    const std::int64_t seconds = std::max<std::int64_t>(1, tc.initial_ms / 1000);
    io.write_line("level 0 " + std::to_string(seconds / 60) + ":" + (seconds % 60 < 10 ? "0" : "") +
                  std::to_string(seconds % 60) + " " + std::to_string(tc.increment_ms / 1000));
  }
  if (spec.st_seconds > 0) io.write_line("st " + std::to_string(std::max(1, int(spec.st_seconds))));
  if (spec.sd > 0) io.write_line("sd " + std::to_string(spec.sd));
  io.write_line("partner " + std::string(seat_name(partner_of(seat))));
  io.write_line("force");
  const Board& initial = match.initial_board(b);
  if (engine_->has_setboard() && (color_of(seat) == White || !(initial == Board()))) {
    // Sjeng (colors=1) adds imagined pieces to the hand of the side it believes it plays
    // against; after `new` it believes it plays Black. `black` makes it White (and puts
    // Black to move), `setboard` puts the right side to move back.
    if (color_of(seat) == White && engine_->uses_colors()) io.write_line("black");
    io.write_line("setboard " + to_fen(initial, false));
  }
  engine_->sync(milliseconds(10'000));
  events_sent_ = 0;
  sitting_ = false;
  sat_on_.reset();
}

void XboardPlayer::send_move(const Board& before, Move m) {
  Subprocess& io = engine_->io();
  const std::string text = engine_->wants_san() ? to_san(before, rules_, m) : to_uci(m);
  io.write_line(engine_->wants_usermove() ? "usermove " + text : text);
}

PlayerAction XboardPlayer::decide(const Match& match, Seat seat, std::int64_t t) {
  if (!engine_) throw EngineError("engine " + name_ + " was lost earlier in this match");
  try {
    return decide_or_throw(match, seat, t);
  } catch (const EngineError& e) {
    engine_.discard();  // out of step with the match now: never reuse it
    throw EngineError(std::string(e.what()) + " (playing " + std::string(seat_name(seat)) + ")");
  }
}

PlayerAction XboardPlayer::decide_or_throw(const Match& match, Seat seat, std::int64_t t) {
  const Board& now = match.board(board_of(seat));
  if (!started_) {
    start_game(match, seat);
    started_ = true;
  }
  send_news(match, seat, t);
  if (sitting_) {
    if (sat_on_ && now == *sat_on_) return {Move::wait(), time_.wait_ms()};  // nothing new: it sits on
    // Something changed (a piece arrived, or it moved despite its announcement and the
    // opponent answered): over to the engine again. Until told, it would sit silently.
    engine_->io().write_line("ptell go");
    sitting_ = false;
    sat_on_.reset();
  }
  return await_move(match, seat, t);
}

void XboardPlayer::send_news(const Match& match, Seat seat, std::int64_t t) {
  Subprocess& io = engine_->io();
  const BoardId b = board_of(seat);
  const Board& now = match.board(b);
  // The opponent's moves on this board since the engine last moved (its own moves it
  // made itself).
  const auto& events = match.events();
  for (std::size_t i = events_sent_; i < events.size(); ++i) {
    const MatchEvent& e = events[i];
    if (board_of(e.seat) != b || e.move.is_wait() || e.seat == seat) continue;
    send_move(engine_->wants_san() ? board_before(match, i, b) : now, e.move);  // UCI text needs no board
  }
  events_sent_ = events.size();
  io.write_line("holding " + format_holdings(now));
  if (match.time_control().timed()) {
    const Seat opponent = make_seat(b, ~color_of(seat));
    io.write_line("time " + std::to_string(std::max<std::int64_t>(0, match.remaining(seat, t)) / 10));
    io.write_line("otim " + std::to_string(std::max<std::int64_t>(0, match.remaining(opponent, t)) / 10));
  }
}

std::int64_t XboardPlayer::move_limit_ms(const Match& match, Seat seat, std::int64_t t) const {
  std::int64_t limit_ms = 60'000;
  if (match.time_control().timed()) limit_ms = match.remaining(seat, t) + 5'000;
  if (engine_->spec().st_seconds > 0)
    limit_ms = std::max<std::int64_t>(limit_ms, std::int64_t(engine_->spec().st_seconds * 1000) + 5'000);
  return limit_ms;
}

PlayerAction XboardPlayer::await_move(const Match& match, Seat seat, std::int64_t t) {
  Subprocess& io = engine_->io();
  const Board& now = match.board(board_of(seat));
  std::int64_t limit_ms = move_limit_ms(match, seat, t);
  const auto start = std::chrono::steady_clock::now();
  io.write_line("go");
  bool hurried = false;
  for (;;) {
    const milliseconds left = milliseconds(limit_ms) - milliseconds(elapsed_ms(start));
    std::optional<std::string> line;
    if (left.count() > 0) line = io.read_line(left);
    if (!line) {
      if (hurried) throw EngineError("engine " + name_ + " made no move within " + std::to_string(limit_ms / 1000) + " s");
      io.write_line("?");  // CECP: move now
      hurried = true;
      limit_ms += 3000;
      continue;
    }
    const std::string_view l = trim(*line);
    const std::int64_t think = on_time_grid(elapsed_ms(start));
    if (l.rfind("move ", 0) == 0) {
      const std::string text(trim(l.substr(5)));
      io.write_line("force");
      return {legal_move(now, text), think, claims_after_move()};
    }
    // (An "Error (...)" line answers a command it does not know, e.g. `partner`: harmless.)
    if (l.rfind("tellics ptell ", 0) == 0) said_.emplace_back(trim(l.substr(14)));
    if (l.rfind("Illegal move", 0) == 0)
      throw EngineError("engine " + name_ + " refused our input: " + std::string(l) + " (position " + to_fen(now) + ")");
    if (declines_to_move(l)) return settle_sit(now, think);
  }
}

PlayerAction XboardPlayer::settle_sit(const Board& now, std::int64_t think_ms) {
  // Some engines announce a sit and move all the same (Sjeng within a few moves of a
  // partner's `go`). A ping settles it: a move comes before the pong, a sit does not.
  const std::optional<std::string> moved = late_move();
  engine_->io().write_line("force");
  sitting_ = true;  // it stays in its sitting mode either way
  if (moved) return {legal_move(now, *moved), think_ms};
  sat_on_ = now;
  return {Move::wait(), std::max(think_ms, time_.wait_ms())};
}

std::optional<std::string> XboardPlayer::late_move() {
  Subprocess& io = engine_->io();
  const bool ping = engine_->has_ping();
  const std::string pong = ping ? engine_->ping() : std::string();
  const auto asked = std::chrono::steady_clock::now();
  const milliseconds wait_for = ping ? milliseconds(10'000) : milliseconds(500);
  std::optional<std::string> move;
  for (;;) {
    const milliseconds rest = wait_for - milliseconds(elapsed_ms(asked));
    auto after = rest.count() > 0 ? io.read_line(rest) : std::nullopt;
    if (!after) {
      if (ping) throw EngineError("engine " + name_ + " did not answer '" + pong + "'");
      return move;
    }
    const std::string_view a = trim(*after);
    if (a.rfind("tellics ptell ", 0) == 0) said_.emplace_back(trim(a.substr(14)));
    if (a.rfind("move ", 0) == 0) move = std::string(trim(a.substr(5)));
    if (ping && a == pong) return move;
  }
}

// CECP engines claim a draw by announcing the result right after their move ("move g1f3",
// then "1/2-1/2 {Draw by repetition}"). Only standard chess has claims (core/RULES.md
// "Chess draws"), and only an engine that answers pings can be asked whether one follows.
bool XboardPlayer::claims_after_move() {
  if (!rules_.is_chess() || !engine_->has_ping()) return false;
  Subprocess& io = engine_->io();
  const std::string pong = engine_->ping();
  bool claimed = false;
  for (;;) {
    const auto line = io.read_line(milliseconds(10'000));
    if (!line) throw EngineError("engine " + name_ + " did not answer '" + pong + "'");
    const std::string_view l = trim(*line);
    if (l.rfind("1/2-1/2", 0) == 0) claimed = true;
    if (l.rfind("tellics ptell ", 0) == 0) said_.emplace_back(trim(l.substr(14)));
    if (l == pong) return claimed;
  }
}

std::vector<std::string> XboardPlayer::take_partner_messages() { return std::exchange(said_, {}); }

// Only to an engine in a game: a message before the first decision has nobody to go to.
void XboardPlayer::hear_partner(const std::string& message) {
  if (engine_ && started_) engine_->io().write_line("ptell " + message);
}

Move XboardPlayer::legal_move(const Board& now, std::string_view text) const {
  try {
    return parse_move(now, rules_, text);
  } catch (const ParseError& e) {
    throw EngineError("engine " + name_ + " answered an illegal move: " + e.what());
  }
}

}  // namespace bh
