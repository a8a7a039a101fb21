// Specification of the page's pure helpers (training/server/page/board_model.js,
// replay_model.js, premove.js), run under Node when it is installed: FEN placement to
// squares (holdings skipped) and their promotion marks, square indices, which way each
// board is turned for each seat, the UCI text of clicked moves (drops, promotion to a
// queen), clock text, the sitting mark, partners; the premoves (when a queued move is
// sent, which squares show it, its refusal); and in a replay, the moves played by a time,
// the running clocks, the end, stepping; the rules form's presets and the options a
// table asks for (rules_model.js); a row's seats, teams, turned boards and receivers
// (row_model.js).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

// Loaded as a data: URL, which Node always reads as an ES module (a plain .js file outside
// a "type": "module" package is CommonJS to older Node releases, Debian 12's 18 among them).
const source = (name) => readFileSync(new URL(`../../../training/server/page/${name}`, import.meta.url), "utf8");
const model = await import("data:text/javascript," + encodeURIComponent(source("board_model.js")));
const { flipped, formatClock, hasClaims, indexOf, leavingText, moveSquares, moveText, movesBy, partnerOf, promotedOf, promotionFor, sittingText, squareName, squaresOf, targetsOf } =
  model;

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
// ... and the promotion marks: the queen on e8 alone, a promoted black knight on h1.
assert.deepEqual(promotedOf("4Q~3/8/8/8/8/8/8/4K2k[Nn] b - - 0 40").flatMap((p, i) => (p ? [i] : [])), [4]);
assert.deepEqual(promotedOf("4k3/8/8/8/8/8/8/4K2n~[] w - - 0 40").flatMap((p, i) => (p ? [i] : [])), [63]);
assert.equal(promotedOf("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1").some((p) => p), false);
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

// Partners: the other board, the other colour; a seat's moves in a state's list.
assert.deepEqual(["A-white", "A-black", "B-white", "B-black"].map(partnerOf), ["B-black", "B-white", "A-black", "A-white"]);
assert.equal(movesBy([{ seat: "B-black" }, { seat: "A-white" }, { seat: "B-black" }], "B-black"), 2);
assert.equal(movesBy([], "A-white"), 0);

const promotion = squaresOf("8/4P3/8/8/8/8/4p3/K6k w - - 0 1");
assert.equal(moveText("e7", "e8", promotion), "e7e8q");
assert.equal(moveText("e2", "e1", promotion), "e2e1q");
assert.equal(moveText("e7", "e8", promotion, "n"), "e7e8n");  // the chooser's piece
assert.equal(moveText("e7", "e8", promotion, ""), "e7e8");    // staying a pawn
// Draw claims exist in standard chess and under the claim forms of repetition and fifty moves.
assert.equal(hasClaims(["repetition_draw=claim"]), true);
assert.equal(hasClaims(["fifty_move_draw=claim", "promotion=stay"]), true);
assert.equal(hasClaims(["variant=chess"]), true);
assert.equal(hasClaims(["repetition_draw=true"]), false);
assert.equal(hasClaims(undefined), false);
// A person gone from the table: the seconds before the team loses, counting down.
assert.deepEqual(leavingText({ "A-black": 25000 }, 0),
                 ["A-black has left the table: their team loses in 25 s unless they come back"]);
assert.deepEqual(leavingText({ "A-black": 25000 }, 10400), ["A-black has left the table: their team loses in 15 s unless they come back"]);
assert.deepEqual(leavingText({ "A-black": 500 }, 900), ["A-black has left the table: their team loses in 0 s unless they come back"]);
assert.deepEqual(leavingText({}, 0), []);
assert.deepEqual(leavingText(undefined, 0), []);
// Where pawns never promote (core/RULES.md: promotion = stay) the move is the bare step.
assert.equal(promotionFor(["promotion=stay"], "q"), "");
assert.equal(promotionFor(["promotion=reserve"], "n"), "n");
assert.equal(promotionFor([], "q"), "q");
assert.equal(promotionFor(undefined, "q"), "q");
assert.equal(moveText("a1", "a2", promotion), "a1a2");
assert.equal(moveText("e2", "e4", start), "e2e4");
assert.equal(moveText("N@", "f3", start), "N@f3");

// A move's squares (the last move's marks) and a picked piece's targets from the legal list.
assert.deepEqual(moveSquares("e2e4"), ["e2", "e4"]);
assert.deepEqual(moveSquares("e7e8q"), ["e7", "e8"]);
assert.deepEqual(moveSquares("N@f3"), ["f3"]);
assert.deepEqual(moveSquares(null), []);
const legal = ["e2e4", "e2e3", "g1f3", "g1h3", "N@f3", "N@e3", "e7e8q", "e7e8n"];
assert.deepEqual(targetsOf(legal, "e2"), ["e4", "e3"]);
assert.deepEqual(targetsOf(legal, "N@"), ["f3", "e3"]);
assert.deepEqual(targetsOf(legal, "e7"), ["e8"]);  // the promotions' square once
assert.deepEqual(targetsOf(legal, "a2"), []);
assert.deepEqual(targetsOf(legal, null), []);
assert.deepEqual(targetsOf(undefined, "e2"), []);

// A mover sitting for a piece: whole seconds waited; nothing when it does not sit.
assert.equal(sittingText(12_400), "sitting 12 s");
assert.equal(sittingText(999), "sitting 0 s");
assert.equal(sittingText(null), "");
assert.equal(sittingText(undefined), "");
assert.equal(formatClock(180000), "3:00");
assert.equal(formatClock(65432), "1:05");
assert.equal(formatClock(20000), "0:20");
assert.equal(formatClock(19950), "0:19.9");
assert.equal(formatClock(-5), "0:00.0");

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

// The page's scripts import only what the helpers export.
const importsOf = (script, file) => {
  const found = source(script).match(new RegExp(`import \\{([^}]*)\\} from "\\./${file.replace(".", "\\.")}"`));
  return found ? found[1].split(",").map((name) => name.trim()) : [];
};
for (const script of ["app.js", "board_view.js", "replay.js", "replay_model.js"])
  for (const name of importsOf(script, "board_model.js")) assert.ok(name in model, `${script}: board_model.js does not export ${name}`);
for (const name of importsOf("app.js", "premove.js")) assert.ok(name in premove, `app.js: premove.js does not export ${name}`);
assert.ok(importsOf("app.js", "premove.js").length > 0, "app.js uses the premove helpers");

// ---- replay_model.js: the moment of a replay to draw --------------------------------------
// Its import of board_model.js points at the data: URL loaded above.
const modelUrl = "data:text/javascript," + encodeURIComponent(source("board_model.js"));
const replayModel = await import("data:text/javascript," + encodeURIComponent(
  source("replay_model.js").replace('"./board_model.js"', JSON.stringify(modelUrl))));
const { momentOf, movesOf, playedBy, stepTo } = replayModel;

// A-white plays at 1 s, B-white at 3 s; the match ends at 10 s (A-black flags, say).
const position = (movers, clocks) => ({ boards: movers.map((mover) => ({ fen: "8/8/8/8/8/8/8/8[] w - - 0 1", mover })),
                                        reserves: {}, clocks });
const replay = {
  start: position(["A-white", "B-white"], { "A-white": 60000, "A-black": 60000, "B-white": 60000, "B-black": 60000 }),
  steps: [
    { seat: "A-white", san: "e4", time_ms: 1000,
      ...position(["A-black", "B-white"], { "A-white": 59000, "A-black": 60000, "B-white": 59000, "B-black": 60000 }) },
    { seat: "B-white", san: "d4", time_ms: 3000,
      ...position(["A-black", "B-black"], { "A-white": 59000, "A-black": 58000, "B-white": 57000, "B-black": 60000 }) },
  ],
  end_ms: 10000,
};
assert.deepEqual([0, 999, 1000, 2999, 3000, 50000].map((t) => playedBy(replay.steps, t)), [0, 0, 1, 1, 2, 2]);
assert.equal(playedBy([], 5), 0);

// Between moves the movers' clocks run down from the last move's time; the others stand.
const between = momentOf(replay, 1, 2000);
assert.equal(between.position, replay.steps[0]);
assert.deepEqual(between.clocks, { "A-white": 59000, "A-black": 59000, "B-white": 58000, "B-black": 60000 });
assert.deepEqual(between.moving, { "A-white": false, "A-black": true, "B-white": true, "B-black": false });
assert.equal(between.over, false);
assert.equal(momentOf(replay, 0, 500).clocks["A-white"], 59500);
assert.equal(momentOf(replay, 2, 1000).time, 3000);  // never before the last move shown
// At the end the clocks stop where the match ended, and nobody is moving.
const end = momentOf(replay, 2, 99999);
assert.equal(end.time, 10000);
assert.equal(end.over, true);
assert.deepEqual(end.clocks, { "A-white": 59000, "A-black": 51000, "B-white": 57000, "B-black": 53000 });
assert.ok(!Object.values(end.moving).some((m) => m));
assert.equal(momentOf(replay, 1, 99999).over, false);  // a move still to come is not the end

assert.deepEqual(stepTo(replay, 1), { done: 1, time: 1000 });
assert.deepEqual(stepTo(replay, 5), { done: 2, time: 3000 });
assert.deepEqual(stepTo(replay, -1), { done: 0, time: 0 });
assert.deepEqual(movesOf(replay.steps, 2, 0), ["e4"]);
assert.deepEqual(movesOf(replay.steps, 2, 1), ["d4"]);
assert.deepEqual(movesOf(replay.steps, 1, 1), []);
// The rules form's arithmetic (rules_model.js), on a catalogue shaped as GET /api/rules
// serves it: a server that plays without checking drops.
const rulesModel = await import("data:text/javascript," + encodeURIComponent(source("rules_model.js")));
const catalogue = {
  options: [
    { name: "drop_check", values: ["true", "false"], value: "false", default: "true" },
    { name: "promotion", values: ["true", "false", "reserve", "stay"], value: "true", default: "true" },
    { name: "move_limit", values: null, value: "800", default: "800" },
  ],
  presets: [
    { name: "common", about: "", options: {} },
    { name: "tandem", about: "", options: { drop_check: "false" } },
    { name: "pawns-stay", about: "", options: { promotion: "stay" } },
  ],
};
const atServer = rulesModel.serverValues(catalogue);
assert.deepEqual(atServer, { drop_check: "false", promotion: "true", move_limit: "800" });
assert.equal(rulesModel.presetOf(catalogue, atServer), "tandem");
assert.deepEqual(rulesModel.changedOptions(catalogue, atServer), {});  // nothing to ask for
// A preset sets its options over core's defaults, not over the server's rules.
const stay = rulesModel.presetValues(catalogue, "pawns-stay");
assert.deepEqual(stay, { drop_check: "true", promotion: "stay", move_limit: "800" });
assert.deepEqual(rulesModel.changedOptions(catalogue, stay), { drop_check: "true", promotion: "stay" });
assert.equal(rulesModel.presetOf(catalogue, { ...stay, move_limit: "400" }), null);
assert.throws(() => rulesModel.presetValues(catalogue, "nonsense"));
// A row of boards (row_model.js; core/RULES.md "Three or more boards"): seats along the
// row, teams alternating, every board turned to the viewer's team, and the receivers a
// clicked capture may name.
const row = await import("data:text/javascript," + encodeURIComponent(source("row_model.js")));
assert.deepEqual(row.rowSeats(3), ["A-white", "A-black", "B-white", "B-black", "C-white", "C-black"]);
assert.equal(row.rowBoardOf("C-black"), 2);
assert.deepEqual(row.rowSeats(4).map(row.rowTeamOf), [0, 1, 1, 0, 0, 1, 1, 0]);
// B-black (team 1) sees A and C from White, B from Black; C-black (team 2) the reverse.
assert.deepEqual([0, 1, 2].map((b) => row.rowTurned("B-black", b)), [false, true, false]);
assert.deepEqual([0, 1, 2].map((b) => row.rowTurned("C-black", b)), [true, false, true]);
assert.deepEqual([0, 1, 2].map((b) => row.rowTurned(null, b)), [false, true, false]);
assert.deepEqual(row.receiversOf(["e4d5>A", "e4d5>C", "e4e5", "e4d5q>A"], "e4d5"), ["A", "C"]);
assert.deepEqual(row.receiversOf(["e4d5", "e4e5"], "e4d5"), []);  // an end board: no choice to make
assert.deepEqual(row.receiversOf(undefined, "e4d5"), []);
console.log("page helpers: all assertions hold");
