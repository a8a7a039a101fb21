// tournament.js — the page of a tournament `bughouse serve` hosts (tournament.html): it
// reads GET /api/tournaments/ID (with the director's key when the address has one) every
// few seconds and draws the entrants, teams, rounds and standings; the director's forms
// post the actions; a person's link shows their seat (training/server/README.md
// "Tournaments"). Every name is set as text, never as markup.
import { element } from "./board_view.js";

const REFRESH_MS = 3000;
const id = location.pathname.split("/")[2];
const query = new URLSearchParams(location.search);
const manage = query.get("manage");
const player = query.get("player");
const $ = (name) => document.getElementById(name);
const api = `/api/tournaments/${id}`;
const keyQuery = manage ? `?manage=${encodeURIComponent(manage)}` : "";

function row(cells, tag = "td") {
  const tr = element("tr");
  for (const c of cells) tr.append(c instanceof Node ? (() => { const td = element(tag); td.append(c); return td; })() : element(tag, {}, String(c ?? "")));
  return tr;
}

function fill(table, header, rows) {
  table.replaceChildren(row(header, "th"), ...rows.map((r) => row(r)));
}

function link(href, text) {
  return element("a", { href }, text);
}

async function act(action, body) {
  const response = await fetch(`${api}/${action}${keyQuery}`, { method: "POST", body: JSON.stringify(body) });
  const text = await response.text();
  $("message").textContent = response.ok ? "" : text.trim();
  if (response.ok) await refresh();
  return response.ok ? JSON.parse(text) : null;
}

function drawRounds(view) {
  const out = $("rounds");
  out.replaceChildren();
  for (const round of [...view.rounds].reverse()) {
    out.append(element("h2", {}, `Round ${round.round}`),
               link(`${api}/round-${round.round}.html`, "printable pairing sheet"));
    const rows = [];
    for (const m of round.meetings) {
      if (m.bye) { rows.push([m.table, m.home, "bye", "", "", ""]); continue; }
      for (const match of m.matches) {
        const s = match.seats;
        const watch = match.table && !match.result ? link(`/table/${match.table}`, "watch") : "";
        const record = match.record ? link(`${api}/games/${match.record}`, "record") : "";
        rows.push([`${m.table}.${match.match}`, `${s["A-white"]} + ${s["B-black"]}`, `${s["A-black"]} + ${s["B-white"]}`,
                   match.result ?? "playing", match.ending ?? "", watch || record]);
      }
    }
    const table = element("table");
    fill(table, ["table", "team 1 (A-white + B-black)", "team 2 (A-black + B-white)", "result", "how", ""], rows);
    out.append(table);
  }
}

function drawStandings(view) {
  const s = view.summary;
  if (!s) return;
  fill($("standings"), ["rank", "team", "players", "points", "W", "D", "L", "Buchholz"],
       s.standings.map((r) => [r.rank, r.entrant, r.players, r.points, r.wins, r.draws, r.losses, r.buchholz]));
  fill($("prizes"), ["prize", "team"], s.prizes.map((p) => [p.prize, p.team]));
  $("exports").replaceChildren(link(`${api}/standings.csv`, "standings.csv"), " ",
                               link(`${api}/crosstable.csv`, "crosstable.csv"), " ",
                               link(`${api}/standings.html`, "standings page"), " ",
                               link(`${api}/games.bpgn`, "every table's record (BPGN)"));
}

function drawDirector(view) {
  $("director").hidden = false;
  $("notices").replaceChildren(...view.notices.map((n) => element("li", {}, n)));
  const open = view.state === "registration";
  $("registration").disabled = !open;
  $("team-form").disabled = !open;
  $("late-form").disabled = view.state !== "playing";
  const links = $("links");
  links.replaceChildren(element("h3", {}, "The people's links (each person keeps theirs for every round)"));
  for (const e of view.entrants.filter((e) => e.link)) {
    const input = element("input", { readonly: "", value: location.origin + e.link, "data-person": e.name });
    links.append(element("div", {}, `${e.name}: `), input);
  }
}

async function drawSeat() {
  const response = await fetch(`${api}/seat?player=${encodeURIComponent(player)}`);
  const seat = $("seat");
  $("player").hidden = false;
  if (!response.ok) { seat.textContent = (await response.text()).trim(); return; }
  const where = await response.json();
  if (where.waiting) { seat.textContent = `${where.name}: ${where.waiting}`; return; }
  seat.replaceChildren(`${where.name}: round ${where.round}, you play ${where.seat}. `,
                       link(`/table/${where.table}?token=${encodeURIComponent(where.token)}`, "Take your seat"));
}

async function refresh() {
  const response = await fetch(api + keyQuery);
  if (!response.ok) { $("message").textContent = (await response.text()).trim(); return; }
  const view = await response.json();
  $("title").textContent = document.title = view.title;
  const st = view.settings;
  $("about").textContent = `${st.format}, ${st.rounds} rounds, ${st.games} match(es) a pairing, ${st.clock}; ` +
    `teams ${st.teams}${st.rules.length ? "; rules: " + st.rules.join(", ") : ""} — ${view.state}`;
  fill($("entrants"), ["name", "rating", "group", "plays"],
       view.entrants.map((e) => [e.name, e.rating ?? "", e.group, e.computer ?? "in person"]));
  fill($("teams"), ["team", "white", "black"], view.teams.map((t) => t));
  drawRounds(view);
  drawStandings(view);
  if (manage) drawDirector(view);
  if (player) await drawSeat();
}

function wire() {
  $("register").onclick = () => act("register", {
    name: $("reg-name").value.trim(), computer: $("reg-computer").value || null,
    rating: $("reg-rating").value === "" ? null : Number($("reg-rating").value), group: $("reg-group").value || null,
  }).then((ok) => { if (ok) $("reg-name").value = ""; });
  $("teams-hand").onclick = () => act("teams", {
    teams: $("teams-text").value.split("\n").map((l) => l.split(",").map((n) => n.trim())).filter((t) => t[0]),
  });
  const lateEntrant = (side) => ({ name: $(`late-${side}`).value.trim(),
                                   rating: $(`late-${side}-rating`).value === "" ? null : Number($(`late-${side}-rating`).value) });
  $("late").onclick = () => act("late", { white: lateEntrant("white"), black: lateEntrant("black") });
  $("teams-random").onclick = () => act("teams", { mode: "random" });
  $("teams-balanced").onclick = () => act("teams", { mode: "balanced" });
  $("pair").onclick = () => act("round", {});
  const result = () => ({ round: Number($("res-round").value), table: Number($("res-table").value),
                          match: Number($("res-match").value), result: $("res-result").value.trim() });
  $("enter").onclick = () => act("result", result());
  $("correct").onclick = () => act("correct", result());
  $("withdraw").onclick = () => act("withdraw", { name: $("withdraw-name").value.trim() });
}

if (manage) wire();
refresh();
setInterval(refresh, REFRESH_MS);
