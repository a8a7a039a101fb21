// board_model.js — the page's pure helpers, with no DOM, so tests can run them under
// Node (tests/training/server/page_test.mjs): FEN placement to squares and promotion
// marks, square names, which side a board is seen from, the UCI text of a click-move, a
// move's squares, a picked piece's legal targets, clock text, the sitting mark and
// partners.

export const SEATS = ["A-white", "A-black", "B-white", "B-black"];

// "rnbqkbnr/pppppppp/8/..." (holdings in brackets allowed) -> 64 cells, a8 first, h1
// last: { piece: its letter ("" for empty), promoted: whether `~` follows it }.
function cellsOf(fen) {
  const placement = fen.split(/[\[ ]/)[0].split("/").slice(0, 8);
  const cells = [];
  for (const rank of placement)
    for (const c of rank)
      if (c === "~") { if (cells.length) cells[cells.length - 1].promoted = true; }
      else if (/[1-8]/.test(c)) for (let i = 0; i < Number(c); ++i) cells.push({ piece: "", promoted: false });
      else cells.push({ piece: c, promoted: false });
  if (cells.length !== 64) throw new Error(`bad FEN placement: ${fen}`);
  return cells;
}

// The 64 piece letters ("" for empty), a8 first, h1 last.
export const squaresOf = (fen) => cellsOf(fen).map((cell) => cell.piece);

// The 64 squares' promotion marks, a8 first: a promoted piece passes to the partner as a
// pawn when taken (core/RULES.md "Reserves and drops"), so the board shows it.
export const promotedOf = (fen) => cellsOf(fen).map((cell) => cell.promoted);

// file 0..7 = a..h, rank 0..7 = 1..8.
export const squareName = (file, rank) => "abcdefgh"[file] + (rank + 1);
export const indexOf = (name) => (8 - Number(name[1])) * 8 + "abcdefgh".indexOf(name[0]);
export const boardOf = (seat) => (seat[0] === "A" ? 0 : 1);

// The partner of a seat: the other board, the other colour (A-white with B-black).
export function partnerOf(seat) {
  return `${seat[0] === "A" ? "B" : "A"}-${seat.endsWith("white") ? "black" : "white"}`;
}

// How many moves `seat` has made in a state's move list: a suggestion to it stands until
// this grows.
export const movesBy = (moves, seat) => moves.filter((m) => m.seat === seat).length;

// Whether board 0 (A) or 1 (B) is drawn with black at the bottom. A seat sees its own
// board from its side and its partner's from the partner's side (the partner has the other
// colour), as at a real table; spectators see A from White and B from Black.
export function flipped(seat, board) {
  if (!seat) return board === 1;
  return boardOf(seat) === board ? seat.endsWith("black") : seat.endsWith("white");
}

// The UCI text of a move picked by clicks: `from` is a square ("e2") or a reserve piece
// ("N@"). A pawn reaching the last rank becomes `promotion` (q, r, b or n; the page's
// chooser), or stays a pawn when it is "" (core/RULES.md: promotion = stay or reserve).
export function moveText(from, to, squares, promotion = "q") {
  if (from.endsWith("@")) return from + to;
  const piece = squares[indexOf(from)];
  const promotes = piece && piece.toLowerCase() === "p" && (to[1] === "8" || to[1] === "1");
  return from + to + (promotes ? promotion : "");
}

// What the table shows of the people gone (the state's `leaving`: seat -> ms before their
// team loses, `elapsed` ms ago): one line each, counting down in whole seconds.
export function leavingText(leaving, elapsed) {
  return Object.entries(leaving || {}).map(([seat, ms]) =>
    `${seat} has left the table: their team loses in ${Math.max(0, Math.ceil((ms - elapsed) / 1000))} s unless they come back`);
}

// Whether a table playing `rules` (the state's changed options) has draw claims: standard
// chess, or bughouse under a claim form of core/RULES.md "Repetition".
export function hasClaims(rules) {
  return ["variant=chess", "repetition_draw=claim", "fifty_move_draw=claim"].some((r) => (rules || []).includes(r));
}

// Whether pawns never promote at a table playing `rules` (the state's changed options).
export function pawnsStay(rules) {
  return (rules || []).includes("promotion=stay");
}

// The promotion letter a click-move carries at a table playing `rules`: none where pawns
// never promote, else the chooser's `chosen`.
export function promotionFor(rules, chosen) {
  return pawnsStay(rules) ? "" : chosen;
}

// The squares a UCI move touches, to mark it: "e2e4" -> e2, e4; a drop "N@f3" -> f3.
export function moveSquares(uci) {
  if (!uci) return [];
  return uci[1] === "@" ? [uci.slice(2, 4)] : [uci.slice(0, 2), uci.slice(2, 4)];
}

// Where the piece picked at `from` (a square "e2" or a reserve piece "N@") may go, from
// the server's list of the board's legal moves (UCI): the target squares, once each.
export function targetsOf(legal, from) {
  if (!from || !legal) return [];
  const targets = legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4));
  return [...new Set(targets)];
}

// The mark of a mover sitting, waiting for a piece, `ms` into its wait ("sitting 12 s"),
// or "" when it does not sit (`ms` null: the server's `sitting_ms`).
export function sittingText(ms) {
  return ms === null || ms === undefined ? "" : `sitting ${Math.floor(Math.max(0, ms) / 1000)} s`;
}

// m:ss, with tenths under 20 seconds (as the terminal's table shows them).
export function formatClock(ms) {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor(tenths / 10) % 60;
  const text = `${minutes}:${String(seconds).padStart(2, "0")}`;
  return ms < 20000 ? `${text}.${tenths % 10}` : text;
}
