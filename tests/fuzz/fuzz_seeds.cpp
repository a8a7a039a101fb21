// fuzz_seeds.cpp — writes the seed corpus of every fuzz target from the repository's own
// test data: the FENs and lines of tests/data/*.epd, the games of
// tests/data/match_replays.bpgn (records, moves in UCI and SAN, engine sessions, chunks of
// samples taken along them), configs/*.toml, and checkpoint envelopes. Run by
// scripts/fuzz.sh before the targets:
//
//   fuzz_seeds <tests/data> <configs> <out>   ->  <out>/<target>/seed-NNNN
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match_view.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "mcts/chunk.h"
#include "nn/checkpoint_envelope.h"
#include "tests/fuzz/chunk_input.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

class Corpus {
 public:
  explicit Corpus(fs::path root) : root_(std::move(root)) {}
  void add(const std::string& target, std::string_view bytes) {
    const fs::path dir = root_ / target;
    fs::create_directories(dir);
    char name[32];
    std::snprintf(name, sizeof name, "seed-%04d", count_[target]++);
    std::ofstream(dir / name, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
  }
  void add(const std::string& target, const std::vector<std::uint8_t>& bytes) {
    add(target, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  }
  void report() const {
    for (const auto& [target, n] : count_) std::cout << "fuzz_seeds: " << target << " " << n << " seeds\n";
  }

 private:
  fs::path root_;
  std::map<std::string, int> count_;
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> epd_lines(const fs::path& data) {
  std::vector<std::string> out;
  for (const char* name : {"bughouse_perft.epd", "chess_perft.epd"}) {
    std::istringstream in(read_text(data / name));
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

std::vector<std::string> fens(const std::vector<std::string>& lines) {
  std::vector<std::string> out{std::string(kStartFen)};
  for (const std::string& l : lines) out.push_back(l.substr(0, l.find(';')));
  return out;
}

// The text of each game of a BPGN file.
std::vector<std::string> game_texts(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t at = text.find("[Event"); at != std::string::npos;) {
    const std::size_t next = text.find("\n[Event", at + 1);
    out.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next + 1 - at));
    at = next == std::string::npos ? next : next + 1;
  }
  return out;
}

void text_seeds(Corpus& c, const std::vector<std::string>& lines, const std::vector<std::string>& all_fens) {
  for (const std::string& f : all_fens) c.add("fen", f);
  for (std::size_t i = 0; i + 1 < all_fens.size(); i += 8)
    c.add("bfen", all_fens[i] + " | " + all_fens[i + 1] + (i % 16 ? "" : " | 60000 59000 58000 57000"));
  for (std::size_t i = 0; i < lines.size(); i += 10) {
    std::string group;
    for (std::size_t k = i; k < std::min(lines.size(), i + 10); ++k) group += lines[k] + "\n";
    c.add("epd", group);
  }
}

// "<rules byte><fen>\n<move>" for a few legal moves of every tenth position.
void move_seeds(Corpus& c, const std::vector<std::string>& all_fens) {
  for (std::size_t i = 0; i < all_fens.size(); i += 10) {
    const Board board = parse_fen(all_fens[i]);
    const MoveList moves = legal_moves(board, RuleSet{});
    const std::string prefix = std::string(1, char(i % 3 == 0 ? 0 : i)) + all_fens[i] + "\n";
    for (int k = 0; k < std::min(moves.size, 4); ++k) {
      const Move m = moves.moves[std::size_t(k * moves.size / 4)];
      c.add("uci_move", prefix + to_uci(m));
      c.add("san_move", prefix + to_san(board, RuleSet{}, m));
    }
  }
}

// Samples along a replayed match: the view of each mover before its move, the policy
// uniform over its legal moves, the match's result for the mover's team.
std::vector<Sample> samples_along(const Match& played, std::size_t limit) {
  Match m(played.initial_board(BoardA), played.initial_board(BoardB), played.rules(), played.time_control(),
          played.initial_clocks());
  std::vector<Sample> out;
  for (const MatchEvent& e : played.events()) {
    if (e.move.is_wait()) break;
    if (out.size() < limit) {
      Sample s;
      MatchView::of(m, e.seat, e.time_ms).pack(s.view);
      s.seat = e.seat;
      const MoveList legal = m.legal_moves(board_of(e.seat));
      for (Move mv : legal) s.policy.push_back({mv.raw(), 1.0f / float(legal.size)});
      const MatchResult r = played.outcome().result;
      s.result = std::int8_t(r == MatchResult::Draw || r == MatchResult::Ongoing ? 0
                             : r == win_for(team_of(e.seat))                     ? 1
                                                                                 : -1);
      s.visits = 64;
      s.root_value = 0.25f;
      out.push_back(std::move(s));
    }
    if (!m.play(board_of(e.seat), e.move, e.time_ms)) break;
  }
  return out;
}

void chunk_seeds(Corpus& c, const std::vector<Match>& matches) {
  for (std::size_t i = 0; i < matches.size(); i += 10) {
    const std::vector<Sample> samples = samples_along(matches[i], 6);
    const std::vector<std::uint8_t> chunk = encode_chunk(samples, {}, 1);
    std::vector<std::uint8_t> input;
    for (const Sample& s : samples) fuzz::write_chunk_input(s, input);
    for (std::uint8_t mode : {0, 1}) {
      std::vector<std::uint8_t> seed{mode};
      seed.insert(seed.end(), chunk.begin(), chunk.end());
      c.add("chunk", seed);
    }
    input.insert(input.begin(), 2);
    c.add("chunk", input);
    const std::string entry = "1712345678901-" + std::to_string(i) + "\nworker=worker-" + std::to_string(i) +
                              "\nnet=2\nsamples=" + std::to_string(samples.size()) + "\nmatches=1\ncid=c" +
                              std::to_string(i) + "\n\n";
    c.add("stream_entry", entry + std::string(chunk.begin(), chunk.end()));
  }
  c.add("stream_entry", "1-0\nworker=w\nnet=x\nsamples=1\n\nBHCHUNK");
}

std::string move_word(BoardId board, Move m, bool prefixed) {
  return (prefixed ? std::string(board == BoardA ? "1" : "2") : std::string()) + to_uci(m);
}

// UCI sessions: single-board and whole-match positions along a game, each with a `go`.
void uci_seeds(Corpus& c, const Match& match, int index) {
  std::string one = "position startpos moves", two = "position startpos moves";
  int plies = 0;
  for (const MatchEvent& e : match.events()) {
    if (e.move.is_wait() || ++plies > 12) break;
    two += " " + move_word(board_of(e.seat), e.move, true);
    if (board_of(e.seat) == BoardA) one += " " + move_word(BoardA, e.move, false);
  }
  c.add("uci_engine", "uci\nisready\nsetoption name Visits value 4\nucinewgame\n" + one + "\ngo nodes 16\nisready\nd\n");
  c.add("uci_engine", "setoption name Team value " + std::string(index % 2 ? "white" : "black") + "\n" + two +
                          "\ngo wtime 1000 btime 1000 winc 10 binc 10\nstop\n");
  c.add("uci_engine", "position fen " + to_bfen(match.board(BoardA), match.board(BoardB)) +
                          "\ngo seat A-white clocks 60000 60000 60000 60000 inc 0\ngo infinite\nstop\nquit\n");
  c.add("uci_engine", "position fen " + to_fen(match.board(BoardA)) + "\ngo movetime 20\nstop\n");
}

std::string holding(const Board& b) {
  std::string s = "holding [";
  for (Color side : {White, Black}) {
    for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn})
      for (int n = 0; n < b.reserve(side)[t]; ++n) s += "PNBRQ"[t];
    s += side == White ? "] [" : "]";
  }
  return s;
}

// CECP sessions: board A of a game in force mode with the holdings as a server sends
// them, then the engine moves; and the partner's requests.
void cecp_seeds(Corpus& c, const Match& match) {
  std::string s = "xboard\nprotover 2\nnew\nvariant bughouse\nforce\n";
  Match m(match.rules(), match.time_control());
  int plies = 0;
  for (const MatchEvent& e : match.events()) {
    if (e.move.is_wait() || ++plies > 16) break;
    if (!m.play(board_of(e.seat), e.move, e.time_ms)) break;
    if (board_of(e.seat) == BoardA) s += "usermove " + to_uci(e.move) + "\n";
    s += holding(m.board(BoardA)) + "\n";
  }
  c.add("cecp_engine", s + "level 0 0:10 0\ntime 1000\notim 1000\ngo\nping 1\n");
  c.add("cecp_engine", s + "partner bob\nptell sit\ngo\nptell go\nptell fast\n?\nundo\nremove\npost\nst 1\n");
  c.add("cecp_engine", "new\nsetboard " + to_fen(m.board(BoardA)) + "\nplayother\nresult 1-0 {x}\nquit\n");
}

void envelope_seeds(Corpus& c) {
  // The first byte is the target's mode (checkpoint_envelope_fuzz.cpp).
  auto mode = [](char m, const std::string& rest) { return std::string(1, m) + rest; };
  const std::string payload = "PK\x03\x04 a LibTorch archive stands here";
  c.add("checkpoint_envelope", mode(0, seal_checkpoint_envelope(payload)));
  c.add("checkpoint_envelope", mode(0, seal_checkpoint_envelope("")));
  c.add("checkpoint_envelope", mode(0, payload));
  c.add("checkpoint_envelope", mode(1, payload));
  c.add("checkpoint_envelope", mode(2, "\x05" + payload));
}

std::vector<Match> replayed_games(const std::string& bpgn) {
  std::istringstream in(bpgn);
  std::vector<Match> out;
  for (const BpgnGame& g : read_bpgn(in, "match_replays.bpgn")) out.push_back(replay(g, RuleSet{}));
  return out;
}

int run(const fs::path& data, const fs::path& configs, const fs::path& out) {
  Corpus c(out);
  const std::vector<std::string> lines = epd_lines(data);
  const std::vector<std::string> all_fens = fens(lines);
  text_seeds(c, lines, all_fens);
  move_seeds(c, all_fens);
  const std::string bpgn = read_text(data / "match_replays.bpgn");
  for (const std::string& game : game_texts(bpgn)) c.add("bpgn", game);
  const std::vector<Match> matches = replayed_games(bpgn);
  chunk_seeds(c, matches);
  for (std::size_t i = 0; i < matches.size(); i += 10) {
    uci_seeds(c, matches[i], int(i));
    cecp_seeds(c, matches[i]);
  }
  for (const auto& entry : fs::directory_iterator(configs))
    if (entry.path().extension() == ".toml") c.add("config", read_text(entry.path()));
  envelope_seeds(c);
  c.report();
  return 0;
}

}  // namespace
}  // namespace bh

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: fuzz_seeds <tests/data> <configs> <out>\n";
    return 2;
  }
  try {
    return bh::run(argv[1], argv[2], argv[3]);
  } catch (const std::exception& e) {
    std::cerr << "fuzz_seeds: " << e.what() << "\n";
    return 1;
  }
}
