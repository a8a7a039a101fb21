// replay.js — the page's `/replays` (`bughouse serve --run DIR`): the run's generations
// and a generation's matches, read again every few seconds so a running training's new
// matches appear; and one match replayed with both boards, reserves and clocks moving in
// step (play/pause, a step either way, a slider over the match's clock time). The server
// replays the record with core and sends every position (training/server/README.md
// "Replays"); this script only picks the moment to draw, with board_view.js.

import { SEATS, flipped, formatClock, moveSquares } from "./board_model.js";
import { boardSvg, element, moveList, seatRow, showClocks } from "./board_view.js";
import { momentOf, movesOf, playedBy, stepTo } from "./replay_model.js";

const kPollMs = 5000;    // how often the listing is read again
const kTickMs = 100;     // a playing replay's frame
const kUntimedStepMs = 600;  // a move per this at 1× when the match has no clocks
const SPEEDS = [1, 2, 5, 10, 30];
const PLAYER_TAGS = { "A-white": "WhiteA", "A-black": "BlackA", "B-white": "WhiteB", "B-black": "BlackB" };

export function showReplays(app) {
  let view = null;
  const route = () => {
    view?.stop();
    const hash = decodeURIComponent(location.hash.slice(1));
    if (hash.startsWith("match=")) view = new ReplayView(app, hash.slice("match=".length));
    else view = new ListView(app, hash.startsWith("generation=") ? Number(hash.slice("generation=".length)) : null);
  };
  window.addEventListener("hashchange", route);
  route();
}

async function fetchJson(url) {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim());
  return JSON.parse(text);
}

// ---- the listing -----------------------------------------------------------------------

class ListView {
  constructor(app, generation) {
    this.generation = generation;  // null: the newest
    this.from = 0;                 // the first file of the page shown
    app.replaceChildren();
    this.title = element("h2", {}, "Replays");
    const refresh = element("button", { type: "button", "data-refresh": "" }, "Refresh");
    refresh.onclick = () => this.refresh();
    const nav = element("p");
    nav.append(element("a", { href: "/" }, "← tables"), " ", refresh);
    this.generationsDiv = element("div", { class: "generations" });
    this.matchesDiv = element("div", { class: "matches" });
    this.message = element("div", { id: "message" });
    app.append(this.title, nav, this.generationsDiv, this.matchesDiv, this.message);
    this.timer = setInterval(() => this.refresh(), kPollMs);
    this.refresh();
  }

  stop() { clearInterval(this.timer); }

  async refresh() {
    try {
      const run = await fetchJson("/api/run");
      if (!run.run) { this.message.textContent = "This server shows no run (bughouse serve --run DIR)."; return; }
      this.title.textContent = `Replays of the training run “${run.name}”`;
      if (this.generation === null && run.generations.length) this.generation = run.generations[0].generation;
      this.drawGenerations(run.generations);
      if (this.generation === null) { this.matchesDiv.replaceChildren("No recorded matches yet."); return; }
      this.drawMatches(await fetchJson(`/api/run/generations/${this.generation}?from=${this.from}`));
      this.message.textContent = "";
    } catch (error) {
      this.message.textContent = error.message;
    }
  }

  drawGenerations(generations) {
    this.generationsDiv.replaceChildren("Generation: ");
    for (const g of generations) {
      const files = [g.arena ? "arena" : "", g.selfplay ? `${g.selfplay} self-play files` : ""].filter(Boolean).join(", ");
      const link = element("a", { href: `#generation=${g.generation}`, "data-generation": g.generation,
                                  title: files }, String(g.generation));
      if (g.generation === this.generation) link.classList.add("current");
      this.generationsDiv.append(link, " ");
    }
  }

  drawMatches(page) {
    const table = element("table");
    const head = element("tr");
    for (const h of ["match", "event", "players (A-white, A-black, B-white, B-black)", "result", "", "moves"])
      head.append(element("th", {}, h));
    table.append(head);
    for (const file of page.files) {
      if (file.error) {
        const row = element("tr", { class: "unreadable" });
        row.append(element("td", {}, file.file), element("td", { colspan: "5" }, file.error));
        table.append(row);
        continue;
      }
      for (const m of file.matches) {
        const row = element("tr", { "data-match": m.id });
        const cell = element("td");
        cell.append(element("a", { href: `#match=${m.id}` }, `${file.file} #${m.game}`));
        row.append(cell, element("td", {}, m.event), element("td", {}, m.players.join(", ")),
                   element("td", {}, m.result), element("td", {}, m.reason), element("td", {}, String(m.moves)));
        table.append(row);
      }
    }
    this.matchesDiv.replaceChildren(element("h3", {}, `Generation ${page.generation}`), table, this.pager(page));
  }

  // Earlier and later pages of a generation's files.
  pager(page) {
    const p = element("p");
    const last = Math.min(page.from + page.per_page, page.total_files);
    p.append(`files ${page.total_files ? page.from + 1 : 0}–${last} of ${page.total_files} `);
    const go = (from, label) => {
      const button = element("button", { type: "button" }, label);
      button.onclick = () => { this.from = from; this.refresh(); };
      p.append(button, " ");
    };
    if (page.from > 0) go(Math.max(0, page.from - page.per_page), "← earlier");
    if (last < page.total_files) go(last, "later →");
    return p;
  }
}

// ---- one match -------------------------------------------------------------------------

class ReplayView {
  constructor(app, id) {
    this.done = 0;        // moves played
    this.time = 0;        // match time shown (ms)
    this.speed = 1;
    this.timer = null;    // set while playing
    app.replaceChildren();
    this.header = element("div", { class: "replay-header" });
    this.banner = element("div", { id: "banner" });
    this.controls = element("div", { class: "replay-controls" });
    this.boardsDiv = element("div", { class: "boards" });
    this.message = element("div", { id: "message" });
    app.append(this.header, this.controls, this.banner, this.boardsDiv, this.message);
    this.load(id);
  }

  stop() { this.pause(); }

  async load(id) {
    try {
      this.replay = await fetchJson(`/api/run/matches/${id}`);
    } catch (error) {
      this.header.append(element("a", { href: "#" }, "← matches"));  // the newest generation's
      this.message.textContent = error.message;
      return;
    }
    this.timed = this.replay.end_ms > 0;
    this.buildHeader();
    this.buildControls();
    this.draw();
  }

  buildHeader() {
    const r = this.replay;
    const back = element("a", { href: `#generation=${r.generation}` }, "← matches");
    const title = element("h2", {}, `${r.tags.Event || r.file} — ${r.file} #${r.game}`);
    const result = element("p", { class: "result" }, `${r.result}  ${r.reason}  (${r.steps.length} moves, clock ${r.clock})`);
    this.header.append(back, title, result);
  }

  buildControls() {
    const button = (label, attributes, action) => {
      const b = element("button", { type: "button", ...attributes }, label);
      b.onclick = action;
      this.controls.append(b, " ");
      return b;
    };
    button("|◀ start", { "data-step": "start", title: "the start" }, () => this.goTo(stepTo(this.replay, 0)));
    button("◀ back", { "data-step": "back", title: "a move back" }, () => this.goTo(stepTo(this.replay, this.done - 1)));
    this.playButton = button("play", { "data-play": "", title: "play / pause" }, () => (this.timer ? this.pause() : this.play()));
    button("forward ▶", { "data-step": "forward", title: "a move forward" }, () => this.goTo(stepTo(this.replay, this.done + 1)));
    button("end ▶|", { "data-step": "end", title: "the end" }, () => this.goTo({ done: this.replay.steps.length, time: this.replay.end_ms }));
    const speed = element("select", { "aria-label": "speed" });
    for (const s of SPEEDS) speed.append(element("option", { value: s }, `${s}×`));
    speed.onchange = () => {
      this.speed = Number(speed.value);
      if (this.timer) { this.pause(); this.play(); }  // the untimed pace is the timer's period
    };
    this.seek = element("input", { type: "range", min: 0, max: this.timed ? this.replay.end_ms : this.replay.steps.length,
                                   value: 0, "data-seek": "", "aria-label": "seek" });
    this.seek.oninput = () => this.seekTo(Number(this.seek.value));
    this.timeLabel = element("span", { class: "clock" });
    this.controls.append(speed, " ", this.seek, " ", this.timeLabel);
  }

  goTo({ done, time }) {
    this.done = done;
    this.time = time;
    this.draw();
  }

  // The slider is the match's clock time (or, without clocks, the move number).
  seekTo(value) {
    if (this.timed) this.goTo({ done: playedBy(this.replay.steps, value), time: value });
    else this.goTo(stepTo(this.replay, value));
  }

  play() {
    if (momentOf(this.replay, this.done, this.time).over) this.goTo(stepTo(this.replay, 0));  // from the start again
    this.playButton.textContent = "pause";
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      const elapsed = (now - last) * this.speed;
      last = now;
      if (this.timed) this.seekTo(Math.min(this.replay.end_ms, this.time + elapsed));
      else this.goTo(stepTo(this.replay, this.done + 1));
      if (momentOf(this.replay, this.done, this.time).over) this.pause();
    };
    this.timer = setInterval(tick, this.timed ? kTickMs : kUntimedStepMs / this.speed);
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    if (this.playButton) this.playButton.textContent = "play";
  }

  draw() {
    const r = this.replay;
    const moment = momentOf(r, this.done, this.time);
    this.banner.textContent = moment.over ? `${r.result}  ${r.reason}` : "";
    this.boardsDiv.replaceChildren(this.boardSide(0, moment), this.boardSide(1, moment));
    showClocks(this.boardsDiv, (seat) => (this.timed ? formatClock(moment.clocks[seat]) : ""),
               (seat) => moment.moving[seat]);
    this.seek.value = this.timed ? moment.time : this.done;
    const last = this.done ? r.steps[this.done - 1] : null;
    this.timeLabel.textContent = `${formatClock(moment.time)} / ${formatClock(r.end_ms)}  ·  move ${this.done}/${r.steps.length}` +
                                 (last ? `: ${last.seat} ${last.san}` : "");
    this.timeLabel.dataset.done = this.done;
  }

  // A board as a spectator sees it (A from White, B from Black), its players, its moves.
  boardSide(board, moment) {
    const turned = flipped(null, board);
    const seats = SEATS.filter((s) => (s[0] === "A") === (board === 0));
    const [top, bottom] = turned ? seats : [seats[1], seats[0]];
    const row = (seat) => seatRow(seat, moment.position.reserves[seat],
                                  `${seat} · ${this.replay.tags[PLAYER_TAGS[seat]] || "?"}`);
    const side = element("div", { class: "side" });
    side.append(row(top), boardSvg(moment.position.boards[board].fen, board, turned,
                                      { last: moveSquares(moment.position.boards[board].last), check: moment.position.boards[board].check }), row(bottom),
                moveList(board, movesOf(this.replay.steps, this.done, board)));
    return side;
  }
}
