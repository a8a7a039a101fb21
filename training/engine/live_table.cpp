// live_table.cpp — the referee of a live match: wall clock, computer decisions on their
// own threads, the person's input, flags, and the display.
#include "training/engine/live_table.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <future>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "training/engine/table_view.h"
#include "training/engine/text_tokens.h"

namespace bh {

namespace {

constexpr const char* kHelp =
    "Moves: UCI (e2e4, e7e8q, N@f3) or SAN (Nf3, exd5, O-O, N@f3). Pieces you hold are shown in [brackets] "
    "and can be dropped on any empty square (pawns not on the first or last rank). Commands: resign, help; "
    "an empty line redraws the table. Your partner's captures come to your reserve.";

// A computer seat's decision in flight or made: asked at `asked`, lands at asked + think.
struct Pending {
  bool active = false;
  Seat seat = AWhite;
  std::int64_t asked = 0;
  std::future<PlayerAction> decision;
  std::optional<PlayerAction> action;  // once the future is ready
};

}  // namespace

struct LiveTable::Impl {
  LiveTableConfig config;
  std::array<std::unique_ptr<Player>, kSeats> computers;
  int input_fd;
  std::ostream& out;
  Match match;
  std::chrono::steady_clock::time_point start;
  std::array<Pending, 2> pending{};
  std::string input_buffer;
  bool input_open = true;
  std::string message;  // shown under the table on the next draw
  bool prompted = false;  // the table was shown since it became the person's turn

  Impl(const LiveTableConfig& c, std::array<std::unique_ptr<Player>, kSeats> p, int fd, std::ostream& o)
      : config(c), computers(std::move(p)), input_fd(fd), out(o), match(c.rules, c.clock) {}

  std::int64_t now() const {
    return std::max(match.now(), std::int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                  std::chrono::steady_clock::now() - start)
                                                  .count()));
  }

  bool human_to_move() const {
    const BoardId b = board_of(config.you);
    return !match.over() && match.mover(b) == config.you && match.state(b) == BoardState::Playing;
  }

  void draw() {
    const std::int64_t t = now();
    if (config.interactive) out << "\x1b[H\x1b[2J";
    out << render_table(match, t, config.you);
    if (!message.empty()) out << message << "\n";
    if (match.over()) out << "Result: " << match.outcome().describe() << "\n";
    else if (human_to_move()) out << "Your move (" << seat_name(config.you) << "): " << (config.interactive ? "" : "\n");
    else out << "(" << seat_name(config.you) << ": waiting for your turn; 'help' for help)\n";
    out << std::flush;
    message.clear();
  }

  // One line per event in a pipe; the full table when the person must act.
  void event(const std::string& line) {
    if (config.interactive) {
      message = line;
      draw();
      return;
    }
    out << line << "\n";
    if (human_to_move() && !prompted) {
      draw();
      prompted = true;
    } else {
      out << std::flush;
    }
  }

  // Asks board b's mover if it is a computer with something to decide.
  void ask(BoardId b, std::int64_t t) {
    pending[b] = Pending{};
    if (match.over() || match.state(b) != BoardState::Playing) return;  // stuck: waits for a piece
    const Seat s = match.mover(b);
    if (s == config.you) return;
    Player* player = computers[s].get();
    pending[b].active = true;
    pending[b].seat = s;
    pending[b].asked = t;
    // The player gets its own copy: the referee goes on changing the match meanwhile.
    pending[b].decision = std::async(std::launch::async, [player, copy = match, s, t] { return player->decide(copy, s, t); });
  }

  void wait_for_computers() {
    for (auto& p : pending)
      if (p.active && p.decision.valid()) p.decision.wait();
  }

  // Plays or records a computer action that is due; returns whether something happened.
  bool act(BoardId b, std::int64_t t) {
    Pending& p = pending[b];
    PlayerAction a = *p.action;
    const Seat s = p.seat;
    pending[b] = Pending{};
    if (match.over() || match.mover(b) != s) return false;
    if (a.action.is_wait()) {
      match.wait(b, t);
      ask(b, t);
      return true;
    }
    if (!is_legal(match.board(b), config.rules, a.action))
      throw std::runtime_error(computers[s]->name() + " playing " + std::string(seat_name(s)) + " chose the illegal move " +
                               to_uci(a.action));
    const std::string san = to_san(match.board(b), config.rules, a.action);
    if (!match.play(b, a.action, t)) return true;  // it flagged first
    event(std::string(seat_name(s)) + " plays " + san + "   (" + format_clock(match.remaining(s, t), true) + " left)");
    after_move(b, t);
    return true;
  }

  void after_move(BoardId b, std::int64_t t) {
    if (match.over()) return;
    ask(b, t);
    if (!pending[other(b)].active) ask(other(b), t);  // a capture may have woken a stuck mover
  }

  void human_line(const std::string& raw) {
    const std::string text(trim(raw));
    const std::string lower = to_lower(text);
    if (text.empty()) {
      draw();
      return;
    }
    if (lower == "help" || lower == "?") {
      message = kHelp;
      draw();
      return;
    }
    const std::int64_t t = now();
    if (lower == "resign" || lower == "quit" || lower == "exit") {
      match.resign(config.you, t);
      return;
    }
    const BoardId b = board_of(config.you);
    if (!human_to_move()) {
      message = match.state(b) == BoardState::Playing ? "Not your turn: " + text + " ignored"
                                                       : "You have no legal move: wait for your partner to send a piece";
      draw();
      return;
    }
    Move m;
    try {
      m = parse_move(match.board(b), config.rules, text);
    } catch (const ParseError& e) {
      message = std::string("Illegal: ") + e.what();
      draw();
      return;
    }
    if (m.is_wait()) {
      message = "To wait, just do not move (your clock runs).";
      draw();
      return;
    }
    const std::string san = to_san(match.board(b), config.rules, m);
    if (!match.play(b, m, t)) return;  // your flag fell before the move
    prompted = false;
    event(std::string(seat_name(config.you)) + " (you) play " + san);
    after_move(b, t);
  }

  // Reads what is there without blocking; returns complete lines.
  std::vector<std::string> read_input() {
    std::vector<std::string> lines;
    char chunk[1024];
    for (;;) {
      pollfd p{input_fd, POLLIN, 0};
      if (::poll(&p, 1, 0) <= 0) break;
      const ssize_t n = ::read(input_fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        input_open = false;
        break;
      }
      input_buffer.append(chunk, std::size_t(n));
    }
    std::size_t nl;
    while ((nl = input_buffer.find('\n')) != std::string::npos) {
      lines.push_back(input_buffer.substr(0, nl));
      input_buffer.erase(0, nl + 1);
    }
    if (!input_open && !input_buffer.empty()) {
      lines.push_back(input_buffer);
      input_buffer.clear();
    }
    return lines;
  }

  Match run() {
    begin();
    try {
      while (!match.over() && step()) {
      }
    } catch (...) {
      wait_for_computers();
      throw;
    }
    wait_for_computers();
    if (!match.over()) match.advance_to(now());
    message.clear();
    out << "\n";
    draw();
    return match;
  }

  void begin() {
    start = std::chrono::steady_clock::now();
    for (auto& c : computers)
      if (c) c->new_match();
    out << "Bughouse: you play " << seat_name(config.you) << " (" << team_name(team_of(config.you)) << ", partner "
        << seat_name(partner_of(config.you)) << "), " << config.clock.to_string() << ". Type 'help' for help.\n";
    ask(BoardA, 0);
    ask(BoardB, 0);
    draw();
    prompted = human_to_move();
  }

  // One round of refereeing: finished decisions in, due actions played, the person's
  // input read; false once the match is over or the person left.
  bool step() {
    collect_decisions();
    const std::int64_t t = now();
    play_due(t);
    if (match.over() || !match.advance_to(t)) return false;
    for (const std::string& line : read_input()) {
      human_line(line);
      if (match.over()) break;
    }
    if (match.over()) return false;
    if (!input_open) {
      match.resign(config.you, now());  // end of input: the person left the table
      return false;
    }
    sleep_until_next();
    return true;
  }

  void collect_decisions() {
    for (auto& p : pending)
      if (p.active && !p.action && p.decision.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        p.action = p.decision.get();
  }

  // Due actions in time order, up to `t`; a flag that falls first ends the match.
  void play_due(std::int64_t t) {
    for (;;) {
      int due = -1;
      std::int64_t due_at = 0;
      for (BoardId b : {BoardA, BoardB}) {
        const Pending& p = pending[b];
        if (!p.active || !p.action) continue;
        const std::int64_t at = std::max(p.asked + std::max<std::int64_t>(1, p.action->think_ms), match.now());
        if (at <= t && (due < 0 || at < due_at)) due = b, due_at = at;
      }
      if (due < 0 || match.over()) return;
      if (!match.advance_to(due_at)) return;
      act(BoardId(due), due_at);
    }
  }

  // Sleeps until input, the next due action or the next flag (at most 50 ms).
  void sleep_until_next() {
    std::int64_t next = now() + 200;
    for (const Pending& p : pending)
      if (p.active && p.action) next = std::min(next, p.asked + p.action->think_ms);
    if (config.clock.timed()) next = std::min({next, match.flag_time(BoardA), match.flag_time(BoardB)});
    const std::int64_t sleep_ms = std::clamp<std::int64_t>(next - now(), 0, 50);
    pollfd p{input_fd, POLLIN, 0};
    ::poll(&p, 1, int(sleep_ms));
  }
};

LiveTable::LiveTable(const LiveTableConfig& config, std::array<std::unique_ptr<Player>, kSeats> computers,
                     int input_fd, std::ostream& out)
    : impl_(std::make_unique<Impl>(config, std::move(computers), input_fd, out)) {
  for (int s = 0; s < kSeats; ++s)
    if (Seat(s) != config.you && !impl_->computers[s])
      throw std::invalid_argument("live table: seat " + std::string(seat_name(Seat(s))) + " has no player");
}

LiveTable::~LiveTable() = default;

Match LiveTable::run() { return impl_->run(); }

}  // namespace bh
