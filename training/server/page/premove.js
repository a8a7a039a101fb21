// premove.js — one move queued until the turn comes, with no DOM, so tests can run it under
// Node (tests/training/server/page_test.mjs). A click-move (or drop) made while it is not
// the person's turn on their board is kept (the page highlights its squares; a click
// elsewhere, a right click or the cancel button clears it) and sent as soon as a state
// shows that seat to move; the server judges it then, and a refusal clears it.

// Whether `seat` may move on its board (`board`: 0 for A, 1 for B) in `state`: the match
// runs, the seat is the mover, and it is not stuck waiting for a piece.
export function seatToMove(state, seat, board) {
  if (!state || !seat || !state.started || state.over) return false;
  const b = state.boards[board];
  return b.mover === seat && !b.stuck;
}

// What a completed click-move does now: "send" it, or "queue" it until the turn comes
// ("none" for a spectator or before the start or after the end).
export function clickAction(state, seat, board) {
  if (!state || !seat || !state.started || state.over) return "none";
  return seatToMove(state, seat, board) ? "send" : "queue";
}

// The queued move to send on this state, or null (nothing queued, or not yet the turn).
export function duePremove(premove, state, seat, board) {
  return premove && seatToMove(state, seat, board) ? premove.move : null;
}

// The squares to highlight for a queued move: its origin (none for a drop) and target.
export function premoveSquares(premove) {
  if (!premove) return [];
  return premove.from.endsWith("@") ? [premove.to] : [premove.from, premove.to];
}

// Whether the server's error answers the premove `sent` (the server says "move TEXT: why").
export function refusesPremove(message, sent) {
  return Boolean(sent) && typeof message === "string" && message.startsWith(`move ${sent}:`);
}
