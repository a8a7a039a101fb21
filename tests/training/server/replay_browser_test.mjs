// replay_browser_test.mjs — the replays of `bughouse serve --run DIR` in a real browser:
// Debian's chromium, headless, driven by playwright-core (npm). A run directory made here
// holds the shared test matches as generation 1's arena; the lobby leads to the replays,
// a match opens, a step forward changes board A and its move list, the slider's end shows
// the result, the clocks where the match left them and the promoted queen's mark, play
// moves on by itself, and a record written meanwhile appears in the listing. A screenshot
// of the replay is saved.
// Exit 77 (skipped) without chromium or playwright-core.
//
// node replay_browser_test.mjs BUGHOUSE_BINARY NODE_MODULES_PARENT TEST_DATA_DIR SCREENSHOT
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kLimit, launchChromium, run, startServer } from "./browser_harness.mjs";

const [binary, modulesParent, dataDir, screenshot] = process.argv.slice(2);

// The shared matches were refereed with stuck_rule = flag.
function makeRun() {
  const dir = join(mkdtempSync(join(tmpdir(), "replay-browser-")), "run");
  mkdirSync(join(dir, "arena"), { recursive: true });
  mkdirSync(join(dir, "games"));
  writeFileSync(join(dir, "rules.txt"), "stuck_rule=flag\n");
  copyFileSync(join(dataDir, "match_replays.bpgn"), join(dir, "arena", "gen-0001.bpgn"));
  return dir;
}

const text = (page, selector) => page.locator(selector).textContent();

async function main() {
  const browser = await launchChromium(modulesParent);
  const runDir = makeRun();
  const { server, base } = await startServer(binary, ["--model", "random", "--run", runDir]);
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/`);
    await page.click("a[data-replays]", { timeout: kLimit });
    const first = 'tr[data-match="arena/gen-0001.bpgn/1"] a';
    await page.click(first, { timeout: kLimit });
    await page.waitForSelector('svg[data-board="A"]', { timeout: kLimit });
    const before = await page.locator('svg[data-board="A"]').innerHTML();
    const clock = '.seat[data-seat="A-white"] .clock';
    const startClock = await text(page, clock);

    await page.click('button[data-step="forward"]');
    await page.waitForFunction(() => document.querySelector('.moves[data-board="A"]').textContent.trim() === "h3",
                               null, { timeout: kLimit });
    if ((await page.locator('svg[data-board="A"]').innerHTML()) === before) throw new Error("board A did not change");
    console.log(`a step forward: board A changed, moves A: ${await text(page, '.moves[data-board="A"]')}`);

    // The slider's end: the result, and the clocks where the match left them.
    await page.$eval("input[data-seek]", (seek) => { seek.value = seek.max; seek.dispatchEvent(new Event("input")); });
    await page.waitForSelector("#banner:has-text('0-1')", { timeout: kLimit });
    const endClock = await text(page, clock);
    if (endClock === startClock) throw new Error(`A-white's clock did not move: ${endClock}`);
    console.log(`the end: ${await text(page, "#banner")}; A-white's clock ${startClock} -> ${endClock}`);
    // Match 1's 10a. c2c1q+ made a queen that still stands on c1 at the end: it is marked
    // as promoted (it would pass to the partner as a pawn), and it is the only mark.
    const marks = await page.locator('svg[data-board="A"] [data-promoted]').evaluateAll(
        (found) => found.map((mark) => mark.dataset.promoted));
    if (marks.join() !== "c1") throw new Error(`promotion marks on board A: [${marks}], not [c1]`);
    console.log("the promoted queen on c1 is marked");
    await page.screenshot({ path: screenshot, fullPage: true });

    // Play from the start moves on by itself, in the match's own time, to the end.
    await page.click('button[data-step="start"]');
    await page.waitForFunction(() => document.querySelector("#banner").textContent === "", null, { timeout: kLimit });
    await page.click("button[data-play]");
    await page.waitForFunction(() => Number(document.querySelector(".replay-controls .clock").dataset.done) >= 3,
                               null, { timeout: kLimit });
    await page.waitForSelector("#banner:has-text('0-1')", { timeout: kLimit });
    console.log(`played to the end: ${await text(page, ".replay-controls .clock")}`);

    // A record written now appears in the listing.
    copyFileSync(join(dataDir, "match_replays.bpgn"), join(runDir, "games", "g0002-s0-w0-000000.bpgn"));
    await page.click("text=← matches");
    await page.click("button[data-refresh]", { timeout: kLimit });
    await page.waitForSelector('a[data-generation="2"]', { timeout: kLimit });
    console.log("a record written meanwhile is listed as generation 2");
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(join(runDir, ".."), { recursive: true, force: true });
  }
}

run(main);
