// board_view.js — drawing a position from the server's JSON (both boards as SVG, each
// seat's row with its reserve and clock, a board's move list): the live table (app.js)
// and the replays (replay.js) draw with these same functions. They keep no state: what
// is picked and what answers a click is the caller's.

import { indexOf, promotedOf, squareName, squaresOf } from "./board_model.js";

export const GLYPHS = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
const SVG_NS = "http://www.w3.org/2000/svg";

export function element(tag, attributes = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

export function svgElement(tag, attributes) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  return e;
}

// Board 0 (A), 1 (B), ... from its FEN (a row has up to H), black at the bottom when `turned`. The square named
// `picked` is highlighted; with `onSquare(name, piece)` every square answers a press of the
// main button (or a touch) and a drop (piece: the letter on it, "" when empty).
export function boardSvg(fen, board, turned,
                         { picked = null, queued = [], last = [], check = null, targets = [], suggested = null,
                           onSquare = null, onCancel = null } = {}) {
  const squares = squaresOf(fen);
  const promoted = promotedOf(fen);
  const svg = svgElement("svg", { viewBox: "0 0 8 8", "data-board": "ABCDEFGH"[board] });
  // A right click cancels what the person has picked or queued (a premove).
  if (onCancel) svg.addEventListener("contextmenu", (event) => { event.preventDefault(); onCancel(); });
  for (let row = 0; row < 8; ++row)
    for (let col = 0; col < 8; ++col) {
      const file = turned ? 7 - col : col;
      const rank = turned ? row : 7 - row;
      const name = squareName(file, rank);
      const premoved = queued.includes(name);
      const light = (file + rank) % 2;
      const fill = picked === name ? "#f6c344"
                 : premoved ? "#7fa7d9"
                 : check === name ? "#e5675b"
                 : last.includes(name) ? (light ? "#f5f682" : "#b9ca43")
                 : light ? "#eeeed2" : "#769656";
      const rect = svgElement("rect", { x: col, y: row, width: 1, height: 1, fill, "data-square": name });
      if (premoved) rect.dataset.premove = "";
      if (last.includes(name)) rect.dataset.last = "";
      if (check === name) rect.dataset.check = "";
      const piece = squares[indexOf(name)];
      if (onSquare) {
        // On the press, not the click: a click needs its press and release on the same
        // element, and every state message redraws the board, so a redraw between the two
        // (other boards' moves come several a second) would drop the person's click.
        rect.addEventListener("pointerdown", (event) => { if (event.button === 0) onSquare(name, piece); });
        rect.addEventListener("dragover", (event) => event.preventDefault());
        rect.addEventListener("drop", (event) => { event.preventDefault(); onSquare(name, piece); });
      }
      svg.append(rect);
      if (piece) {
        const text = svgElement("text", { x: col + 0.5, y: row + 0.82, "font-size": 0.85, "text-anchor": "middle" });
        text.textContent = GLYPHS[piece];
        svg.append(text);
        if (promoted[indexOf(name)]) svg.append(promotionMark(col, row, name));
      }
      if (targets.includes(name)) {  // a legal target of the picked piece; clicks pass through
        const dot = svgElement("circle", { cx: col + 0.5, cy: row + 0.5, r: piece ? 0.45 : 0.16, "data-target": name,
                                           fill: piece ? "none" : "rgba(0,0,0,.25)", stroke: piece ? "rgba(0,0,0,.3)" : "none",
                                           "stroke-width": 0.08, "pointer-events": "none" });
        svg.append(dot);
      }
    }
  if (suggested) svg.append(suggestionArrow(suggested, turned));
  return svg;
}

// A move the partner suggested (UCI): an arrow from its square to its target, or for a
// drop ("N@f3") a ring on the target with the piece's letter. Clicks pass through.
function suggestionArrow(move, turned) {
  const centre = (name) => {
    const file = "abcdefgh".indexOf(name[0]), rank = Number(name[1]) - 1;
    return { x: (turned ? 7 - file : file) + 0.5, y: (turned ? rank : 7 - rank) + 0.5 };
  };
  const mark = svgElement("g", { "data-suggested": move, "pointer-events": "none", opacity: 0.75 });
  const colour = "#e07a1f";
  const to = centre(move.slice(2, 4));
  if (move[1] === "@") {
    mark.append(svgElement("circle", { cx: to.x, cy: to.y, r: 0.4, fill: "none", stroke: colour, "stroke-width": 0.09 }));
    const letter = svgElement("text", { x: to.x + 0.3, y: to.y - 0.22, "font-size": 0.3, fill: colour, "text-anchor": "middle" });
    letter.textContent = move[0];
    mark.append(letter);
    return mark;
  }
  const from = centre(move.slice(0, 2));
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const [ux, uy] = [(to.x - from.x) / length, (to.y - from.y) / length];
  const tip = { x: to.x - ux * 0.1, y: to.y - uy * 0.1 };
  const base = { x: tip.x - ux * 0.35, y: tip.y - uy * 0.35 };
  mark.append(svgElement("line", { x1: from.x, y1: from.y, x2: base.x, y2: base.y, stroke: colour, "stroke-width": 0.14,
                                   "stroke-linecap": "round" }));
  const wing = (side) => `${base.x - uy * 0.2 * side},${base.y + ux * 0.2 * side}`;
  mark.append(svgElement("polygon", { points: `${tip.x},${tip.y} ${wing(1)} ${wing(-1)}`, fill: colour }));
  return mark;
}

// The mark of a promoted piece: a small "~" badge in the square's top right corner (the
// BFEN mark), with a tooltip, because such a piece passes to the partner as a pawn.
function promotionMark(col, row, name) {
  const mark = svgElement("g", { "data-promoted": name, "pointer-events": "none" });
  mark.append(svgElement("circle", { cx: col + 0.83, cy: row + 0.17, r: 0.15, fill: "#c0392b" }));
  const tilde = svgElement("text", { x: col + 0.83, y: row + 0.25, "font-size": 0.24, "text-anchor": "middle", fill: "#fff" });
  tilde.textContent = "~";
  const title = svgElement("title", {});
  title.textContent = "promoted: passes to the partner as a pawn";
  mark.append(tilde, title);
  return mark;
}

// A seat's row: `label`, its reserve ("PPN", drawn in the seat's colour) and a clock that
// showClocks fills. With `onPick(piece)` (a click) and `onDrag(piece)` (a drag begins)
// the reserve is the person's own: a piece can be picked (the letter `picked` is
// highlighted) or dragged onto a square.
export function seatRow(seat, reserve, label, { picked = null, onPick = null, onDrag = null } = {}) {
  const row = element("div", { class: "seat" });
  row.dataset.seat = seat;
  const pocket = element("span", { class: "reserve" + (onPick ? " mine" : "") });
  const white = seat.endsWith("white");
  for (const piece of reserve) {
    const glyph = element("span", {}, GLYPHS[white ? piece : piece.toLowerCase()]);
    if (onPick) {
      if (picked === piece) glyph.classList.add("picked");
      glyph.dataset.piece = piece;
      glyph.onclick = () => onPick(piece);
      glyph.draggable = true;
      glyph.ondragstart = (event) => { onDrag(piece); event.dataTransfer.setData("text/plain", piece); };
    }
    pocket.append(glyph);
  }
  row.append(element("span", {}, label), pocket, element("span", { class: "sitting" }), element("span", { class: "clock" }));
  return row;
}

// A board's moves, oldest first.
export function moveList(board, texts) {
  return element("div", { class: "moves", "data-board": "ABCDEFGH"[board] }, texts.join(" "));
}

// Fills the clock of every seat row under `container`: `text(seat)` its clock's text,
// `moving(seat)` whether it runs (highlighted), `sitting(seat)` the mark of a mover
// waiting for a piece ("" for none; board_model.js's sittingText).
export function showClocks(container, text, moving, sitting = () => "") {
  for (const row of container.querySelectorAll(".seat")) {
    const seat = row.dataset.seat;
    row.classList.toggle("moving", moving(seat));
    row.querySelector(".clock").textContent = text(seat);
    const mark = sitting(seat);
    row.querySelector(".sitting").textContent = mark;
    row.classList.toggle("sits", mark !== "");
  }
}
