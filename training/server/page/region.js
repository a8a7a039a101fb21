// region.js — a part of the page rebuilt only when what it offers changes. A table's states
// arrive several times a second (every move on either board, every computer's reply): a
// button replaced between the press and the release of a click loses the click, and a
// text field its half-typed move. The tables' controls, draw offer, premove and receiver
// choice are regions; the boards are redrawn on every state (they answer `pointerdown`).

import { element } from "./board_view.js";

export class Region {
  constructor(attributes = {}) {
    this.div = element("div", attributes);
    this.key = undefined;
  }

  // True, with the region emptied for its new contents, when `key` (a string naming what
  // the region offers) differs from the one it was last built for; false otherwise.
  rebuild(key) {
    if (key === this.key) return false;
    this.key = key;
    this.div.replaceChildren();
    return true;
  }
}
