// perft.cpp — perft with bulk counting at the last ply, parallel divide, EPD reading.
#include "core/perft.h"

#include <charconv>
#include <fstream>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/parse_error.h"

namespace bh {

std::uint64_t perft(const Board& board, const RuleSet& rules, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(board, rules);
  MoveList moves;
  generate_legal(board, rules, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    Board child = board;
    child.play(m, rules.promotion);
    nodes += perft(child, rules, depth - 1);
  }
  return nodes;
}

std::vector<DivideEntry> perft_divide(const Board& board, const RuleSet& rules, int depth,
                                      int threads) {
  MoveList moves;
  generate_legal(board, rules, moves);
  std::vector<DivideEntry> out(std::size_t(moves.size));
  for (int i = 0; i < moves.size; ++i) out[i].move = moves.moves[i];
  auto count = [&](int i) {
    Board child = board;
    child.play(out[i].move, rules.promotion);
    out[i].nodes = perft(child, rules, depth - 1);
  };
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(0, moves.size, [&](int i) { count(i); });
  });
  return out;
}

EpdEntry parse_epd_line(std::string_view text, int line_number) {
  auto where = [&] { return "EPD line " + std::to_string(line_number) + ": "; };
  EpdEntry e;
  e.line = line_number;
  std::size_t semi = text.find(';');
  if (semi == std::string_view::npos)
    throw ParseError(where() + "no ';D<depth> <count>' field after the FEN");
  e.fen = std::string(text.substr(0, semi));
  while (!e.fen.empty() && e.fen.back() == ' ') e.fen.pop_back();
  try {
    parse_fen(e.fen);
  } catch (const ParseError& err) {
    throw ParseError(where() + err.what());
  }
  std::size_t pos = semi;
  while (pos != std::string_view::npos) {
    std::size_t next = text.find(';', pos + 1);
    std::string_view field = text.substr(pos + 1, next == std::string_view::npos ? std::string_view::npos : next - pos - 1);
    while (!field.empty() && (field.front() == ' ' || field.front() == '\t')) field.remove_prefix(1);
    while (!field.empty() && (field.back() == ' ' || field.back() == '\r' || field.back() == '\t')) field.remove_suffix(1);
    pos = next;
    if (field.empty()) continue;
    std::size_t space = field.find(' ');
    int depth = 0;
    std::uint64_t count = 0;
    bool ok = field.size() > 1 && field[0] == 'D' && space != std::string_view::npos;
    if (ok) {
      auto [p1, e1] = std::from_chars(field.data() + 1, field.data() + space, depth);
      std::string_view num = field.substr(space + 1);
      auto [p2, e2] = std::from_chars(num.data(), num.data() + num.size(), count);
      ok = e1 == std::errc() && p1 == field.data() + space && depth >= 1 && depth <= 20 &&
           e2 == std::errc() && p2 == num.data() + num.size();
    }
    if (!ok) throw ParseError(where() + "field '" + std::string(field) + "' is not 'D<depth> <count>'");
    e.counts.emplace_back(depth, count);
  }
  if (e.counts.empty()) throw ParseError(where() + "no 'D<depth> <count>' field");
  return e;
}

std::vector<EpdEntry> read_epd_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ParseError("cannot open EPD file '" + path + "'");
  std::vector<EpdEntry> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    try {
      out.push_back(parse_epd_line(line, n));
    } catch (const ParseError& e) {
      throw ParseError(path + ": " + e.what());
    }
  }
  return out;
}

}  // namespace bh
