// replay_model.js — the replay page's pure helpers, with no DOM, so tests can run them
// under Node (tests/training/server/page_test.mjs): how many moves a match time has
// seen, the moment to draw (position, running clocks, the end), stepping, and a board's
// moves. A replay is the server's JSON (training/server/README.md "Replays"): `start`,
// `steps` in time order (each with its `time_ms` and the position after it), `end_ms`.

import { SEATS, boardOf } from "./board_model.js";

// How many of `steps` (in time order) are played by match time t.
export function playedBy(steps, t) {
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid].time_ms <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// The moment after `done` moves at match time t, t kept between the last move's time and
// the end: the position after those moves, the clocks then (a mover's clock runs down
// from the last move's time, as it did in the match, until the end), which seats are
// moving, and whether the end is reached.
export function momentOf(replay, done, t) {
  const position = done === 0 ? replay.start : replay.steps[done - 1];
  const since = done === 0 ? 0 : replay.steps[done - 1].time_ms;
  const time = Math.min(Math.max(t, since), Math.max(since, replay.end_ms));
  const over = done === replay.steps.length && time >= replay.end_ms;
  const clocks = {};
  const moving = {};
  for (const seat of SEATS) {
    const mover = position.boards[boardOf(seat)].mover === seat;
    clocks[seat] = Math.max(0, position.clocks[seat] - (mover ? time - since : 0));
    moving[seat] = mover && !over;
  }
  return { position, time, clocks, moving, over };
}

// Where a step leads: `done` moves played (kept within the match), shown at the time of
// the last of them.
export function stepTo(replay, done) {
  const d = Math.max(0, Math.min(done, replay.steps.length));
  return { done: d, time: d === 0 ? 0 : replay.steps[d - 1].time_ms };
}

// The SAN moves of board 0 (A) or 1 (B) among the first `done` steps.
export function movesOf(steps, done, board) {
  return steps.slice(0, done).filter((s) => boardOf(s.seat) === board).map((s) => s.san);
}
