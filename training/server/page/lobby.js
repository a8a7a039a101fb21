// lobby.js — the lobby of `bughouse serve`'s page: the form that creates a table (its
// clock, the computer that takes the free seats, public talk, the rules form of
// rules_form.js), a table to watch, the seat links of a created table, a tournament to
// create (tournament.js draws it), and the way to a training run's replays
// (training/server/README.md "Endpoints").
import { element } from "./board_view.js";
import { rowSeats } from "./row_model.js";
import { rulesForm } from "./rules_form.js";

export function showLobby(app) {
  app.replaceChildren();
  const form = element("form");
  form.append(element("label", {}, "Clock "), element("input", { name: "clock", value: "3+0", size: "6" }), " ");
  const computer = element("select", { name: "computer" });
  for (const [value, label] of [["", "the server's model"], ["random", "random"], ["greedy", "greedy"],
                                ["uniform", "uniform"], ["material", "material"], ["tactical", "tactical"]])
    computer.append(element("option", { value }, label));
  // Partner talk is the partners' own unless the table makes it public (spectators read it).
  const publicTalk = element("input", { type: "checkbox", name: "public_talk" });
  const publicLabel = element("label");
  publicLabel.append(publicTalk, " spectators read the partners' talk");
  form.append(element("label", {}, "Computer "), computer, " ", publicLabel, " ",
              element("button", { type: "submit" }, "Create a table"));
  // Or watch the computer play all four seats at this clock.
  const watch = element("button", { type: "button", "data-watch": "" }, "Watch the computer play");
  form.append(" ", watch);
  const out = element("div", { class: "links" });
  const message = element("div", { id: "message" });
  // The rules form comes with the server's catalogue; until then (or without it) a table
  // plays the server's rules.
  let rules = () => ({});
  fetch("/api/rules").then((r) => r.json()).then((catalogue) => {
    const chosen = rulesForm(catalogue);
    rules = chosen.rules;
    form.append(chosen.element);
  }).catch(() => {});
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = JSON.stringify({ clock: form.clock.value, computer: form.computer.value, public_talk: publicTalk.checked,
                                  rules: rules() });
    const response = await fetch("/api/tables", { method: "POST", body });
    const text = await response.text();
    if (!response.ok) { message.textContent = text; return; }
    message.textContent = "";
    showLinks(JSON.parse(text), out);
  });
  watch.onclick = async () => {
    const body = JSON.stringify({ clock: form.clock.value, computer: form.computer.value, watch: true, rules: rules() });
    const response = await fetch("/api/tables", { method: "POST", body });
    const text = await response.text();
    if (!response.ok) { message.textContent = text; return; }
    location.href = `/table/${JSON.parse(text).spectator}`;
  };
  app.append(form, message, out, tournamentForm(form, () => rules()));
  linkReplays(app).catch(() => {});  // the tables work without it
}

// A tournament (`bughouse serve --tournaments DIR`) with the table form's clock and rules:
// its director's link is shown once and is the only way to manage it.
function tournamentForm(tableForm, rules) {
  const box = element("details");
  box.append(element("summary", {}, "Create a tournament"));
  const form = element("form", { id: "tournament-form" });
  const field = (label, attributes) => {
    const input = element("input", attributes);
    form.append(element("label", {}, `${label} `), input, " ");
    return input;
  };
  const title = field("Title", { name: "title", value: "Club evening", size: "20" });
  const rounds = field("Rounds", { name: "rounds", type: "number", value: "7", min: "1", style: "width:4em" });
  const limit = field("Prize for teams rated under", { name: "rating_limit", type: "number", min: "0", style: "width:5em" });
  const alternate = element("input", { type: "checkbox", name: "alternate_colours" });
  const alternateLabel = element("label");
  alternateLabel.append(alternate, " partners swap colours from match to match ");
  form.append(alternateLabel);
  const format = element("select", { name: "format" });
  for (const f of ["swiss", "roundrobin", "double-roundrobin"]) format.append(element("option", { value: f }, f));
  form.append(element("label", {}, "Format "), format, " ", element("button", { type: "submit" }, "Create"));
  const out = element("div", { class: "links" });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = JSON.stringify({ title: title.value, rounds: Number(rounds.value), format: format.value,
                                  clock: tableForm.clock.value, rules: rules(),
                                  rating_limit: limit.value === "" ? null : Number(limit.value),
                                  alternate_colours: alternate.checked });
    const response = await fetch("/api/tournaments", { method: "POST", body });
    const text = await response.text();
    if (!response.ok) { out.textContent = text; return; }
    const made = JSON.parse(text);
    out.replaceChildren(element("p", {}, "Keep the director's link to yourself: it alone manages the tournament."));
    for (const [label, path] of [["Director", made.manage_page], ["Public page", made.page]]) {
      const row = element("p");
      row.append(element("a", { href: path, "data-tournament": label }, label), " ",
                 element("input", { value: location.origin + path, readonly: "" }));
      out.append(row);
    }
  });
  box.append(form, out);
  return box;
}

// With a training run (`bughouse serve --run DIR`), the lobby leads to its replays.
async function linkReplays(app) {
  const run = await (await fetch("/api/run")).json();
  if (!run.run) return;
  const p = element("p");
  p.append(element("a", { href: "/replays", "data-replays": "" }, `Replays of the training run “${run.name}”`),
           " — its self-play and arena matches, generation by generation");
  app.append(p);
}

// Each seat's link carries its secret token: give it only to the person who sits there.
function showLinks(table, out) {
  out.replaceChildren(element("p", {}, "Send each person the link of their seat; open yours. " +
                                        "Seats nobody opens are played by the computer once someone presses Start."));
  const base = `${location.origin}/table/${table.table}`;
  for (const seat of rowSeats(Object.keys(table.seats).length / 2)) {  // two boards, or a row
    const url = `${base}?token=${table.seats[seat]}`;
    const row = element("p");
    row.append(element("a", { href: url }, seat), " ", element("input", { value: url, readonly: "" }));
    out.append(row);
  }
  const row = element("p");
  row.append(element("a", { href: `/table/${table.spectator}` }, "Spectators"), " ",
             element("input", { value: `${location.origin}/table/${table.spectator}`, readonly: "" }));
  out.append(row);
}
