// browser_test.mjs — the table of `bughouse serve` in a real browser: Debian's chromium,
// headless, driven by playwright-core (npm). Four browser contexts: A-white and A-black
// are people on board A, B-black is A-white's partner, and a spectator watches; B-white
// is the computer. A-white creates a 30-second table from the lobby, with the rules preset
// pawns-stay chosen in its rules form (the banner names the rule), everyone opens their
// link, A-white starts; moves are played by clicking squares (one queued as a premove while
// the opponent thinks), the pawn A-white captures
// reaches its partner (A-white suggests where to drop it: its partner's pocket piece, then
// a square), who drops it by dragging it from the pocket; partner and spectator
// see the same moves, partners talk by one click and in free text (read as text, never
// markup), A-white's suggested move is an arrow on both partners' screens until B-black
// moves, the clocks run, a draw offered is declined, A-white resigns and everyone reads
// the end banner; A-white asks for a rematch from it and plays again. The partner's seat
// is also opened on a phone-sized screen (390 x 844): nothing wider than the screen, its
// own board first, boards, pockets, clocks and buttons within it. Screenshots of the lobby's
// rules form, of the table, of the partner's talk and of the phone's are saved. Exit 77 (skipped) without chromium or
// playwright-core.
//
// node browser_test.mjs BUGHOUSE_BINARY NODE_MODULES_PARENT SCREENSHOT
import { boardTops, fail, kLimit, launchChromium, run, startServer, waitForMove } from "./browser_harness.mjs";

const [binary, modulesParent, screenshot] = process.argv.slice(2);

const movesOf = (page, board) => page.locator(`.moves[data-board="${board}"]`).textContent();

async function play(page, board, from, to) {
  await page.click(`svg[data-board="${board}"] rect[data-square="${from}"]`);
  await page.click(`svg[data-board="${board}"] rect[data-square="${to}"]`);
  await waitForMove(page, board, from + to);
  console.log(`played ${board} ${from}${to}`);
}

async function lobby(browser, base) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/`);
  await page.fill('input[name="clock"]', "30s+0");
  await page.selectOption('select[name="computer"]', "greedy");
  // The rules form: a preset sets the options, and the table plays them.
  await page.click("details summary:has-text('Rules')", { timeout: kLimit });
  await page.selectOption("select[data-preset]", "pawns-stay");
  const promotion = await page.locator('select[name="promotion"]').inputValue();
  if (promotion !== "stay") fail(`the preset pawns-stay left promotion at ${promotion}`);
  await page.waitForSelector("details summary:has-text('Rules: pawns-stay')", { timeout: kLimit });
  await page.screenshot({ path: screenshot.replace(/\.png$/, "-lobby.png"), fullPage: true });
  await page.click('button[type="submit"]');
  const links = {};
  for (const name of ["A-white", "A-black", "B-white", "B-black", "Spectators"]) {
    links[name] = await page.locator(".links a", { hasText: name }).getAttribute("href", { timeout: kLimit });
  }
  return { page, links };
}

async function open(browser, base, link) {
  const page = await (await browser.newContext()).newPage();
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(link.startsWith("http") ? link : `${base}${link}`);
  await page.waitForSelector('svg[data-board="A"]', { timeout: kLimit });
  return page;
}

// The partner's seat on a phone (390 x 844) with the pawn in its pocket: no horizontal
// scroll, both boards (its own board B first), every seat row (name, pocket, clock) and
// every button within the screen's width, the pawn in the pocket visible. A screenshot is
// saved.
async function checkPhone(browser, base, link, path) {
  const width = 390;
  const context = await browser.newContext({ viewport: { width, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(link.startsWith("http") ? link : `${base}${link}`);
  await page.waitForSelector('.seat[data-seat="B-black"] .reserve span[data-piece="P"]', { timeout: kLimit });
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scroll > width) throw new Error(`phone: the page is ${scroll} px wide on a ${width} px screen`);
  const within = async (selector, least) => {
    const boxes = await page.locator(selector).evaluateAll((all) => all.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, width: r.width, height: r.height, what: e.outerHTML.slice(0, 60) };
    }));
    if (boxes.length < least) throw new Error(`phone: ${boxes.length} of ${selector}, expected ${least}`);
    for (const b of boxes)
      if (b.width <= 0 || b.height <= 0 || b.left < 0 || b.right > width) throw new Error(`phone: ${b.what} at ${JSON.stringify(b)}`);
  };
  await within("svg[data-board]", 2);
  await within(".seat", 4);
  await within(".seat .clock", 4);
  await within(".seat .reserve", 4);
  await within("button", 10);
  await within('.seat[data-seat="B-black"] .reserve span[data-piece="P"]', 1);
  // B-black's own board first, the partner's board A below it.
  const { B: ownTop, A: partnerTop } = await boardTops(page);
  if (!(ownTop < partnerTop)) throw new Error(`phone: board B at ${ownTop} px, board A at ${partnerTop} px: not own board first`);
  await page.screenshot({ path, fullPage: true });
  console.log(`phone: ${scroll} px wide at ${width}, boards, pockets, clocks and buttons within; screenshot: ${path}`);
  await context.close();
}

async function main() {
  const browser = await launchChromium(modulesParent);
  const { server, base } = await startServer(binary);
  try {
    const { page: aWhite, links } = await lobby(browser, base);
    await aWhite.goto(links["A-white"].startsWith("http") ? links["A-white"] : `${base}${links["A-white"]}`);
    aWhite.on("dialog", (dialog) => dialog.accept());
    const partner = await open(browser, base, links["B-black"]);
    const aBlack = await open(browser, base, links["A-black"]);
    const spectator = await open(browser, base, links["Spectators"]);
    await aWhite.click("button:has-text('Start')", { timeout: kLimit });
    await aWhite.waitForSelector("#banner:has-text('Playing')", { timeout: kLimit });
    await spectator.waitForSelector("#banner:has-text('rules: promotion=stay')", { timeout: kLimit });
    console.log("the table plays the rules chosen in the lobby: promotion=stay");

    // Partner talk: one click, shown on the partner's screen.
    await partner.click('button[data-tell="need N"]');
    await aWhite.waitForSelector("#talk:has-text('B-black: need N')", { timeout: kLimit });
    console.log("B-black told its partner: need N");
    // Free text: B-black writes markup, and A-white reads it as text (no element made).
    await partner.fill('form.say input[name="say"]', "<i>hold</i> the bishop");
    await partner.press('form.say input[name="say"]', "Enter");
    await aWhite.waitForSelector("#talk:has-text('B-black: <i>hold</i> the bishop')", { timeout: kLimit });
    if (await aWhite.locator("#talk i").count() !== 0) throw new Error("the partner's text was read as markup");
    // The box is emptied once the server has passed the text on.
    await partner.waitForFunction(() => document.querySelector('form.say input[name="say"]').value === "", null,
                                  { timeout: kLimit });
    console.log("B-black said free text; A-white read it as text");
    // A suggestion: A-white points at e7-e5 on its partner's board B; both see the arrow.
    await aWhite.click('svg[data-board="B"] rect[data-square="e7"]');
    await aWhite.click('svg[data-board="B"] rect[data-square="e5"]');
    const arrow = 'svg[data-board="B"] [data-suggested="e7e5"]';
    await partner.waitForSelector(arrow, { timeout: kLimit });
    await aWhite.waitForSelector(arrow, { timeout: kLimit });
    await partner.screenshot({ path: screenshot.replace(/\.png$/, "-talk.png"), fullPage: true });
    console.log("A-white suggested e7e5 on board B: the arrow is on both screens");

    // Board A: 1. e4 d5 2. exd5: the pawn goes to the partner, B-black. Picking the e2
    // pawn shows its two targets (the server's legal moves); the move is then marked.
    await aWhite.click('svg[data-board="A"] rect[data-square="e2"]');
    await aWhite.waitForSelector('svg[data-board="A"] circle[data-target="e4"]', { timeout: kLimit });
    const targets = await aWhite.$$eval('svg[data-board="A"] circle[data-target]', (dots) => dots.map((d) => d.dataset.target).sort());
    if (JSON.stringify(targets) !== JSON.stringify(["e3", "e4"])) throw new Error(`e2's targets: ${targets}`);
    await aWhite.click('svg[data-board="A"] rect[data-square="e2"]');  // put back: cancel the pick
    await play(aWhite, "A", "e2", "e4");
    await spectator.waitForSelector('svg[data-board="A"] rect[data-square="e4"][data-last]', { timeout: kLimit });
    await spectator.waitForSelector('svg[data-board="A"] rect[data-square="e2"][data-last]', { timeout: kLimit });
    console.log("targets e3 e4 shown; the last move marked on the spectator's screen");
    // A-white premoves exd5 while A-black thinks: queued and shown, sent when the turn comes.
    await aWhite.waitForFunction(() => document.querySelector('.seat[data-seat="A-black"]')?.classList.contains("moving"),
                                 null, { timeout: kLimit });
    await aWhite.click('svg[data-board="A"] rect[data-square="e4"]');
    await aWhite.click('svg[data-board="A"] rect[data-square="d5"]');
    await aWhite.waitForSelector('svg[data-board="A"] rect[data-square="d5"][data-premove]', { timeout: kLimit });
    await aWhite.waitForSelector("#premove:has-text('e4d5')", { timeout: kLimit });
    console.log("premoved A e4d5");
    // A-black types its move (UCI or SAN) instead of clicking.
    await aBlack.fill('form.typed input[name="move"]', "d5");
    await aBlack.press('form.typed input[name="move"]', "Enter");
    await waitForMove(aBlack, "A", "d7d5");
    console.log("typed A d5");
    await waitForMove(aWhite, "A", "e4d5");
    console.log("the premove A e4d5 was played");
    await checkPhone(browser, base, links["B-black"], screenshot.replace(/\.png$/, "-phone.png"));
    // Board B: the computer (B-white) moves; then the partner drags the pawn onto a6.
    await partner.waitForFunction(() => document.querySelector('.moves[data-board="B"]')?.textContent.trim().length > 0,
                                  null, { timeout: kLimit });
    const pawn = '.seat[data-seat="B-black"] .reserve span[data-piece="P"]';
    await partner.waitForSelector(pawn, { timeout: kLimit });
    // A-white suggests the drop: its partner's pawn, then a6 on board B; a ring on both screens.
    await aWhite.click(pawn, { timeout: kLimit });
    await aWhite.click('svg[data-board="B"] rect[data-square="a6"]');
    await partner.waitForSelector('svg[data-board="B"] [data-suggested="P@a6"]', { timeout: kLimit });
    console.log("A-white suggested the drop P@a6 on its partner's board");
    await partner.dragAndDrop(pawn, 'svg[data-board="B"] rect[data-square="a6"]');
    await waitForMove(partner, "B", "P@a6");
    console.log("dropped B P@a6 by dragging");
    await partner.waitForSelector(arrow, { state: "detached", timeout: kLimit });
    console.log("the suggestion's arrow went with B-black's move");
    // The computer answers on board B.
    await partner.waitForFunction(() => document.querySelector('.moves[data-board="B"]').textContent.split(" ").length >= 3,
                                  null, { timeout: kLimit });

    // Partner and spectator see the same moves on both boards.
    for (const board of ["A", "B"]) {
      await spectator.waitForFunction(([b, want]) => document.querySelector(`.moves[data-board="${b}"]`)?.textContent === want,
                                      [board, await movesOf(partner, board)], { timeout: kLimit });
    }
    // A-black is to move and thinks: its clock runs down on every screen.
    const clock = '.seat[data-seat="A-black"] .clock';
    const before = await spectator.locator(clock).textContent();
    await spectator.waitForFunction(([c, b]) => document.querySelector(c).textContent !== b, [clock, before], { timeout: kLimit });
    console.log(`A-black's clock ${before} -> ${await spectator.locator(clock).textContent()}; ` +
                `moves A: ${await movesOf(spectator, "A")}; B: ${await movesOf(spectator, "B")}`);

    // A draw offered and declined: the offer shows on the partner's screen, then goes.
    await aWhite.click('button[data-draw="draw"]');
    await partner.waitForSelector("#draw:has-text('Draw offered by A-white')", { timeout: kLimit });
    await partner.click('button[data-draw="decline"]');
    await aWhite.waitForSelector('button[data-draw="draw"]', { timeout: kLimit });
    await aWhite.waitForSelector("#talk:has-text('B-black declines the draw')", { timeout: kLimit });
    console.log("A-white offered a draw; B-black declined it");

    await aWhite.click("button:has-text('Resign')");
    const ended = "#banner:has-text('resign')";
    for (const page of [aWhite, partner, spectator]) await page.waitForSelector(ended, { timeout: kLimit });
    const banner = await spectator.locator("#banner").textContent();
    console.log(`end banner: ${banner}`);
    await spectator.screenshot({ path: screenshot, fullPage: true });
    console.log(`screenshot: ${screenshot}`);
    // A rematch from the end banner: the same seats play again, on every screen.
    await aWhite.click("button:has-text('Rematch')", { timeout: kLimit });
    for (const page of [aWhite, partner, spectator]) await page.waitForSelector("#banner:has-text('Playing')", { timeout: kLimit });
    await play(aWhite, "A", "e2", "e4");
    console.log("rematch: A-white played e4 again");
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

run(main);
