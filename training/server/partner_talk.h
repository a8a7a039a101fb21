// partner_talk.h — what partners may say to each other at a table of `bughouse serve`: the
// one-click messages of a real bughouse table and of the busiest bughouse sites (ask for a
// piece, ask not to give one, sit, go, trade, ...), which a computer partner understands;
// free text between two people, as club rules let partners talk (checked here: length,
// no control characters; the page shows it as text, never as markup); and a move
// suggested on the partner's board (a suggestion only: nobody moves for the partner).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bh::server {

// The messages, as sent and shown: "need N", "no Q" (don't give a queen), "sit", "go",
// "trade", "no trade", "mate coming", "ok", "no". Pieces are P, N, B, R, Q.
const std::vector<std::string>& partner_messages();

// `text` if it is one of them (exactly), nullopt otherwise.
std::optional<std::string> partner_message(std::string_view text);

// Free text as it will be sent: `text` without surrounding blanks. Throws
// std::invalid_argument saying why when it is empty, longer than `max_chars` characters
// (UTF-8 code points), or holds a control character (a line break included).
std::string checked_free_text(std::string_view text, std::size_t max_chars);

// Whether `text` reads as a move on a board in UCI: "e2e4", "e7e8q", a drop "N@f3". Only
// its form: the partner's board decides what is legal when the partner moves.
bool is_move_text(std::string_view text);

}  // namespace bh::server
