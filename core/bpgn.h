// bpgn.h — bughouse game records (BPGN). Tags in PGN style; movetext with both boards'
// moves in the order they were made, each numbered with its board and colour (`12A.` =
// board A white, `12a.` = board A black, `B`/`b` likewise), moves in SAN or UCI, the
// mover's remaining clock in seconds as a comment (`{59.68}`), and at the end the reason
// as a comment (`{mate A-white}`) and the result (`1-0` = team 1 wins, `0-1`, `1/2-1/2`).
// A non-standard start is given by a `[FEN "<fen A> | <fen B>"]` tag. A row of three or
// more boards is recorded the same way (write_bpgn of a Table, replay_row). A record as
// read (BpgnGame) and result_string are in core/bpgn_text.h, which every record shares.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/bpgn_text.h"
#include "core/match.h"
#include "core/table.h"

namespace bh {

// Reads every game; `source` names the input in errors ("file.bpgn line 12: ...").
std::vector<BpgnGame> read_bpgn(std::istream& in, const std::string& source);
std::vector<BpgnGame> read_bpgn_file(const std::string& path);

// Plays a game through a Match. The time control comes from the TimeControl tag (PGN
// seconds, e.g. "180+0"), else `fallback`; move times are reconstructed from the clock
// comments where present. A record ending in a draw claim (core/RULES.md "Chess draws")
// makes the claim again, with the last move when the claimant made it. Throws ParseError
// naming the game, the move number and the move for an illegal or out-of-turn move, and
// for a recorded claim that does not hold.
Match replay(const BpgnGame& game, const RuleSet& rules, const TimeControl& fallback = TimeControl::untimed());

// The rules a record says it was played under: its Rules tag (the options that differ
// from the defaults, "key=value" separated by spaces, as write_bpgn writes it) over the
// defaults; `fallback` when the record has no Rules tag (records from other programs, or
// of the common form). Throws ParseError naming the game and the option that is wrong.
RuleSet record_rules(const BpgnGame& game, const RuleSet& fallback);

enum class MoveStyle { San, Uci };
// Writes a finished or unfinished match; `tags` come first (Event, Site, ...); Result,
// Termination, TimeControl, (for a non-standard start) FEN and (for rules other than the
// defaults) Rules are added from the match.
std::string write_bpgn(const Match& match, const std::vector<std::pair<std::string, std::string>>& tags,
                       MoveStyle style = MoveStyle::San);

// A row of three or more boards (core/RULES.md "Three or more boards", "Notation"): the
// same record with board letters past B (`7C.`, `7c.`), a capture's receiver after `>`
// where it has a choice (`exd5>C`), the row's position in the FEN tag and `boards=3` in
// the Rules tag. Written from a Table (row_bpgn.cpp) and replayed into one: replay_row
// throws ParseError as replay does, and for a ply on a board the row does not have.
std::string write_bpgn(const Table& table, const std::vector<std::pair<std::string, std::string>>& tags,
                       MoveStyle style = MoveStyle::San);
Table replay_row(const BpgnGame& game, const RuleSet& rules, const TimeControl& fallback = TimeControl::untimed());


}  // namespace bh
