// partner_request.h — what a partner's message asks of a program, read the one way every
// program here reads it: the CECP engine's `ptell` (training/engine/cecp_engine.h) and the
// in-process partner of a live table (partner_player.h). Only the first words count, case
// folded, a trailing '!' ignored: "sit", "Sit!", "go", "move", "fast", "slow", "help",
// "need N" (or "need knight"), "no Q" (do not give a queen away), and the answers and news
// that want no answer ("ok", "no", "mate coming"). Anything else is chat.
#pragma once

#include <string_view>

#include "core/types.h"

namespace bh {

struct PartnerRequest {
  enum class Kind { Sit, Go, Fast, Slow, Help, Need, Keep, News, Chat };
  Kind kind = Kind::Chat;
  PieceType piece = NoPieceType;  // Need, Keep: the piece (a pawn to a queen)
};

PartnerRequest parse_partner_request(std::string_view text);

}  // namespace bh
