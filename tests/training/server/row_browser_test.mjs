// row_browser_test.mjs — a table of three boards in a row (core/RULES.md "Three or more
// boards") in a real browser: Debian's chromium, headless, driven by playwright-core (npm).
// B-white creates a 30-second table from the lobby with `boards` set to 3 in the rules form
// (the lobby gives six seat links); B-white and B-black are people on the middle board, the
// row's greedy player takes the four end seats at the start. Every page draws three boards,
// each from the side its viewer's team plays there; moves are played by clicking squares;
// B-white's capture exd5 can pass the pawn to A-black or C-black, so the page asks, and the
// pawn reaches the board chosen. The middle seat is also opened on a phone-sized screen
// (390 x 844): nothing wider than the screen, its own board first. Screenshots of the table
// and the phone's are saved. Exit 77 (skipped) without chromium or playwright-core.
//
// node row_browser_test.mjs BUGHOUSE_BINARY NODE_MODULES_PARENT SCREENSHOT
import { boardTops, kLimit, launchChromium, run, startServer, waitForMove } from "./browser_harness.mjs";

// A check that fails throws: main's `finally` then stops the server before the test exits.
function check(holds, why) {
  if (!holds) throw new Error(why);
}

const [binary, modulesParent, screenshot] = process.argv.slice(2);

async function click(page, board, from, to) {
  await page.click(`svg[data-board="${board}"] rect[data-square="${from}"]`);
  await page.click(`svg[data-board="${board}"] rect[data-square="${to}"]`);
}

async function lobby(browser, base) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/`);
  await page.fill('input[name="clock"]', "30s+0");
  await page.selectOption('select[name="computer"]', "greedy");
  await page.click("details summary:has-text('Rules')", { timeout: kLimit });
  await page.selectOption('select[name="boards"]', "3");
  await page.click('button[type="submit"]');
  const links = {};
  for (const name of ["A-white", "A-black", "B-white", "B-black", "C-white", "C-black", "Spectators"])
    links[name] = await page.locator(".links a", { hasText: name }).getAttribute("href", { timeout: kLimit });
  await page.close();
  return links;
}

async function open(browser, base, link, options = {}) {
  const page = await (await browser.newContext(options)).newPage();
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(link.startsWith("http") ? link : `${base}${link}`);
  await page.waitForSelector('svg[data-board="C"]', { timeout: kLimit });
  return page;
}

// The board's rank labels are not drawn; which way it is turned shows in its first square.
const firstSquare = (page, board) => page.locator(`svg[data-board="${board}"] rect`).first().getAttribute("data-square");

// The middle seat on a phone: no horizontal scroll, its own board B above board A.
async function checkPhone(browser, base, link, path) {
  const width = 390;
  const page = await open(browser, base, link, { viewport: { width, height: 844 }, deviceScaleFactor: 2 });
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  check(scroll <= width, `phone: the page is ${scroll} px wide on a ${width} px screen`);
  const { A: a, B: own, C: c } = await boardTops(page);
  check(own < a && own < c, `phone: board B at ${own} px, A at ${a}, C at ${c}: not own board first`);
  await page.screenshot({ path, fullPage: true });
  console.log(`phone: ${scroll} px wide at ${width}, own board first; screenshot: ${path}`);
}

async function main() {
  const browser = await launchChromium(modulesParent);
  const { server, base } = await startServer(binary);
  try {
    const links = await lobby(browser, base);
    const white = await open(browser, base, links["B-white"]);
    const black = await open(browser, base, links["B-black"]);
    const spectator = await open(browser, base, links["Spectators"]);
    check(await white.locator("svg[data-board]").count() === 3, "B-white's page does not draw three boards");
    // B-white's team (team 2) plays Black on A and C: those boards are turned for it, not B.
    const turned = [await firstSquare(white, "A"), await firstSquare(white, "B"), await firstSquare(white, "C")];
    check(turned.join(" ") === "h1 a8 h1", `B-white sees the boards turned as ${turned}`);
    check(await firstSquare(spectator, "B") === "h1", "a spectator sees board B from White's side");
    console.log("three boards, each from the side the viewer's team plays there");

    await white.click("button[data-start]", { timeout: kLimit });
    await white.waitForSelector("#banner:has-text('Playing')", { timeout: kLimit });
    await click(white, "B", "e2", "e4");
    await waitForMove(black, "B", "e2e4");
    await click(black, "B", "d7", "d5");
    await waitForMove(white, "B", "d7d5");
    // The capture: two team-mates of B-white play Black (A-black, C-black); the page asks.
    await click(white, "B", "e4", "d5");
    await white.waitForSelector('#receiver button[data-receiver="C"]', { timeout: kLimit });
    check(await white.locator("#receiver button").count() === 2, "the capture offers other than two receivers");
    await white.click('#receiver button[data-receiver="C"]');
    await waitForMove(spectator, "B", "e4d5>C");
    // C-black is a computer and may drop the pawn at once, so its reserve may hold it only
    // between two redraws: the pawn has arrived when it is there or dropped on board C.
    // Only B-white's captures reach C-black, and no other seat of board C has a piece to drop.
    await spectator.waitForFunction(() => document.querySelector('.seat[data-seat="C-black"] .reserve span') !== null ||
                                           document.querySelector(".moves[data-board='C']")?.textContent.includes("@"),
                                    null, { timeout: kLimit });
    console.log("exd5 passed its pawn to board C, the board B-white chose");
    await spectator.waitForFunction(() => document.querySelectorAll(".moves[data-board='A']")[0]?.textContent.trim().length > 0,
                                    null, { timeout: kLimit });
    console.log("the row's players move on the end boards");
    await white.screenshot({ path: screenshot, fullPage: true });
    await checkPhone(browser, base, links["B-black"], screenshot.replace(/\.png$/, "-phone.png"));

    await white.click("button[data-resign]");
    await spectator.waitForSelector("#banner:has-text('B-white resigned')", { timeout: kLimit });
    console.log("B-white resigned; everyone reads the end");
  } finally {
    server.kill();
    await browser.close();
  }
}

run(main);
