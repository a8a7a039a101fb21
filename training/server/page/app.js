// app.js — the page of `bughouse serve`: the table (two SVG boards, clocks, reserves,
// click-to-move, drops, the end), drawn with board_view.js; the lobby is lobby.js's,
// `/replays` replay.js's. The server is the only referee: this
// script only draws its state messages and sends what the person clicks
// (training/server/README.md "Messages").

import { boardOf, flipped, formatClock, hasClaims, leavingText, moveSquares, moveText, movesBy, partnerOf, pawnsStay, promotionFor, sittingText, squaresOf, targetsOf } from "./board_model.js";
import { clickAction, duePremove, premoveSquares, refusesPremove } from "./premove.js";
import * as view from "./board_view.js";
import { element } from "./board_view.js";
import { showReplays } from "./replay.js";
import { showLobby } from "./lobby.js";
import { RowTableView } from "./row.js";
import { Region } from "./region.js";

// The one-click partner messages the server accepts (training/server/partner_talk.h).
const TELLS = ["need P", "need N", "need B", "need R", "need Q", "no P", "no N", "no B", "no R", "no Q",
               "sit", "go", "trade", "no trade", "mate coming", "ok", "no"];
// The page says it is there this often; the server shows a seat silent for a few seconds
// as lost (training/server/limits.h).
const PING_MS = 2000;
const app = document.getElementById("app");

// ---- the table -------------------------------------------------------------------------

class TableView {
  constructor(id, token) {
    this.id = id;
    this.token = token;
    this.seat = null;       // the seat this token holds (the server's welcome says)
    this.state = null;
    this.received = 0;      // performance.now() when the state came
    this.from = null;       // a picked square or reserve piece of the person's board
    this.talk = [];         // partner messages heard (and said), newest last
    this.pending = null;    // the last move sent and not yet seen played: resent after a reconnection
    this.premove = null;    // {from, to, move}: one move queued until the turn comes (premove.js)
    this.premoveSent = null;  // the premove's text once sent, to recognise the server's refusal
    this.suggestFrom = null;  // a square ("e2") or pocket piece ("N@") of the partner's, to suggest a move from
    this.suggestion = null;   // {board, move, seat, match, by}: shown on `board` until `seat` moves (by = its moves then)
    this.build();
    this.connect();
    this.timers = [setInterval(() => this.drawClocks(), 100),
                   setInterval(() => { if (this.socket.readyState === WebSocket.OPEN) this.send({ type: "ping" }); }, PING_MS)];
  }

  // A row of three or more boards is row.js's page: this one stops and hands it the socket.
  handOver(welcome) {
    for (const timer of this.timers) clearInterval(timer);
    new RowTableView(app, this.id, this.token, this.socket, welcome);
  }

  build() {
    app.replaceChildren();
    this.banner = element("div", { id: "banner" });
    this.message = element("div", { id: "message" });
    this.controls = new Region();
    this.boardsDiv = element("div", { class: "boards" });
    this.tellButtons = element("div", { class: "tells" });
    this.talkDiv = element("div", { id: "talk" });
    this.sayForm = element("form", { class: "say" });
    this.premoveRegion = new Region({ id: "premove" });
    this.drawOffer = new Region({ id: "draw" });
    this.leavingDiv = element("div", { id: "leaving" });
    app.append(this.banner, this.leavingDiv, this.controls.div, this.drawOffer.div, this.boardsDiv, this.premoveRegion.div, this.tellButtons, this.sayForm, this.talkDiv,
               this.message);
  }

  connect() {
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.socket = new WebSocket(`${scheme}://${location.host}/ws/${this.id}${query}`);
    this.socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    this.socket.onclose = () => {
      this.message.textContent = "Connection lost: reconnecting…";
      setTimeout(() => this.connect(), 2000);  // the token keeps the seat
    };
  }

  send(message) { this.socket.send(JSON.stringify(message)); }

  // With the number of moves already played on the board: the server plays it once, so
  // it is safe to send again when the connection dropped before the answer came.
  sendMove(move) {
    const ply = this.state.moves.filter((m) => boardOf(m.seat) === boardOf(this.seat)).length;
    this.pending = { type: "move", move, ply, match: this.state.match };
    this.send({ type: "move", move, ply });
  }

  // A pending move is settled by a state of another match or with more moves on its board.
  settlePending(s) {
    const p = this.pending;
    if (p && (s.match !== p.match || s.moves.filter((m) => boardOf(m.seat) === boardOf(this.seat)).length > p.ply))
      this.pending = null;
  }

  receive(message) {
    if (message.type === "error") { this.pending = null; this.refused(message.message); return; }
    if (message.type === "welcome" && message.boards > 2) { this.handOver(message); return; }
    if (message.type === "welcome") {
      this.seat = message.seat;
      this.drawTellButtons();
      this.drawSayForm();
      if (this.pending) this.send({ type: "move", move: this.pending.move, ply: this.pending.ply });
      return;
    }
    if (message.type === "tell") { this.heard(message); return; }
    if (message.type === "suggest") { this.suggested(message); return; }
    if (message.type !== "state") return;
    this.state = message;
    this.settlePending(message);
    this.received = performance.now();
    this.message.textContent = "";
    if (message.event?.seat === this.seat) this.premoveSent = null;  // it was played
    const d = message.draw_event;
    if (d) this.heard({ plain: true, text: `${d.seat}${d.seat === this.seat ? " (you)" : ""} ${d.text}` });
    if (message.fault) this.heard({ plain: true, text: message.fault });  // why a program lost for its team
    this.sendDuePremove();
    this.draw();
  }

  // The queued move goes out as soon as the state shows the person to move.
  sendDuePremove() {
    if (this.state.over) this.premove = null;
    const due = this.seat && duePremove(this.premove, this.state, this.seat, boardOf(this.seat));
    if (!due) return;
    this.premove = null;
    this.premoveSent = due;
    this.sendMove(due);
  }

  // An error from the server; a refused premove is said so, briefly, and forgotten.
  refused(text) {
    if (refusesPremove(text, this.premoveSent)) {
      this.message.textContent = `Premove ${this.premoveSent} was not legal by then: ${text.split(": ").slice(1).join(": ")}`;
      this.premoveSent = null;
      setTimeout(() => { if (this.message.textContent.startsWith("Premove")) this.message.textContent = ""; }, 4000);
      return;
    }
    this.message.textContent = text;
  }

  cancelPremove() {
    if (!this.premove && !this.from) return;
    this.premove = null;
    this.from = null;
    this.draw();
  }

  // The queued move and its cancel button (a region: region.js).
  drawPremove() {
    if (!this.premoveRegion.rebuild(this.premove ? this.premove.move : "")) return;
    if (!this.premove) return;
    const cancel = element("button", { "data-cancel-premove": "" }, "Cancel");
    cancel.onclick = () => this.cancelPremove();
    this.premoveRegion.div.append(`Premove ${this.premove.move} (sent when your turn comes) `, cancel);
  }

  // Partner talk: one click sends a message to the partner, shown with the move it came with.
  drawTellButtons() {
    this.tellButtons.replaceChildren();
    if (!this.seat) return;
    this.tellButtons.append("To your partner: ");
    for (const text of TELLS) {
      const button = element("button", { "data-tell": text }, text);
      button.onclick = () => this.send({ type: "tell", text });
      this.tellButtons.append(button, " ");
    }
  }

  // Free text to the partner (escaped by the page: shown as text, never as markup). Only
  // the partners read it (and the spectators of a table whose talk is public).
  drawSayForm() {
    this.sayForm.replaceChildren();
    if (!this.seat) return;
    const input = element("input", { name: "say", size: "32", maxlength: "200", placeholder: "say to your partner",
                                     "aria-label": "say to your partner" });
    this.sayForm.append(input, " ", element("button", { type: "submit" }, "Say"),
                        " (click a piece on your partner's board, then a square, to suggest a move)");
    // The text stays in the box until the server passes it on (heard() clears it): a
    // message refused as too fast is not lost.
    this.sayInput = input;
    this.sayForm.onsubmit = (event) => {
      event.preventDefault();
      if (input.value.trim()) this.send({ type: "say", text: input.value });
    };
  }

  // A move suggested on a board, drawn there until the player of that board moves.
  suggested(message) {
    const seat = partnerOf(message.from);
    this.suggestion = { board: "AB".indexOf(message.board), move: message.move, seat, match: this.state?.match,
                        by: this.state ? movesBy(this.state.moves, seat) : 0 };
    const who = message.from === this.seat ? "you suggest" : `${message.from} suggests`;
    this.heard({ from: message.from, text: `${who} ${message.move}`, moves: message.ply, plain: true });
    if (this.state) this.draw();
  }

  // The suggestion standing on `board`, or null.
  suggestionOn(board) {
    const g = this.suggestion;
    return g && this.state && g.match === this.state.match && g.board === board && movesBy(this.state.moves, g.seat) === g.by
      ? g.move : null;
  }

  // On the partner's board: a piece of the partner's, then a square, suggests that move.
  clickPartnerSquare(name, piece) {
    const partnerWhite = partnerOf(this.seat).endsWith("white");
    const partners = piece && (piece === piece.toUpperCase()) === partnerWhite;
    if (partners && this.suggestFrom !== name) { this.suggestFrom = name; this.draw(); return; }
    if (this.suggestFrom && !partners) {
      const board = boardOf(partnerOf(this.seat));
      this.send({ type: "suggest", move: moveText(this.suggestFrom, name, squaresOf(this.state.boards[board].fen), "q") });
    }
    this.suggestFrom = null;
    this.draw();
  }

  // A line of partner talk (`plain`: the text as it is, e.g. a suggestion), newest last.
  heard(message) {
    if (message.free && message.from === this.seat && this.sayInput?.value === message.text) this.sayInput.value = "";
    const who = message.from === this.seat ? "you" : message.from;
    // A computer partner's message comes with its plain words.
    const words = message.words ? ` (${message.words})` : "";
    this.talk.push(message.plain ? message.text : `${who}: ${message.text}${words} (after move ${message.moves})`);
    this.talk = this.talk.slice(-6);
    this.talkDiv.replaceChildren(...this.talk.map((line) => element("div", {}, line)));
  }


  draw() {
    const s = this.state;
    // The rules show where they differ from the common form (core/RULES.md "Rule options").
    const rules = s.rules && s.rules.length ? ` · rules: ${s.rules.join(", ")}` : "";
    this.banner.textContent = s.over ? `${s.result}  ${s.reason}${rules}`
                            : s.started ? `Playing ${s.clock}${rules}` : `Waiting for the start (${s.clock})${rules}`;
    this.drawControls();
    this.drawDrawOffer();
    this.boardsDiv.replaceChildren(this.boardSide(0), this.boardSide(1));
    this.drawPremove();
    this.drawClocks();
  }

  // A region (region.js): a half-typed move and a click survive the redraws that every
  // move on either board brings.
  drawControls() {
    const s = this.state;
    // Both games played out (core/RULES.md): a person whose game ended only watches.
    const gameOver = Boolean(this.seat && s.boards[boardOf(this.seat)].game);
    if (!this.controls.rebuild(`${this.seat}|${s.started}|${s.over}|${gameOver}`)) return;
    const controls = this.controls.div;
    if (this.seat) controls.append(`You play ${this.seat}. `);
    else controls.append("You are watching. ");
    if (this.seat && !s.started) {
      const start = element("button", {}, "Start");
      start.onclick = () => this.send({ type: "start" });
      controls.append(start);
    }
    if (gameOver && !s.over) controls.append("Your game is over; the other board plays on. ");
    if (this.seat && s.started && !s.over && !gameOver) {
      const resign = element("button", {}, "Resign");
      resign.onclick = () => { if (confirm("Resign?")) this.send({ type: "resign" }); };
      // Where pawns never promote there is nothing to choose.
      const chooser = pawnsStay(s.rules) ? "" : this.promotionChooser();
      controls.append(resign, " ", chooser, " ", this.moveInput());
      if (hasClaims(s.rules)) {  // the player to move claims; the server judges and says why not
        const claim = element("button", { "data-claim": "" }, "Claim a draw");
        claim.onclick = () => this.send({ type: "claim" });
        controls.append(" ", claim);
      }
    }
    if (s.over && this.seat) {
      const rematch = element("button", {}, "Rematch");
      rematch.onclick = () => this.send({ type: "rematch" });  // the same seats, fresh clocks
      controls.append(rematch, " ");
    }
    if (s.over) controls.append(element("a", { href: `/api/tables/${this.id}/bpgn` }, "Download the record (BPGN)"));
  }

  boardSide(board) {
    const letter = "AB"[board];
    const turned = flipped(this.seat, board);
    const top = turned ? `${letter}-white` : `${letter}-black`;
    const bottom = turned ? `${letter}-black` : `${letter}-white`;
    // The person's own board is "own": on a phone it comes first (index.html's style).
    const own = this.seat && boardOf(this.seat) === board;
    const side = element("div", { class: own ? "side own" : "side" });
    side.append(this.seatRow(top), this.boardSvg(board, turned), this.seatRow(bottom));
    // Both games played out (core/RULES.md): this board's game ended, the other goes on.
    const game = this.state.boards[board].game;
    if (game && !this.state.over) side.append(element("p", { class: "game-over" }, `Game over on board ${letter}: ${game.result}  ${game.reason}`));
    side.append(this.moveList(board));
    return side;
  }

  // The board's moves so far, in UCI (drops as P@e4), oldest first.
  moveList(board) {
    return view.moveList(board, this.state.moves.filter((m) => boardOf(m.seat) === board).map((m) => m.uci));
  }

  seatRow(seat) {
    const s = this.state;
    const info = s.seats[seat];
    const who = info.kind === "computer" ? "computer"
              : info.kind === "person" ? (info.connected ? "person" : "person · connection lost") : "open";
    const mine = seat === this.seat ? {
      picked: this.from?.endsWith("@") ? this.from[0] : null,
      onPick: (piece) => { this.from = `${piece}@`; this.draw(); },
      onDrag: (piece) => { this.from = `${piece}@`; },  // no redraw: it would end the drag
    } : {};
    // The partner's pocket: a piece picked there, then a square of the partner's board,
    // suggests that drop (clickPartnerSquare).
    const partners = this.seat && seat === partnerOf(this.seat) ? {
      picked: this.suggestFrom?.endsWith("@") ? this.suggestFrom[0] : null,
      onPick: (piece) => { this.suggestFrom = `${piece}@`; this.draw(); },
      onDrag: (piece) => { this.suggestFrom = `${piece}@`; },
    } : {};
    return view.seatRow(seat, s.reserves[seat], `${seat} · ${who}`, { ...mine, ...partners });
  }

  boardSvg(board, turned) {
    const b = this.state.boards[board];
    const mine = this.seat && boardOf(this.seat) === board;
    const marks = { last: moveSquares(b.last), check: b.check };
    // The picked piece's targets while it is the person's turn (the list is the mover's).
    const targets = mine && b.mover === this.seat ? targetsOf(b.legal, this.from) : [];
    marks.suggested = this.suggestionOn(board);
    const partners = this.seat && !mine ? { picked: this.suggestFrom, onSquare: (name, piece) => this.clickPartnerSquare(name, piece),
                                            onCancel: () => { this.suggestFrom = null; this.draw(); } } : {};
    return view.boardSvg(b.fen, board, turned,
                         mine ? { ...marks, targets, picked: this.from, queued: premoveSquares(this.premove),
                                  onSquare: (name, piece) => this.clickSquare(name, piece),
                                  onCancel: () => this.cancelPremove() } : { ...marks, ...partners });
  }

  // Draw by agreement: every person at the table agrees (then the computers answer by
  // their search). Offer; or, when one is on the table, accept or decline it (a region).
  drawDrawOffer() {
    const s = this.state;
    const agreed = s.draw_offer || [];
    if (!this.drawOffer.rebuild(`${this.seat}|${s.started}|${s.over}|${agreed.join(",")}`)) return;
    const div = this.drawOffer.div;
    if (!s.started || s.over) return;
    if (agreed.length) div.append(`Draw offered by ${agreed.join(", ")}. `);
    if (!this.seat) return;
    const button = (label, type) => {
      const b = element("button", { "data-draw": type }, label);
      b.onclick = () => this.send({ type });
      return b;
    };
    if (!agreed.length) div.append(button("Offer a draw", "draw"));
    else if (!agreed.includes(this.seat)) div.append(button("Accept the draw", "draw"), " ", button("Decline", "decline"));
    else div.append(button("Withdraw", "decline"));
  }

  // What a pawn reaching the last rank becomes (kept across redraws); under promotion =
  // reserve it may also stay a pawn.
  promotionChooser() {
    const select = element("select", { "aria-label": "promote to", "data-promotion": "" });
    const choices = [["q", "promote to queen"], ["r", "promote to rook"], ["b", "promote to bishop"], ["n", "promote to knight"]];
    if ((this.state.rules || []).includes("promotion=reserve")) choices.push(["", "stay a pawn"]);
    for (const [value, label] of choices) select.append(element("option", { value }, label));
    select.value = this.promotion ?? "q";
    select.onchange = () => { this.promotion = select.value; };
    return select;
  }

  // A move typed in UCI or SAN (e2e4, Nf3, N@f3), for those who prefer the keyboard.
  moveInput() {
    const form = element("form", { class: "typed", style: "display:inline" });
    const input = element("input", { name: "move", size: "8", placeholder: "e2e4 / Nf3", "aria-label": "move" });
    form.append(input);
    form.onsubmit = (event) => {
      event.preventDefault();
      if (input.value.trim()) this.sendMove(input.value.trim());
      input.value = "";
    };
    return form;
  }

  // From-square then to-square; a picked (or dragged) reserve piece then a square drops it
  // (clicking one of your own pieces picks it instead). A pawn reaching the last rank
  // becomes what the chooser says. Not your turn: the move is queued (premove.js), and a
  // click that makes no move clears the queue.
  clickSquare(name, piece) {
    const white = this.seat.endsWith("white");
    const own = piece && (piece === piece.toUpperCase()) === white;
    if (own && this.from !== name) { this.from = name; this.draw(); return; }  // (re)pick a piece to move
    if (!this.from || own) { this.cancelPremove(); return; }
    const promotion = promotionFor(this.state.rules, this.promotion ?? "q");
    const move = moveText(this.from, name, squaresOf(this.state.boards[boardOf(this.seat)].fen), promotion);
    const action = clickAction(this.state, this.seat, boardOf(this.seat));
    if (action === "send") this.sendMove(move);
    if (action === "queue") this.premove = { from: this.from, to: name, move };
    this.from = null;
    this.draw();
  }

  // The movers' clocks run down between messages from the time the state came.
  drawClocks() {
    const s = this.state;
    if (!s) return;
    const elapsed = s.started && !s.over ? performance.now() - this.received : 0;
    const moving = (seat) => s.boards[boardOf(seat)].mover === seat && s.started && !s.over && !s.boards[boardOf(seat)].game;
    const waited = (seat) => s.boards[boardOf(seat)].sitting_ms;
    view.showClocks(this.boardsDiv, (seat) => formatClock(s.clocks[seat] - (moving(seat) ? elapsed : 0)), moving,
                    (seat) => (moving(seat) && waited(seat) != null ? sittingText(waited(seat) + elapsed) : ""));
    // Leaving the table counts down with the clocks (core/RULES.md "End of the match").
    const leaving = s.over ? [] : leavingText(s.leaving, elapsed);
    if (this.leavingDiv.textContent !== leaving.join(""))
      this.leavingDiv.replaceChildren(...leaving.map((line) => element("p", {}, line)));
  }
}

const match = location.pathname.match(/^\/table\/([0-9a-f]+)$/);
if (match) new TableView(match[1], new URLSearchParams(location.search).get("token"));
else if (location.pathname === "/replays") showReplays(app);
else showLobby(app);
