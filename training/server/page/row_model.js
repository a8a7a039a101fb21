// row_model.js — the pure helpers of a row's page (row.js; core/RULES.md "Three or more
// boards"), with no DOM, so tests can run them under Node (tests/training/server/
// page_test.mjs): board letters and seat names along the row, teams, which way each board is
// turned for a viewer, and the boards a clicked capture may pass its piece to.

export const LETTERS = "ABCDEFGH";

// The seats of a row of `boards` boards, two a board, White first: A-white, A-black, B-white...
export const rowSeats = (boards) => [...LETTERS.slice(0, boards)].flatMap((l) => [`${l}-white`, `${l}-black`]);

// Board index of a seat ("C-white" -> 2).
export const rowBoardOf = (seat) => LETTERS.indexOf(seat[0]);

// 0 for team 1, 1 for team 2: team 1 plays White on A, C, E... and Black on B, D, F....
export const rowTeamOf = (seat) => (rowBoardOf(seat) + (seat.endsWith("black") ? 1 : 0)) % 2;

// Whether `board` is drawn with Black at the bottom: every board from the side the viewer's
// team plays there (spectators: team 1's), so the viewer's team sits at the bottom of each.
export function rowTurned(seat, board) {
  const team = seat ? rowTeamOf(seat) : 0;
  return rowTeamOf(`${LETTERS[board]}-white`) !== team;
}

// The boards whose letter may follow a clicked move `uci` in the board's legal actions
// (`e4d5>A`, `e4d5>C`): more than one means the person must choose; none or one, the move
// is sent as it is (the server fills a single receiver in).
export function receiversOf(legal, uci) {
  return (legal || []).filter((m) => m.startsWith(`${uci}>`)).map((m) => m.slice(uci.length + 1));
}
