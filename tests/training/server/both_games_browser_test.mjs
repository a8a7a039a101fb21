// both_games_browser_test.mjs — a table under core/RULES.md "Both games played out" in a
// real browser: Debian's chromium, headless, driven by playwright-core (npm). A table with
// both_games and no computers is made through the lobby's API; the people at A-white and
// B-white open their links, A-white starts and resigns. Both pages say board A's game is
// over (its result and why), A-white only watches (no Resign), B-white still plays (a move
// by clicks reaches A-white's page), A-white's clock stands, and the match is not over. A
// screenshot is saved.
// Exit 77 (skipped) without chromium or playwright-core.
//
// node both_games_browser_test.mjs BUGHOUSE_BINARY NODE_MODULES_PARENT SCREENSHOT
import { fail, kLimit, launchChromium, run, startServer } from "./browser_harness.mjs";

const [binary, modulesParent, screenshot] = process.argv.slice(2);

const text = (page, selector) => page.locator(selector).textContent();

async function createTable(base) {
  const reply = await fetch(`${base}/api/tables`, {
    method: "POST",
    body: JSON.stringify({ clock: "1+0", computer: "", rules: { both_games: true } }),
  });
  if (reply.status !== 201) fail(`creating the table: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

async function main() {
  const browser = await launchChromium(modulesParent);
  const { server, base } = await startServer(binary, ["--model", "random"]);
  try {
    const table = await createTable(base);
    const open = async (seat) => {
      const page = await (await browser.newContext()).newPage();
      page.on("dialog", (dialog) => dialog.accept());
      await page.goto(`${base}/table/${table.table}?token=${table.seats[seat]}`);
      await page.waitForSelector('svg[data-board="A"]', { timeout: kLimit });
      return page;
    };
    const white = await open("A-white");
    const partnersOpponent = await open("B-white");
    await white.click("button:has-text('Start')", { timeout: kLimit });
    await white.waitForSelector("button:has-text('Resign')", { timeout: kLimit });
    await white.click("button:has-text('Resign')");

    const note = "p.game-over:has-text('Game over on board A: 0-1')";
    for (const page of [white, partnersOpponent]) {
      await page.waitForSelector(note, { timeout: kLimit });
      const said = await text(page, note);
      if (!said.includes("A-white resigned")) fail(`board A's note does not say why: ${said}`);
    }
    console.log(`board A: ${await text(white, note)}`);
    if (await partnersOpponent.locator("p.game-over:has-text('board B')").count()) fail("board B is said to be over");
    // The person whose game ended only watches: no Resign, no move box.
    await white.waitForSelector("text=Your game is over; the other board plays on.", { timeout: kLimit });
    if (await white.locator("button:has-text('Resign')").count()) fail("A-white may still resign a game that is over");
    if (!(await partnersOpponent.locator("button:has-text('Resign')").count())) fail("B-white may not resign its game");

    // Board B plays on: B-white's move by clicks reaches A-white's page; the match is not over.
    await partnersOpponent.click('svg[data-board="B"] rect[data-square="e2"]');
    await partnersOpponent.click('svg[data-board="B"] rect[data-square="e4"]');
    await white.waitForFunction(() => document.querySelector('.moves[data-board="B"]')?.textContent.split(" ").includes("e2e4"),
                                null, { timeout: kLimit });
    console.log(`board B plays on: ${await text(white, '.moves[data-board="B"]')}`);
    if ((await text(white, "#banner")).includes("wins")) fail(`the match ended: ${await text(white, "#banner")}`);

    // A-white's clock stands where the resignation left it (a running one would lose a
    // second in two).
    const clock = '.seat[data-seat="A-white"] .clock';
    const before = await text(white, clock);
    await white.waitForTimeout(2000);
    const after = await text(white, clock);
    if (after !== before) fail(`A-white's clock ran after the game ended: ${before} -> ${after}`);
    console.log(`A-white's clock stands at ${after}`);
    await white.screenshot({ path: screenshot, fullPage: true });
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

run(main);
