// partner_request.cpp — the first two words of a message, matched against small tables.
#include "mcts/partner_request.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

namespace bh {

namespace {

// Lower-case words, a trailing '!' dropped from each.
std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    while (!word.empty() && word.back() == '!') word.pop_back();
    if (!word.empty()) words.push_back(word);
    word.clear();
  };
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) flush();
    else word += char(std::tolower(static_cast<unsigned char>(c)));
  }
  flush();
  return words;
}

PieceType piece_named(std::string_view word) {
  struct Name {
    std::string_view letter, name;
    PieceType piece;
  };
  static constexpr std::array<Name, 5> kPieces{{{"p", "pawn", Pawn},
                                                {"n", "knight", Knight},
                                                {"b", "bishop", Bishop},
                                                {"r", "rook", Rook},
                                                {"q", "queen", Queen}}};
  for (const Name& n : kPieces)
    if (word == n.letter || word == n.name) return n.piece;
  return NoPieceType;
}

}  // namespace

PartnerRequest parse_partner_request(std::string_view text) {
  using Kind = PartnerRequest::Kind;
  const std::vector<std::string> words = words_of(text);
  if (words.empty()) return {};
  const std::string& first = words[0];
  const PieceType piece = words.size() >= 2 ? piece_named(words[1]) : NoPieceType;
  if (first == "need" && piece != NoPieceType) return {Kind::Need, piece};
  if (first == "no" && piece != NoPieceType) return {Kind::Keep, piece};
  if (first == "no" && words.size() > 1) return {};  // "no trade": a wish, not an answer
  struct Word {
    std::string_view word;
    Kind kind;
  };
  static constexpr std::array<Word, 9> kWords{{{"sit", Kind::Sit},
                                               {"go", Kind::Go},
                                               {"move", Kind::Go},
                                               {"fast", Kind::Fast},
                                               {"slow", Kind::Slow},
                                               {"help", Kind::Help},
                                               {"ok", Kind::News},
                                               {"no", Kind::News},
                                               {"mate", Kind::News}}};
  const auto found = std::find_if(kWords.begin(), kWords.end(), [&](const Word& w) { return w.word == first; });
  return found == kWords.end() ? PartnerRequest{} : PartnerRequest{found->kind};
}

}  // namespace bh
