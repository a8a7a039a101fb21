// partner_talk.h — what partners may say to each other at a table of `bughouse serve`: the
// one-click messages of a real bughouse table and of the busiest bughouse sites (ask for a
// piece, ask not to give one, sit, go, trade, ...). A fixed vocabulary, not free text: the
// page offers buttons, a computer partner can understand them, and nothing a stranger
// types reaches anybody's screen.
#pragma once

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

}  // namespace bh::server
