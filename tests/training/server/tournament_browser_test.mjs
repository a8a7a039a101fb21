// tournament_browser_test.mjs — a small club evening in a real browser (Debian's chromium,
// headless, driven by playwright-core), as training/server/README.md "Tournaments" says:
// the director creates a Swiss of 2 rounds from the lobby, registers five people and
// three computers (greedy), forms four teams by hand (two of people, one of a person and
// a computer, one of computers) and pairs round 1. The people open their links and take
// their seats; at one table a person offers a draw and the other two people accept; at
// the other a person closes the page and their team loses when the grace period ends.
// The director pairs round 2; the server is then stopped and started again on the same
// folder, mid-round: the tournament goes on, and the director reads that the round's
// tables started again. The director enters both results played over the board and
// corrects one. The standings and prizes at the end are checked against the table worked by hand
// below. Screenshots of the director's page and the public page are saved. Exit 77
// (skipped) without chromium or playwright-core.
//
// Teams and ratings (rating sums rank round 1): c+d 3300, a+b 2900, y+z 2600, e+x 2200.
// Round 1, top half against bottom half, the higher-ranked home (team 1):
//   table 1 c+d v y+z: c leaves, y+z win (0-1);  table 2 a+b v e+x: drawn by agreement.
// After it: y+z 1, a+b 1/2, e+x 1/2, c+d 0. Round 2: y+z alone on 1 meets the highest
// it has not met, a+b; e+x meets c+d; the team with the lower colour balance is home:
//   table 1 y+z v a+b: entered 1-0, corrected to 0-1;  table 2 e+x v c+d: 1-0 forfeit.
// Final: a+b 1.5 (Buchholz 1.5 + 1 = 2.5), e+x 1.5 (Buchholz 1.5 + 0), y+z 1, c+d 0.
// Prizes (three places, one a team): 1st a+b, 2nd e+x, 3rd y+z; first mixed team
// (groups differ) c+d, as a+b has a place; first team rated under 2700: nobody left ("-").
//
// node tournament_browser_test.mjs BUGHOUSE_BINARY NODE_MODULES_PARENT SCREENSHOT
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fail, kLimit, launchChromium, run, startServer } from "./browser_harness.mjs";

const [binary, modulesParent, screenshot] = process.argv.slice(2);
const kGraceSeconds = "2";

const ENTRANTS = [
  ["a", 1500, "w", ""], ["b", 1400, "m", ""], ["c", 1600, "w", ""], ["d", 1700, "m", ""],
  ["e", 1200, "w", ""], ["x", 1000, "", "greedy"], ["y", 1300, "", "greedy"], ["z", 1300, "", "greedy"],
];

function serve(dir) {
  return startServer(binary, ["--model", "greedy", "--tournaments", dir, "--leave-grace", kGraceSeconds]);
}

async function createFromLobby(browser, base) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/`);
  await page.fill('input[name="clock"]', "5+0");
  await page.click("details summary:has-text('Create a tournament')", { timeout: kLimit });
  await page.fill('#tournament-form input[name="title"]', "Summer evening");
  await page.fill('#tournament-form input[name="rounds"]', "2");
  await page.fill('#tournament-form input[name="rating_limit"]', "2700");
  await page.click("#tournament-form button[type=submit]");
  const director = await page.locator('a[data-tournament="Director"]').getAttribute("href", { timeout: kLimit });
  await page.goto(`${base}${director}`);
  await page.waitForSelector("#title:has-text('Summer evening')", { timeout: kLimit });
  return { page, director };
}

async function register(page) {
  for (const [name, rating, group, computer] of ENTRANTS) {
    await page.fill("#reg-name", name);
    await page.fill("#reg-rating", String(rating));
    await page.fill("#reg-group", group);
    await page.selectOption("#reg-computer", computer);
    await page.click("#register");
    await page.waitForSelector(`#entrants td:text-is("${name}")`, { timeout: kLimit });
  }
  // A second registration of a name is refused, and says why.
  await page.fill("#reg-name", "a");
  await page.click("#register");
  await page.waitForSelector("#message:has-text('registered already')", { timeout: kLimit });
  await page.fill("#teams-text", "a, b\nc, d\ne, x\ny, z");
  await page.click("#teams-hand");
  await page.waitForSelector('#teams td:text-is("e+x")', { timeout: kLimit });
}

async function links(page) {
  const out = {};
  for (const name of ["a", "b", "c", "d", "e"])
    out[name] = await page.locator(`input[data-person="${name}"]`).inputValue({ timeout: kLimit });
  return out;
}

// A person opens their link and takes their seat there.
async function takeSeat(browser, link) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(link);
  await page.click("a:has-text('Take your seat')", { timeout: kLimit });
  await page.waitForSelector('svg[data-board="A"]', { timeout: kLimit });
  return { context, page };
}

async function resultOf(page, table, expected) {
  await page.waitForFunction(([t, r]) => [...document.querySelectorAll("#rounds tr")].some(
                               (tr) => tr.cells[0]?.textContent === t && tr.cells[3]?.textContent === r),
                             [table, expected], { timeout: kLimit });
}

async function roundOne(browser, director, people) {
  // Table 2: a, b and e at a table with the computer x; the match starts when all three sit.
  const seated = {};
  for (const name of ["a", "b", "e"]) seated[name] = await takeSeat(browser, people[name]);
  await seated.a.page.waitForSelector("#banner:has-text('Playing')", { timeout: kLimit });
  await seated.a.page.click('button[data-draw="draw"]:has-text("Offer a draw")', { timeout: kLimit });
  for (const name of ["b", "e"])
    await seated[name].page.click('button[data-draw="draw"]:has-text("Accept the draw")', { timeout: kLimit });
  await seated.e.page.waitForSelector("#banner:has-text('1/2-1/2')", { timeout: kLimit });
  // Table 1: c and d sit against y and z; c closes the page and does not come back.
  const c = await takeSeat(browser, people.c);
  const d = await takeSeat(browser, people.d);
  await d.page.waitForSelector("#banner:has-text('Playing')", { timeout: kLimit });
  await c.context.close();
  await d.page.waitForSelector("#banner:has-text('left')", { timeout: kLimit });
  console.log(`table 1 ended: ${await d.page.locator("#banner").textContent()}`);
  await resultOf(director, "1.1", "0-1");
  await resultOf(director, "2.1", "1/2");
  for (const s of [...Object.values(seated), d]) await s.context.close();
}

async function roundTwo(page) {
  const enter = async (table, result, button) => {
    await page.fill("#res-round", "2");
    await page.fill("#res-table", table);
    await page.fill("#res-match", "1");
    await page.fill("#res-result", result);
    await page.click(button);
  };
  await enter("1", "1-0", "#enter");
  await resultOf(page, "1.1", "1-0");
  await enter("1", "0-1", "#correct");
  await resultOf(page, "1.1", "0-1");
  await enter("2", "1-0 forfeit", "#enter");
  await resultOf(page, "2.1", "1-0");
}

async function checkStandings(page) {
  // A page draws its state after it loads (tournament.js asks the server), the standings and
  // the prizes in one step: wait for them to be drawn before reading them.
  await page.waitForFunction(() => document.querySelectorAll("#standings tr").length > 1, null, { timeout: kLimit });
  const rows = await page.locator("#standings tr").evaluateAll((trs) => trs.slice(1).map(
    (tr) => [...tr.cells].map((c) => c.textContent)));
  const got = rows.map((r) => `${r[0]} ${r[1]} ${r[3]}`).join("; ");
  const want = "1 a+b 1.5; 2 e+x 1.5; 3 y+z 1; 4 c+d 0";
  if (got !== want) fail(`standings: ${got}, worked by hand: ${want}`);
  const prizes = await page.locator("#prizes tr").evaluateAll((trs) => trs.slice(1).map(
    (tr) => `${tr.cells[0].textContent}: ${tr.cells[1].textContent}`));
  const wantPrizes = "1st place: a+b; 2nd place: e+x; 3rd place: y+z; first mixed team: c+d; first team rated under 2700: -";
  if (prizes.join("; ") !== wantPrizes) fail(`prizes: ${prizes.join("; ")}, worked by hand: ${wantPrizes}`);
  console.log(`standings: ${got}; prizes: ${prizes.join("; ")}`);
}

async function main() {
  const browser = await launchChromium(modulesParent);
  const dir = mkdtempSync(join(tmpdir(), "bughouse-evening-"));
  let { server, base } = await serve(dir);
  try {
    const { page, director } = await createFromLobby(browser, base);
    await register(page);
    const people = await links(page);
    await page.click("#pair");
    await page.waitForSelector("#rounds h2:has-text('Round 1')", { timeout: kLimit });
    await roundOne(browser, page, people);
    await page.click("#pair");
    await page.waitForSelector("#rounds h2:has-text('Round 2')", { timeout: kLimit });
    // The server restarts mid-round: the tournament, its results and round 2's pairings are
    // read back from the folder, round 2's tables open again, and the director is told.
    server.kill("SIGTERM");
    await new Promise((done) => server.once("exit", done));
    ({ server, base } = await serve(dir));
    await page.goto(`${base}${director}`);
    await resultOf(page, "2.1", "1/2");
    await page.waitForSelector("#notices li:has-text('restarted')", { timeout: kLimit });
    await page.screenshot({ path: screenshot.replace(/\.png$/, "-director.png"), fullPage: true });
    await roundTwo(page);
    await checkStandings(page);
    const publicPage = await (await browser.newContext()).newPage();
    await publicPage.goto(`${base}${director.split("?")[0]}`);
    await checkStandings(publicPage);
    if (await publicPage.locator("input[data-person]").count()) fail("the public page shows the people's links");
    await publicPage.screenshot({ path: screenshot, fullPage: true });
    console.log(`screenshots: ${screenshot} and its -director twin`);
  } finally {
    server.kill("SIGTERM");
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

run(main);
