// browser_harness.mjs — what the browser tests share: Debian's chromium driven by npm's
// playwright-core (exit 77, "skipped", when either is missing), `bughouse serve` started
// on a free port, waiting for a move in a board's list, where the boards stand, and the exit
// of a test. Tests wait for states with kLimit: a limit on
// how long a state may take to come, never a timing.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

export const kChromium = "/usr/bin/chromium";
export const kLimit = 20000;  // ms to wait for a state the page must reach

export function skip(why) {
  console.log(`SKIPPED: ${why}`);
  process.exit(77);
}

export function fail(why) {
  console.error(`FAILED: ${why}`);
  process.exit(1);
}

// A headless chromium, from playwright-core installed under `modulesParent`/node_modules.
export async function launchChromium(modulesParent) {
  let chromium;
  try {
    ({ chromium } = createRequire(`${resolve(modulesParent)}/`)("playwright-core"));
  } catch {
    skip(`playwright-core is not installed under ${modulesParent}/node_modules (scripts/test.sh installs it)`);
  }
  if (!existsSync(kChromium)) skip(`${kChromium} is not installed (scripts/setup.sh installs it)`);
  return chromium.launch({ executablePath: kChromium, args: ["--no-sandbox"] });
}

// Starts `bughouse serve --port 0 ARGS...`; resolves with the process and its base URL
// once it says where it is.
export function startServer(binary, args = []) {
  const server = spawn(binary, ["serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  // A test that fails exits at once (fail()): the server must not outlive it, or it would
  // hold the test's output open and ctest would wait for its limit instead of the failure.
  const stop = () => server.kill("SIGKILL");
  process.on("exit", stop);
  server.once("exit", () => process.off("exit", stop));
  return new Promise((resolveServer, reject) => {
    let text = "";
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const found = text.match(/open (http:\/\/[0-9.]+:[0-9]+)\//);
      if (found) resolveServer({ server, base: found[1] });
    });
    server.on("exit", (code) => reject(new Error(`bughouse serve exited with ${code}: ${text}`)));
  });
}

// Waits until board `board`'s move list on `page` shows the move `uci`.
export async function waitForMove(page, board, uci) {
  await page.waitForFunction(([b, m]) => document.querySelector(`.moves[data-board="${b}"]`)?.textContent.split(" ").includes(m),
                             [board, uci], { timeout: kLimit });
}

// Where each board's SVG begins on the page (px from the top of the document), read at one
// moment: the page redraws its boards with every state, and an element measured after it
// left the page would read 0.
export async function boardTops(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll("svg[data-board]")].map(
    (e) => [e.dataset.board, e.getBoundingClientRect().top + window.scrollY])));
}

// Runs a test's main: exit 0 when it resolves, a failure with the stack otherwise.
export function run(main) {
  main().then(() => process.exit(0), (error) => fail(error.stack || error));
}
