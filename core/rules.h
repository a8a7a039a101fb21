// rules.h — RuleSet: the defaults and options of core/RULES.md as one value. Every option is
// a field a config file can set by its name (set_option), and describe() writes them back.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bitboard.h"
#include "core/types.h"

namespace bh {

// Plain chess keeps the same board code: no drops, captures leave the game, checkmate,
// stalemate and the other draws are judged as in FIDE chess (core/RULES.md "Standard
// chess", "Chess draws").
enum class Variant : std::uint8_t { Bughouse, Chess };
// Bughouse (default): a check that a drop could block is not mate, even with an empty
// reserve. Classic: mate is judged with the current reserve only (core/RULES.md "Check, mate and waiting").
enum class MateRule : std::uint8_t { Bughouse, Classic };
// Both boards stuck: a draw (default), or the stuck player whose clock would run out
// first loses (core/RULES.md "End of the match").
enum class StuckRule : std::uint8_t { Draw, Flag };
// Where drops may land (core/RULES.md "Reserves and drops").
enum class DropZone : std::uint8_t { Anywhere, OwnHalf, Middle };
// How a draw rule of core/RULES.md "Repetition" applies in bughouse: never, at once when
// its count is reached, or when the player to move claims it.
enum class DrawRule : std::uint8_t { Off, Automatic, Claim };

struct RuleSet {
  Variant variant = Variant::Bughouse;
  bool drop_check = true;             // drops may give check; false forbids checking drops
  bool drop_mate = true;              // drops may mate; false forbids mating drops only
  bool dropped_rook_castles = false;  // a rook dropped on its corner regains castling
  MateRule mate_rule = MateRule::Bughouse;
  StuckRule stuck_rule = StuckRule::Draw;
  DrawRule repetition_draw = DrawRule::Off;  // a board's third repetition draws the match
  bool repetition_reserves = true;    // repeated positions must hold the same reserves too
  DrawRule fifty_move_draw = DrawRule::Off;  // 50 quiet moves by each side on a board draw
  int move_limit = 800;               // moves on both boards together before a draw
  DropZone drop_zone = DropZone::Anywhere;
  bool pawn_drop_seventh = true;      // pawns may be dropped on the mover's 7th rank
  bool pawn_drop_sixth = true;        // pawns may be dropped on the mover's 6th rank
  bool pawn_drop_first_rank = false;  // pawns may be dropped on the mover's 1st rank
  // Created (true): FIDE promotion; Off (false): none; FromReserve ("reserve"): the piece
  // comes from the promoter's reserve (core/RULES.md "Promotion from the reserve"); Stay
  // ("stay"): pawns never promote and stay pawns on the last rank.
  Promotion promotion = Promotion::Created;
  bool promoted_keep_rank = false;    // a captured promoted piece passes as itself
  // No obligation to answer a check: every move is allowed that the pieces' moves allow, a
  // king may stand, step or castle into attack, and capturing it wins that game
  // (core/RULES.md "King capture").
  bool king_capture = false;
  // The match goes on until both games are finished, and each team scores its two games'
  // points (core/RULES.md "Both games played out").
  bool both_games = false;
  // Boards in a row (core/RULES.md "Three or more boards"): 2 is the match of four; 3 to
  // kMaxBoards are played by a Table (core/table.h), the two-board Match refuses them.
  std::uint8_t boards = 2;

  static RuleSet bughouse() { return RuleSet{}; }
  static RuleSet chess();

  bool is_chess() const { return variant == Variant::Chess; }
  // Drops are generated with the fast path: no move needs to be tried to be filtered.
  bool drops_unfiltered() const { return drop_check && drop_mate; }
  // Squares where colour c may drop a piece (pawn restrictions come on top).
  Bitboard drop_zone_mask(Color c) const;
  // Squares where colour c may drop a pawn.
  Bitboard pawn_drop_mask(Color c) const;
  // A pawn may stand on the last rank as a pawn (it stepped there and did not promote).
  bool pawns_stay_on_last_rank() const { return promotion == Promotion::FromReserve || promotion == Promotion::Stay; }

  bool operator==(const RuleSet&) const = default;
};

// Sets one option by its core/RULES.md name; throws std::invalid_argument naming the key and
// the accepted values when either is unknown.
void set_option(RuleSet& rules, std::string_view key, std::string_view value);
// Every option as "key=value", in a fixed order (for run directories and checkpoints).
std::vector<std::string> describe(const RuleSet& rules);
// describe()'s lines whose value differs from the defaults ("promotion=stay"), in the same
// order; empty for the common form. What a table shows of its rules.
std::vector<std::string> describe_changes(const RuleSet& rules);
// The rule set that describe()'s lines (one per line; empty lines skipped) give, starting
// from the defaults; throws std::invalid_argument for a line without '=' or a bad option.
RuleSet parse_rules(std::string_view lines);
// The names of all options, for help texts and config validation.
std::vector<std::string_view> option_names();
// The values an option takes, as set_option reads them and describe() writes them
// (booleans as "true", "false"; boards "2" to "8"); empty for move_limit, an integer
// 1..100000. Throws
// std::invalid_argument for an unknown option.
std::vector<std::string> option_values(std::string_view name);

// A named form of the game from core/RULES.md "Rule presets": the options it sets, the
// others keeping their defaults.
struct RulePreset {
  std::string_view name;
  std::string_view about;  // one line: where the form is played
  std::vector<std::pair<std::string_view, std::string_view>> options;
  RuleSet rules() const;
};
const std::vector<RulePreset>& rule_presets();

}  // namespace bh
