// Specification of the page's pure helpers (training/server/page/board_model.js), run
// under Node when it is installed: FEN placement to squares (holdings and promotion
// marks skipped), square indices, which way each board is turned for each seat, the UCI
// text of clicked moves (drops, promotion to a queen), and clock text.
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
const imported = source("app.js").match(/import \{([^}]*)\} from "\.\/board_model\.js"/)[1].split(",").map((s) => s.trim());
for (const name of imported) assert.ok(name in model, `board_model.js does not export ${name}`);
console.log("page helpers: all assertions hold");
