// table_messages.cpp — what a table's connections may send (training/server/README.md
// "Messages"), one handler per type: moves, partner talk, draws and claims, resigning,
// starting and rematches. A message that is wrong is answered to its sender only.
#include <algorithm>
#include <map>
#include <stdexcept>

#include "training/server/table_impl.h"

namespace bh::server {

namespace {

// A move is a few characters (`e7e8q`, `N@f3`, SAN with marks); longer text is junk.
constexpr std::size_t kMaxMoveText = 16;

// The moves played on board `b` so far (waits are not moves).
int moves_on(const Match& match, BoardId b) {
  return int(std::count_if(match.events().begin(), match.events().end(),
                           [b](const MatchEvent& e) { return board_of(e.seat) == b && !e.move.is_wait(); }));
}

// Seat holders only: a spectator watches.
Seat seat_holder(std::optional<Seat> seat, const char* what) {
  if (!seat) throw std::invalid_argument(std::string(what) + ": a spectator holds no seat");
  return *seat;
}

}  // namespace

void Table::Impl::receive(TableClient& client, std::optional<Seat> seat, std::string_view text) {
  last_activity = std::chrono::steady_clock::now();
  // Any message is a sign of life: a lost seat is back.
  if (members.heard_from(client) && recount()) broadcast_state();
  const nlohmann::json message = nlohmann::json::parse(text, nullptr, false);
  if (message.is_discarded() || !message.is_object()) return client.send(error_json("malformed JSON").dump());
  const auto type = message.find("type");
  static const std::map<std::string, Handler, std::less<>> kHandlers = {
      {"move", &Impl::on_move}, {"resign", &Impl::on_resign}, {"start", &Impl::on_start},
      {"ping", &Impl::on_ping}, {"tell", &Impl::on_tell}, {"rematch", &Impl::on_rematch},
      {"say", &Impl::on_say},   {"suggest", &Impl::on_suggest}, {"draw", &Impl::on_draw},
      {"decline", &Impl::on_decline}, {"claim", &Impl::on_claim}};
  const auto handler = type != message.end() && type->is_string() ? kHandlers.find(type->get<std::string>())
                                                                   : kHandlers.end();
  if (handler == kHandlers.end())
    return client.send(error_json("unknown message type: expected move, resign, draw, decline, claim, start, rematch, tell, say, suggest or ping").dump());
  try {
    (this->*handler->second)(client, seat, message);
  } catch (const std::exception& e) {
    client.send(error_json(e.what()).dump());
  }
}

void Table::Impl::on_ping(TableClient& client, std::optional<Seat>, const nlohmann::json&) {
  client.send(nlohmann::json{{"type", "pong"}}.dump());
}

void Table::Impl::on_move(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "move");
  const auto move = message.find("move");
  if (move == message.end() || !move->is_string() || move->get_ref<const std::string&>().size() > kMaxMoveText)
    throw std::invalid_argument("move: expected {\"type\":\"move\",\"move\":\"e2e4\"}");
  if (!live) throw std::invalid_argument("move: the match has not started");
  check_ply(s, move->get<std::string>(), message);
  const SubmitResult r = live->submit(s, move->get<std::string>());
  if (r.verdict != Verdict::Ok) throw std::invalid_argument("move " + move->get<std::string>() + ": " + r.message);
}

// A move that says how many moves of its board it was sent after ("ply") is played only
// then: once played, the board has more, so the same move resent (after a reconnection
// that lost the answer) is refused instead of played again.
void Table::Impl::check_ply(Seat s, const std::string& text, const nlohmann::json& message) const {
  const auto ply = message.find("ply");
  if (ply == message.end()) return;
  if (!ply->is_number_integer() || ply->get<std::int64_t>() < 0)
    throw std::invalid_argument("move: \"ply\" is the number of moves played on your board when you moved");
  const BoardId b = board_of(s);
  const int played = moves_on(live->snapshot(), b);
  const std::int64_t sent_after = ply->get<std::int64_t>();
  if (sent_after == played) return;
  throw std::invalid_argument("move " + text + ": sent after " + std::to_string(sent_after) + " moves of board " +
                              "AB"[b] + ", which has " + std::to_string(played) +
                              (sent_after < played ? " (already answered: a move is played once)" : ""));
}

// To the partner (and back to the teller's own screens), with the number of moves
// played so far, so each screen shows it next to the move it came with.
void Table::Impl::on_tell(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "tell");
  const auto text = message.find("text");
  const std::optional<std::string> said =
      text != message.end() && text->is_string() ? partner_message(text->get<std::string>()) : std::nullopt;
  if (!said) throw std::invalid_argument("tell: expected {\"type\":\"tell\",\"text\":...} with one of the partner messages");
  send_tell(s, *said, match().moves_played());
  if (live) live->tell(s, *said);  // a computer partner hears it (and answers: on_event)
}

// `words`: a computer partner's message in plain words (partner_player_words), sent
// beside the message when they differ.
void Table::Impl::send_tell(Seat from, const std::string& text, int moves, const std::string& words) {
  nlohmann::json tell{{"type", "tell"}, {"from", std::string(seat_name(from))}, {"text", text}, {"moves", moves}};
  if (!words.empty() && words != text) tell["words"] = words;
  to_partners(from, tell);
}

// Partner talk goes to the two partners' connections (the sayer's own screens too), to
// the spectators only at a table whose talk is public, and never to the opponents.
void Table::Impl::to_partners(Seat from, const nlohmann::json& message) const {
  members.send_to_seats(message.dump(), [from](Seat s) { return s == from || s == partner_of(from); },
                        setup.public_talk);
}

// Free text between partners, people or not (a computer partner does not read it: it
// hears the fixed messages of "tell"). Checked and rate-limited per seat (limits.h).
void Table::Impl::on_say(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "say");
  const auto text = message.find("text");
  if (text == message.end() || !text->is_string()) throw std::invalid_argument("say: expected {\"type\":\"say\",\"text\":...}");
  const std::string said = checked_free_text(text->get<std::string>(), setup.limits.max_say_chars);
  if (say_buckets[s].take(TokenBucket::Clock::now()) != TokenBucket::Verdict::Admit)
    throw std::invalid_argument("say: too fast; wait a little");
  to_partners(s, {{"type", "tell"}, {"from", std::string(seat_name(s))}, {"text", said},
                  {"moves", match().moves_played()}, {"free", true}});
}

// A move pointed at on the partner's board: shown there (an arrow) until the partner
// moves; nobody moves for the partner. "ply": the partner's board's moves so far.
void Table::Impl::on_suggest(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "suggest");
  const auto move = message.find("move");
  if (move == message.end() || !move->is_string() || !is_move_text(move->get<std::string>()))
    throw std::invalid_argument("suggest: expected {\"type\":\"suggest\",\"move\":\"e2e4\"}, a move in UCI");
  if (say_buckets[s].take(TokenBucket::Clock::now()) != TokenBucket::Verdict::Admit)
    throw std::invalid_argument("suggest: too fast; wait a little");
  const BoardId board = board_of(partner_of(s));
  to_partners(s, {{"type", "suggest"}, {"from", std::string(seat_name(s))}, {"board", std::string(1, "AB"[board])},
                  {"move", move->get<std::string>()}, {"ply", moves_on(match(), board)}});
}

// A person offers a draw or accepts the one on the table (LiveMatch::offer_draw: every
// person, then the computers' rule); everyone sees the offer in the state.
void Table::Impl::on_draw(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  const Seat s = seat_holder(seat, "draw");
  if (!live) throw std::invalid_argument("draw: the match has not started");
  const SubmitResult r = live->offer_draw(s);
  if (r.verdict != Verdict::Ok) throw std::invalid_argument("draw: " + r.message);
}

void Table::Impl::on_decline(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  const Seat s = seat_holder(seat, "decline");
  if (!live || live->draw_agreed().empty()) throw std::invalid_argument("decline: no draw is offered");
  live->decline_draw(s);
}

// A draw claimed by the player to move (core/RULES.md "Repetition" and "Chess draws"),
// with the move that makes it or on the position as it stands; the referee judges it.
void Table::Impl::on_claim(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "claim");
  if (!live) throw std::invalid_argument("claim: the match has not started");
  const auto move = message.find("move");
  if (move != message.end() && (!move->is_string() || move->get_ref<const std::string&>().size() > kMaxMoveText))
    throw std::invalid_argument("claim: expected {\"type\":\"claim\"} or {\"type\":\"claim\",\"move\":\"g1f3\"}");
  const SubmitResult r = live->claim_draw(s, move == message.end() ? std::string() : move->get<std::string>());
  if (r.verdict == Verdict::Ok) return;
  // The referee's refusal reads "claim refused: ..." already; other refusals get the prefix.
  throw std::invalid_argument(r.message.rfind("claim", 0) == 0 ? r.message : "claim: " + r.message);
}

void Table::Impl::on_resign(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  const Seat s = seat_holder(seat, "resign");
  if (!live) throw std::invalid_argument("resign: the match has not started");
  if (live->over()) throw std::invalid_argument("resign: the match is over");
  live->resign(s);
}

// The computer takes every seat no person has joined, and the clocks start (at a
// tournament's table: refused until its people are all there).
void Table::Impl::on_start(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  seat_holder(seat, "start");
  begin();
}

// The same seats again (the people keep their tokens, the computer its seats), fresh
// clocks; the finished match's record is kept.
void Table::Impl::on_rematch(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  seat_holder(seat, "rematch");
  if (!live || !live->over()) throw std::invalid_argument("rematch: the match is not over");
  if (setup.assigned) throw std::invalid_argument("rematch: a tournament's match is played once");
  play_match();
}

}  // namespace bh::server
