// row.js — the page of a table for a row of three or more boards (core/RULES.md "Three or
// more boards"; training/server/README.md "A row of boards"): every board, each drawn from
// the side the viewer's team plays there, two seat rows a board with pockets and clocks,
// click-to-move and drops on the person's board and, for a capture with two receivers, a
// choice of the board that receives the piece. The server referees; this script draws its
// state messages and sends what the person clicks. app.js hands a row's table over here
// when the server's welcome says how many boards it has.

import { formatClock, moveSquares, moveText, squaresOf, targetsOf } from "./board_model.js";
import * as view from "./board_view.js";
import { element } from "./board_view.js";
import { LETTERS, receiversOf, rowBoardOf, rowTurned } from "./row_model.js";
import { Region } from "./region.js";

export class RowTableView {
  // Takes over `socket`, whose welcome (`welcome`: seat, boards) has just come.
  constructor(app, id, token, socket, welcome) {
    this.app = app;
    this.id = id;
    this.token = token;
    this.seat = welcome.seat;
    this.boards = welcome.boards;
    this.state = null;
    this.received = 0;
    this.from = null;     // a picked square or pocket piece of the person's board
    this.choice = null;   // a capture waiting for the person to name the board that receives
    this.build();
    this.attach(socket);
    setInterval(() => this.drawClocks(), 100);
    setInterval(() => { if (this.socket.readyState === WebSocket.OPEN) this.send({ type: "ping" }); }, 2000);
  }

  build() {
    this.app.replaceChildren();
    this.banner = element("div", { id: "banner" });
    this.controls = new Region();
    this.chooser = new Region({ id: "receiver" });
    this.boardsDiv = element("div", { class: "boards row" });
    this.message = element("div", { id: "message" });
    this.app.append(this.banner, this.controls.div, this.chooser.div, this.boardsDiv, this.message);
  }

  attach(socket) {
    this.socket = socket;
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = () => {
      this.message.textContent = "Connection lost: reconnecting…";
      setTimeout(() => this.reconnect(), 2000);  // the token keeps the seat
    };
  }

  reconnect() {
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.attach(new WebSocket(`${scheme}://${location.host}/ws/${this.id}${query}`));
  }

  send(message) { this.socket.send(JSON.stringify(message)); }

  receive(message) {
    if (message.type === "error") { this.message.textContent = message.message; return; }
    if (message.type !== "state") return;
    this.state = message;
    this.received = performance.now();
    this.message.textContent = "";
    this.draw();
  }

  draw() {
    const s = this.state;
    const over = s.over ? `${s.result}  ${s.reason}` : "";
    const you = this.seat ? `You are ${this.seat}. ` : "You are watching. ";
    this.banner.textContent = over || `${you}${s.started ? "Playing" : "Waiting for the start"} · ${this.boards} boards in a row · ${s.clock}`;
    this.drawControls();
    this.drawChooser();
    const sides = [];
    for (let b = 0; b < this.boards; ++b) sides.push(this.boardSide(b));
    this.boardsDiv.replaceChildren(...sides);
    this.drawClocks();
  }

  // A region (region.js): the row's computers bring a new state several times a second.
  drawControls() {
    const s = this.state;
    if (!this.controls.rebuild(`${this.seat}|${s.started}|${s.over}`)) return;
    if (!this.seat || s.over) return;
    const button = s.started ? element("button", { "data-resign": "" }, "Resign") : element("button", { "data-start": "" }, "Start");
    button.onclick = () => {
      if (s.started && !confirm("Resign?")) return;
      this.send({ type: s.started ? "resign" : "start" });
    };
    this.controls.div.append(button);
  }

  // A capture that two boards may receive: the person names one (core/RULES.md "Three or
  // more boards": the capturer chooses).
  drawChooser() {
    if (!this.chooser.rebuild(this.choice ? `${this.choice.uci}|${this.choice.receivers}` : "")) return;
    if (!this.choice) return;
    this.chooser.div.append(`${this.choice.uci}: the piece goes to `);
    for (const letter of this.choice.receivers) {
      const b = element("button", { "data-receiver": letter }, `board ${letter}`);
      b.onclick = () => { this.sendMove(`${this.choice.uci}>${letter}`); this.choice = null; this.draw(); };
      this.chooser.div.append(b, " ");
    }
  }

  boardSide(board) {
    const letter = LETTERS[board];
    const turned = rowTurned(this.seat, board);
    const top = turned ? `${letter}-white` : `${letter}-black`;
    const bottom = turned ? `${letter}-black` : `${letter}-white`;
    const own = this.seat && rowBoardOf(this.seat) === board;
    const side = element("div", { class: own ? "side own" : "side" });
    side.append(element("div", { class: "board-name" }, `Board ${letter}`), this.seatRow(top), this.boardSvg(board, turned),
                this.seatRow(bottom),
                view.moveList(board, this.state.moves.filter((m) => rowBoardOf(m.seat) === board).map((m) => m.uci)));
    return side;
  }

  seatRow(seat) {
    const info = this.state.seats[seat];
    const who = info.kind === "person" ? (info.connected ? "person" : "person · connection lost") : info.kind;
    const mine = seat === this.seat ? {
      picked: this.from?.endsWith("@") ? this.from[0] : null,
      onPick: (piece) => { this.from = `${piece}@`; this.draw(); },
      onDrag: (piece) => { this.from = `${piece}@`; },
    } : {};
    return view.seatRow(seat, this.state.reserves[seat], `${seat} · ${who}`, mine);
  }

  boardSvg(board, turned) {
    const b = this.state.boards[board];
    const marks = { last: moveSquares(b.last), check: b.check };
    const mine = this.seat && rowBoardOf(this.seat) === board;
    if (!mine) return view.boardSvg(b.fen, board, turned, marks);
    const targets = b.mover === this.seat ? targetsOf(b.legal, this.from) : [];
    return view.boardSvg(b.fen, board, turned, { ...marks, targets, picked: this.from,
                                                 onSquare: (name, piece) => this.clickSquare(name, piece),
                                                 onCancel: () => { this.from = null; this.choice = null; this.draw(); } });
  }

  clickSquare(name, piece) {
    const board = this.state.boards[rowBoardOf(this.seat)];
    const own = piece && (piece === piece.toUpperCase()) === this.seat.endsWith("white");
    if (own && this.from !== name) { this.from = name; this.draw(); return; }
    if (!this.from) return;
    const uci = moveText(this.from, name, squaresOf(board.fen));
    this.from = null;
    const receivers = receiversOf(board.legal, uci);
    if (receivers.length > 1) this.choice = { uci, receivers };
    else this.sendMove(uci);
    this.draw();
  }

  // With the number of moves already played on the board: the server plays it once.
  sendMove(move) {
    const ply = this.state.moves.filter((m) => rowBoardOf(m.seat) === rowBoardOf(this.seat)).length;
    this.send({ type: "move", move, ply });
  }

  // The movers' clocks run down between messages from the time the state came.
  drawClocks() {
    const s = this.state;
    if (!s) return;
    const elapsed = s.started && !s.over ? performance.now() - this.received : 0;
    const moving = (seat) => s.boards[rowBoardOf(seat)].mover === seat && s.started && !s.over;
    view.showClocks(this.boardsDiv, (seat) => formatClock(s.clocks[seat] - (moving(seat) ? elapsed : 0)), moving);
  }
}
