// partner_player.cpp — the partner's requests around the inner player's decisions, and
// what the player tells: sit and go around its own waits, need X when a drop would mate;
// and those messages in plain words.
#include "mcts/partner_player.h"

#include <array>
#include <string>
#include <string_view>

#include "core/movegen.h"

namespace bh {

namespace {

constexpr char kPieceLetters[] = "PNBRQ";

std::string need_text(PieceType piece) { return std::string("need ") + kPieceLetters[piece]; }

const ChildStat* child_of(const SearchResult& result, Move move) {
  for (const ChildStat& c : result.children)
    if (c.move == move) return &c;
  return nullptr;
}

}  // namespace

PieceType piece_passed(const Board& board, Promotion promotion, Move move) {
  if (move.is_wait() || move.is_none() || move.is_drop()) return NoPieceType;
  Board after = board;
  const Capture captured = after.play(move, promotion);
  if (!captured) return NoPieceType;
  return captured.promoted ? Pawn : captured.type;
}

Move requested_capture(const SearchResult& result, const Board& board, Promotion promotion, PieceType piece,
                       Move chosen, const PartnerTalkLimits& limits) {
  const ChildStat* reference = child_of(result, chosen);
  if (!reference) return Move::none();
  const ChildStat* best = nullptr;
  for (const ChildStat& c : result.children) {
    if (piece_passed(board, promotion, c.move) != piece || c.proof == Proof::Loss) continue;
    const bool close = c.q >= reference->q - limits.need_value_margin &&
                       float(c.visits) >= limits.need_visit_share * float(reference->visits);
    if (close && (!best || c.visits > best->visits)) best = &c;
  }
  return best ? best->move : Move::none();
}

PieceType piece_that_would_mate(const Board& board, const RuleSet& rules) {
  const Color mover = board.side_to_move();
  for (PieceType piece : {Pawn, Knight, Bishop, Rook, Queen}) {
    if (board.reserve(mover)[piece] > 0) continue;
    Board supposed = board;
    supposed.add_to_reserve(mover, piece);
    MoveList drops;
    for (Move m : legal_moves(supposed, rules))
      if (m.is_drop() && m.drop_type() == piece) drops.push(m);
    if (!find_mate(supposed, rules, {drops.begin(), drops.end()}).is_none()) return piece;
  }
  return NoPieceType;
}

PartnerPlayer::PartnerPlayer(std::unique_ptr<Player> inner, PartnerTalkLimits limits)
    : inner_(std::move(inner)), limits_(limits) {}

void PartnerPlayer::new_match() {
  inner_->new_match();
  seen_.reset();
  partner_says_sit_ = false;
  partner_needs_ = NoPieceType;
  told_sit_ = false;
  told_need_ = NoPieceType;
  outbox_.clear();
}

bool PartnerPlayer::sit_holds(std::int64_t clock_ms, bool timed) const {
  return timed && clock_ms - limits_.sit_slice_ms >= limits_.sit_floor_ms;
}

PlayerAction PartnerPlayer::decide(const Match& match, Seat seat, std::int64_t t) {
  const BoardId b = board_of(seat);
  const Board& board = match.board(b);
  const RuleSet& rules = match.rules();
  seen_ = Seen{board, color_of(seat), match.remaining(seat, t), match.time_control().timed()};
  const MoveList legal = match.legal_moves(b);
  const bool can_mate = !find_mate(board, rules, {legal.begin(), legal.end()}).is_none();
  if (partner_says_sit_) {
    if (!can_mate && sit_holds(seen_->clock_ms, seen_->timed)) return {Move::wait(), limits_.sit_slice_ms};
    partner_says_sit_ = false;  // the clock is low (or a mate is there): the sit is over
  }
  PlayerAction action = inner_->decide(match, seat, t);
  if (partner_needs_ != NoPieceType && inner_->last_search()) {
    const Move capture =
        requested_capture(*inner_->last_search(), board, rules.promotion, partner_needs_, action.action, limits_);
    if (!capture.is_none()) action.action = capture;
  }
  if (partner_needs_ != NoPieceType && piece_passed(board, rules.promotion, action.action) == partner_needs_)
    partner_needs_ = NoPieceType;  // the request is met
  tell_sit_or_go(action.action);
  tell_need(board, rules, can_mate);
  return action;
}

void PartnerPlayer::tell_sit_or_go(Move action) {
  if (action.is_wait() && !told_sit_) outbox_.push_back("sit");
  if (!action.is_wait() && told_sit_) outbox_.push_back("go");
  told_sit_ = action.is_wait();
}

void PartnerPlayer::tell_need(const Board& board, const RuleSet& rules, bool can_mate) {
  const PieceType wanted = can_mate ? NoPieceType : piece_that_would_mate(board, rules);
  if (wanted != NoPieceType && wanted != told_need_) outbox_.push_back(need_text(wanted));
  told_need_ = wanted;
}

std::string partner_player_words(std::string_view message) {
  using Kind = PartnerRequest::Kind;
  static constexpr std::array<std::string_view, 6> kPieceNames{"pawn", "knight", "bishop", "rook", "queen", "king"};
  const PartnerRequest said = parse_partner_request(message);
  const std::string text(message);
  switch (said.kind) {
    case Kind::Sit: return "I am sitting: I wait for a piece before I move";
    case Kind::Go: return "I am moving again";
    case Kind::Need: return "I need a " + std::string(kPieceNames[said.piece]) + ": dropped now, it would mate";
    case Kind::News: return text == "ok" ? "OK, I will" : text == "no" ? "No, I can't do that" : text;
    default: return text;
  }
}

std::vector<std::string> PartnerPlayer::take_partner_messages() {
  std::vector<std::string> out;
  out.swap(outbox_);
  return out;
}

std::string PartnerPlayer::answer_sit() {
  if (seen_ && !sit_holds(seen_->clock_ms, seen_->timed)) return "no";
  partner_says_sit_ = true;
  return "ok";
}

std::string PartnerPlayer::answer_need(PieceType piece) {
  if (seen_ && !seen_->board.pieces(~seen_->color, piece)) return "no";  // nothing of the kind to take
  partner_needs_ = piece;
  return "ok";
}

void PartnerPlayer::hear_partner(const std::string& message) {
  using Kind = PartnerRequest::Kind;
  const PartnerRequest request = parse_partner_request(message);
  switch (request.kind) {
    case Kind::Sit: outbox_.push_back(answer_sit()); return;
    case Kind::Go:
      partner_says_sit_ = false;
      outbox_.push_back("ok");
      return;
    case Kind::Need: outbox_.push_back(answer_need(request.piece)); return;
    case Kind::News: return;  // an answer or news: nothing to answer
    default: outbox_.push_back("no"); return;  // not something this player does
  }
}

}  // namespace bh
