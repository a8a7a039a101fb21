// live_row_table.cpp — the terminal front end of a live row: the person's lines and the
// display; the refereeing is LiveRow's.
#include "training/live/live_row_table.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "training/live/line_reader.h"
#include "training/live/row_view.h"
#include "training/live/terminal_round.h"
#include "training/players/text_tokens.h"

namespace bh {

namespace {

constexpr const char* kHelp =
    "Moves: UCI (e2e4, N@f3) or SAN (Nf3, exd5, N@f3). A capture passes the piece to a team-mate who plays "
    "its colour; where two can receive it, name the board after '>' (exd5>C, e4d5>A). Pieces you hold are "
    "shown in [brackets]. The boards are drawn from your team's side: your team plays White on every other "
    "board. Commands: resign, help; an empty line redraws the table.";

}  // namespace

struct LiveRowTable::Impl {
  LiveRowTableConfig config;
  LineReader input;
  std::ostream& out;
  LiveRow live;
  std::string message;
  bool prompted = false;

  Impl(const LiveRowTableConfig& c, std::vector<std::unique_ptr<TablePlayer>> computers, int fd, std::ostream& o)
      : config(c), input(fd), out(o), live(c.row, std::move(computers)) {
    live.on_event([this](const LiveRowEvent& e) { on_event(e); });
  }

  bool person_to_move() const {
    const Table& t = live.table();
    const BoardId b = board_of(config.you);
    return !t.over() && t.mover(b) == config.you && t.state(b) == BoardState::Playing;
  }

  void draw() {
    const Table& t = live.table();
    if (config.interactive) out << "\x1b[H\x1b[2J";
    out << render_row(t, std::max(t.now(), live.now()), config.you);
    if (!message.empty()) out << message << "\n";
    if (t.over()) out << "Result: " << t.outcome().describe() << "\n";
    else if (person_to_move()) out << "Your move (" << seat_name(config.you) << "): " << (config.interactive ? "" : "\n");
    else out << "(" << seat_name(config.you) << ": waiting for your turn; 'help' for help)\n";
    out << std::flush;
    message.clear();
  }

  void on_event(const LiveRowEvent& e) {
    if (e.kind == LiveRowEvent::Kind::Over) return;  // the end is drawn once the loop stops
    std::string line = std::string(seat_name(e.seat));
    if (e.kind == LiveRowEvent::Kind::Sit) line += " sits";
    else if (e.seat == config.you) line += " (you) play " + e.san, prompted = false;
    else line += " plays " + e.san;
    event(line);
  }

  // One line per event in a pipe; the full table when the person must act.
  void event(const std::string& line) {
    if (config.interactive) {
      message = line;
      return draw();
    }
    out << line << "\n";
    if (person_to_move() && !prompted) {
      draw();
      prompted = true;
    } else {
      out << std::flush;
    }
  }

  void person_line(const std::string& raw) {
    const std::string text(trim(raw));
    const std::string lower = to_lower(text);
    if (lower == "resign" || lower == "quit" || lower == "exit") return live.resign(config.you);
    if (text.empty() || lower == "help" || lower == "?") {
      if (!text.empty()) message = kHelp;
      return draw();
    }
    const SubmitResult r = live.submit(config.you, text);
    if (r.verdict == Verdict::Ok || r.verdict == Verdict::Over) return;
    message = r.verdict == Verdict::Illegal ? "Illegal: " + r.message : "Not now: " + r.message + "; " + text + " ignored";
    draw();
  }

  Table run() {
    out << "Bughouse on " << live.table().boards() << " boards: you play " << seat_name(config.you) << " ("
        << team_name(team_of(config.you)) << "), " << config.row.clock.to_string() << ". Type 'help' for help.\n";
    live.start();
    draw();
    prompted = person_to_move();
    while (terminal_round(live, input, config.you, [this](const std::string& line) { person_line(line); })) {
    }
    message.clear();
    out << "\n";
    draw();
    return live.table();
  }
};

namespace {

// Only the person's seat is empty.
std::vector<std::unique_ptr<TablePlayer>> seated(const LiveRowTableConfig& config,
                                                 std::vector<std::unique_ptr<TablePlayer>> computers) {
  if (config.you >= computers.size()) throw std::invalid_argument("live row: no seat " + std::string(seat_name(config.you)));
  for (std::size_t s = 0; s < computers.size(); ++s)
    if (Seat(s) != config.you && !computers[s])
      throw std::invalid_argument("live row: seat " + std::string(seat_name(Seat(s))) + " has no player");
  computers[config.you].reset();
  return computers;
}

}  // namespace

LiveRowTable::LiveRowTable(const LiveRowTableConfig& config, std::vector<std::unique_ptr<TablePlayer>> computers,
                           int input_fd, std::ostream& out)
    : impl_(std::make_unique<Impl>(config, seated(config, std::move(computers)), input_fd, out)) {}

LiveRowTable::~LiveRowTable() = default;

Table LiveRowTable::run() { return impl_->run(); }

}  // namespace bh
