// Specification of the page's pure helpers (training/server/page/board_model.js), run
// under Node when it is installed: FEN placement to squares (holdings and promotion
// marks skipped), square indices, which way each board is turned for each seat, the UCI
// text of clicked moves (drops, promotion to a queen), and clock text; and the premoves
// of premove.js (when a queued move is sent, which squares show it, its refusal).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

// Loaded as a data: URL, which Node always reads as an ES module (a plain .js file outside
// a "type": "module" package is CommonJS to older Node releases, Debian 12's 18 among them).
const source = (name) => readFileSync(new URL(`../../../training/server/page/${name}`, import.meta.url), "utf8");
const model = await import("data:text/javascript," + encodeURIComponent(source("board_model.js")));
const { flipped, formatClock, indexOf, moveText, squareName, squaresOf } = model;

const start = squaresOf("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
assert.equal(start.length, 64);
assert.equal(start[0], "r");   // a8
assert.equal(start[4], "k");   // e8
assert.equal(start[60], "K");  // e1
assert.equal(start[63], "R");  // h1
assert.equal(start[36], "");   // e4

// A promoted queen (`~`) and holdings in brackets.
const promoted = squaresOf("4Q~3/8/8/8/8/8/8/4K2k[Nn] b - - 0 40");
assert.equal(promoted[4], "Q");
assert.equal(promoted[60], "K");
assert.equal(promoted[63], "k");
assert.equal(promoted.filter((p) => p).length, 3);
assert.throws(() => squaresOf("8/8/8"));

assert.equal(indexOf("a8"), 0);
assert.equal(indexOf("e1"), 60);
assert.equal(indexOf("h1"), 63);
assert.equal(squareName(4, 3), "e4");

// Spectators: A from White, B from Black. A seat: its board from its side, the partner's
// board from the partner's side (the other colour).
assert.equal(flipped(null, 0), false);
assert.equal(flipped(null, 1), true);
assert.equal(flipped("A-black", 0), true);
assert.equal(flipped("A-black", 1), false);  // partner B-white
assert.equal(flipped("B-white", 1), false);
assert.equal(flipped("B-white", 0), true);   // partner A-black
assert.equal(flipped("A-white", 1), true);   // partner B-black

const promotion = squaresOf("8/4P3/8/8/8/8/4p3/K6k w - - 0 1");
assert.equal(moveText("e7", "e8", promotion), "e7e8q");
assert.equal(moveText("e2", "e1", promotion), "e2e1q");
assert.equal(moveText("e7", "e8", promotion, "n"), "e7e8n");  // the chooser's piece
assert.equal(moveText("a1", "a2", promotion), "a1a2");
assert.equal(moveText("e2", "e4", start), "e2e4");
assert.equal(moveText("N@", "f3", start), "N@f3");

assert.equal(formatClock(180000), "3:00");
assert.equal(formatClock(65432), "1:05");
assert.equal(formatClock(20000), "0:20");
assert.equal(formatClock(19950), "0:19.9");
assert.equal(formatClock(-5), "0:00.0");

// The page's script imports only what the helpers export.
// Premoves (premove.js): one move queued while it is not the seat's turn, sent on the
// first state that shows the seat to move, refused premoves recognised in the server's error.
const premove = await import("data:text/javascript," + encodeURIComponent(source("premove.js")));
const { clickAction, duePremove, premoveSquares, refusesPremove, seatToMove } = premove;
const stateWith = (moverA, { started = true, over = false, stuck = false } = {}) =>
  ({ started, over, boards: [{ mover: moverA, stuck }, { mover: "B-white", stuck: false }] });
assert.equal(seatToMove(stateWith("A-white"), "A-white", 0), true);
assert.equal(seatToMove(stateWith("A-black"), "A-white", 0), false);
assert.equal(seatToMove(stateWith("A-white", { stuck: true }), "A-white", 0), false);  // waits for a piece
assert.equal(seatToMove(stateWith("A-white", { started: false }), "A-white", 0), false);
assert.equal(seatToMove(stateWith("A-white", { over: true }), "A-white", 0), false);
assert.equal(seatToMove(stateWith("A-white"), null, 0), false);  // a spectator
assert.equal(clickAction(stateWith("A-white"), "A-white", 0), "send");
assert.equal(clickAction(stateWith("A-black"), "A-white", 0), "queue");
assert.equal(clickAction(stateWith("A-white", { stuck: true }), "A-white", 0), "queue");
assert.equal(clickAction(stateWith("A-black", { over: true }), "A-white", 0), "none");
assert.equal(clickAction(stateWith("A-black", { started: false }), "A-white", 0), "none");
assert.equal(clickAction(stateWith("A-black"), null, 0), "none");
const queued = { from: "e4", to: "d5", move: "e4d5" };
assert.equal(duePremove(queued, stateWith("A-black"), "A-white", 0), null);  // not yet
assert.equal(duePremove(queued, stateWith("A-white"), "A-white", 0), "e4d5");
assert.equal(duePremove(null, stateWith("A-white"), "A-white", 0), null);
assert.equal(duePremove(queued, { ...stateWith("A-black"), boards: [{ mover: "A-black" }, { mover: "B-black" }] },
                        "B-black", 1), "e4d5");  // the seat's own board decides
assert.deepEqual(premoveSquares(queued), ["e4", "d5"]);
assert.deepEqual(premoveSquares({ from: "N@", to: "f3", move: "N@f3" }), ["f3"]);
assert.deepEqual(premoveSquares(null), []);
assert.equal(refusesPremove("move e4d5: illegal move", "e4d5"), true);
assert.equal(refusesPremove("move e4d5: not your turn", "e4d5"), true);
assert.equal(refusesPremove("move e2e4: illegal move", "e4d5"), false);
assert.equal(refusesPremove("move e4d5x: illegal move", "e4d5"), false);
assert.equal(refusesPremove("move e4d5: illegal move", null), false);

// The page's script imports only what the modules export.
const importsOf = (file) =>
  source("app.js").match(new RegExp(`import \\{([^}]*)\\} from "\\./${file.replace(".", "\\.")}"`))[1]
    .split(",").map((s) => s.trim());
for (const name of importsOf("board_model.js")) assert.ok(name in model, `board_model.js does not export ${name}`);
for (const name of importsOf("premove.js")) assert.ok(name in premove, `premove.js does not export ${name}`);
console.log("page helpers and premoves: all assertions hold");
