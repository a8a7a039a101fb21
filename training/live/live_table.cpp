// live_table.cpp — the terminal front end of a live match: the person's input lines and
// the display; the refereeing (clocks, computer seats, flags) is LiveMatch's.
#include "training/live/live_table.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "mcts/partner_player.h"
#include "training/live/line_reader.h"
#include "training/live/live_match.h"
#include "training/live/terminal_round.h"
#include "training/live/table_view.h"
#include "training/players/text_tokens.h"

namespace bh {

namespace {

constexpr const char* kHelp =
    "Moves: UCI (e2e4, e7e8q, N@f3) or SAN (Nf3, exd5, O-O, N@f3). Pieces you hold are shown in [brackets] "
    "and can be dropped on any empty square (pawns not on the first or last rank, unless the rules say "
    "otherwise); a piece marked ~ (Q~) was "
    "promoted and passes to the partner as a pawn when taken. Commands: resign, help, "
    "claim [move] (a draw by threefold repetition or fifty moves, with the move that makes it: standard chess, or the claim options of core/RULES.md \"Repetition\"), "
    "draw (offer a draw, or accept the one offered: a computer accepts unless its search rates its team ahead), "
    "decline, "
    "tell TEXT (to your partner: a computer partner obeys 'sit' while its clock allows, 'go', and 'need N' "
    "(or P, B, R, Q) when a capture that passes one costs nothing, and answers ok or no; it says 'sit' and "
    "'need X' itself, shown in words); an empty line redraws the table. Your partner's captures come to your "
    "reserve.";

// What a person may tell in one message (one line of a terminal).
constexpr std::size_t kMaxTell = 200;

// "B-black (partner): need N (I need a knight: dropped now, it would mate)".
std::string partner_line(Seat partner, const std::string& said) {
  const std::string words = partner_player_words(said);
  return std::string(seat_name(partner)) + " (partner): " + said + (words == said ? "" : " (" + words + ")");
}

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = char(text[0] - 'a' + 'A');
  return text;
}

}  // namespace

struct LiveTable::Impl {
  LiveTableConfig config;
  LineReader input;
  std::ostream& out;
  LiveMatch live;
  Match view;  // the match as the last event left it: what the table shows
  std::string message;    // shown under the table on the next draw
  bool prompted = false;  // the table was shown since it became the person's turn
  std::array<bool, 2> game_reported{};  // both_games: a board's finished game was said

  Impl(const LiveTableConfig& c, std::array<std::unique_ptr<Player>, kSeats> p, int fd, std::ostream& o)
      : config(c), input(fd), out(o), live(c.rules, c.clock, std::move(p)), view(c.rules, c.clock) {
    live.on_event([this](const LiveEvent& e) { on_event(e); });
  }

  bool human_to_move() const {
    const BoardId b = board_of(config.you);
    return !view.over() && view.mover(b) == config.you && view.state(b) == BoardState::Playing;
  }

  void draw() {
    const std::int64_t t = std::max(view.now(), live.now());
    if (config.interactive) out << "\x1b[H\x1b[2J";
    out << render_table(view, t, config.you);
    if (!message.empty()) out << message << "\n";
    if (view.over()) out << "Result: " << view.outcome().describe() << "\n";
    else if (human_to_move()) out << "Your move (" << seat_name(config.you) << "): " << (config.interactive ? "" : "\n");
    else out << "(" << seat_name(config.you) << ": waiting for your turn; 'help' for help)\n";
    out << std::flush;
    message.clear();
  }

  // The referee's events (delivered on this thread: it drives the referee).
  void on_event(const LiveEvent& e) {
    view = e.after;
    say_event(e);
    report_finished_games();
  }

  void say_event(const LiveEvent& e) {
    if (e.kind == LiveEvent::Kind::Tell) return event(partner_line(e.seat, e.text));
    if (e.kind == LiveEvent::Kind::Draw)
      return event(std::string(seat_name(e.seat)) + (e.seat == config.you ? " (you) " : " ") + e.text);
    if (e.kind == LiveEvent::Kind::Over && !e.text.empty()) return event(e.text);  // why a program lost
    if (e.kind != LiveEvent::Kind::Move) return;  // the end is drawn once the loop stops
    if (e.seat == config.you) {
      prompted = false;
      event(std::string(seat_name(e.seat)) + " (you) play " + e.san);
    } else {
      event(std::string(seat_name(e.seat)) + " plays " + e.san + "   (" +
            format_clock(e.after.remaining(e.seat, e.time_ms), true) + " left)");
    }
  }

  // core/RULES.md "Both games played out": a game that ended while the other goes on is
  // said once (the match's end is drawn when the loop stops).
  void report_finished_games() {
    for (BoardId b : {BoardA, BoardB}) {
      if (view.over() || !view.game_over(b) || game_reported[b]) continue;
      game_reported[b] = true;
      event(std::string("Board ") + (b == BoardA ? "A" : "B") + "'s game is over: " + view.game(b).describe());
    }
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

  void human_line(const std::string& raw) {
    const std::string text(trim(raw));
    const std::string lower = to_lower(text);
    if (lower == "resign" || lower == "quit" || lower == "exit") {
      live.resign(config.you);
      return;
    }
    if (lower == "tell" || lower.rfind("tell ", 0) == 0) return tell(trim(std::string_view(text).substr(4)));
    if (lower == "draw") return offer_draw();
    if (lower == "decline") return decline_draw();
    if (text.empty() || lower == "help" || lower == "?") {
      if (!text.empty()) message = kHelp;
      view = live.snapshot();
      draw();
      return;
    }
    const bool claim = lower == "claim" || lower.rfind("claim ", 0) == 0;
    const SubmitResult r = claim ? live.claim_draw(config.you, trim(std::string_view(text).substr(5)))
                                 : live.submit(config.you, text);
    if (r.verdict == Verdict::Ok || r.verdict == Verdict::Over) return;
    message = r.verdict == Verdict::Illegal ? "Illegal: " + r.message
              : r.message == "not your turn" ? "Not your turn: " + text + " ignored"
                                             : capitalized(r.message);
    view = live.snapshot();
    draw();
  }
  // The person says `text` to the partner (a computer partner hears it between its
  // decisions and answers with Tell events).
  void tell(std::string_view text) {
    if (text.empty()) {
      message = "Tell what? e.g. tell need N";
    } else if (text.size() > kMaxTell) {
      message = "Too long to tell: at most " + std::to_string(kMaxTell) + " characters";
    } else {
      // Said first, then heard: the partner's answer may come back inside live.tell().
      event("You tell " + std::string(seat_name(partner_of(config.you))) + ": " + std::string(text));
      return live.tell(config.you, text);
    }
    view = live.snapshot();
    draw();
  }

  // The person offers a draw or accepts the one offered; the answer is shown when the
  // match goes on (the end is drawn when the loop stops).
  void offer_draw() {
    const SubmitResult r = live.offer_draw(config.you);
    if (live.over()) return;
    message = r.verdict == Verdict::Ok ? "Draw offered: " + r.message : "No draw: " + r.message;
    view = live.snapshot();
    draw();
  }

  void decline_draw() {
    if (live.draw_agreed().empty()) {
      message = "No draw is offered";
      view = live.snapshot();
      return draw();
    }
    live.decline_draw(config.you);
  }

  // The rules as they differ from the common form (core/RULES.md "Rule options").
  std::string rules_text() const {
    const std::vector<std::string> changed = describe_changes(config.rules);
    if (changed.empty()) return "the common rules";
    std::string text = "rules:";
    for (const std::string& c : changed) text += " " + c;
    return text;
  }

  Match run() {
    out << "Bughouse: you play " << seat_name(config.you) << " (" << team_name(team_of(config.you)) << ", partner "
        << seat_name(partner_of(config.you)) << "), " << config.clock.to_string() << ", " << rules_text()
        << ". Type 'help' for help.\n";
    live.start();
    view = live.snapshot();
    draw();
    prompted = human_to_move();
    while (terminal_round(live, input, config.you, [this](const std::string& line) { human_line(line); })) {
    }
    live.await_decisions();
    view = live.snapshot();
    message.clear();
    out << "\n";
    draw();
    return view;
  }
};

// Checks the seats before the referee takes the players: only the person's seat is empty.
static std::array<std::unique_ptr<Player>, kSeats> seated(const LiveTableConfig& config,
                                                          std::array<std::unique_ptr<Player>, kSeats> computers) {
  for (int s = 0; s < kSeats; ++s)
    if (Seat(s) != config.you && !computers[std::size_t(s)])
      throw std::invalid_argument("live table: seat " + std::string(seat_name(Seat(s))) + " has no player");
  computers[config.you].reset();
  return computers;
}

LiveTable::LiveTable(const LiveTableConfig& config, std::array<std::unique_ptr<Player>, kSeats> computers,
                     int input_fd, std::ostream& out)
    : impl_(std::make_unique<Impl>(config, seated(config, std::move(computers)), input_fd, out)) {}

LiveTable::~LiveTable() = default;

Match LiveTable::run() { return impl_->run(); }

}  // namespace bh
