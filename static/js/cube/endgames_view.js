// @ts-check
// How the endgame player shows its cube, with the 3D lab's pieces: the view (flat layers or the 3D
// view you turn), the layer strip (strip.js: "All" and a button per layer, each with its count of
// pieces and a mark where the selected piece can go), the 3D view's camera (the lab's presets and
// turn buttons), and on a phone one layer at a time (the lone king's, followed as it moves). The
// page keeps the game; this keeps the view and gives the board its view fields.

import { parseCubeKey } from "../board/keys.js";
import { allWithin, within } from "../shared/dom.js";
import { countByLayer } from "./layers.js";
import { createStrip } from "./strip.js";

const STORED = "cube-endgames-view";

/** The layer of a cube: its level (the board is sliced into levels, layer 0 the top one, as z). */
const levelOf = (key) => (key ? parseCubeKey(key)?.[2] ?? null : null);

/**
 * @param {HTMLElement} root  the player's section
 * @param {{board: import("../board/types.js").Board, narrow: MediaQueryList, onChange: () => void}} options
 */
export function createView(root, { board, narrow, onChange }) {
  /** @type {{view: "layers" | "space", only: number | null}} */
  const shown = { view: remembered() === "space" ? "space" : "layers", only: null };
  const orbit = within(root, "#eg-orbit");
  const buttons = allWithin(root, "[data-view]");
  const strip = createStrip(within(root, "#eg-strip"), (layer) => pick(layer));

  function pick(layer) {
    shown.only = layer;
    onChange();
  }

  for (const button of buttons) {
    button.addEventListener("click", () => {
      shown.view = button.dataset.view === "space" ? "space" : "layers";
      remember(shown.view);
      onChange();
    });
  }
  for (const button of allWithin(orbit, "[data-orbit]")) {
    const [spin, tilt] = String(button.dataset.orbit).split(",").map(Number);
    button.addEventListener("click", () => board.orbit(spin, tilt));
  }
  for (const button of allWithin(orbit, "[data-zoom]")) {
    button.addEventListener("click", () => board.zoomBy(Number(button.dataset.zoom)));
  }
  for (const button of allWithin(orbit, "[data-preset]")) {
    button.addEventListener("click", () => board.preset(/** @type {any} */ (button.dataset.preset)));
  }
  within(orbit, "[data-reset-view]").addEventListener("click", () => board.resetView());

  return {
    /** The board's view fields. */
    fields: () => ({ view: shown.view, only: shown.only }),
    /** A swipe or PageUp/PageDown on one layer asks for another. */
    pick,
    /** A new position: on a phone, the layer of ``key`` alone; on a desk every layer, unless one is chosen. */
    startAt(key) {
      shown.only = narrow.matches || shown.only !== null ? levelOf(key) ?? 0 : null;
    },
    /** While one layer shows, show the layer of ``key`` (the lone king after its move, a hint). */
    follow(key) {
      if (shown.only !== null) shown.only = levelOf(key) ?? shown.only;
    },
    /** The screen became narrow or wide: one layer on a phone. */
    fit(key) {
      if (narrow.matches && shown.only === null) shown.only = levelOf(key);
    },
    /**
     * Draws the strip and the view's buttons once the board has been rendered.
     * @param {{n: number, pieces: string[], dests: string[], check: string[]}} keys
     */
    render({ n, pieces, dests, check }) {
      const count = (list) => countByLayer(list, board.layerOf, n);
      strip.render({ layers: n, names: board.layerName, only: shown.only, pieces: count(pieces), dests: count(dests),
                     check: count(check) });
      for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.view === shown.view));
      orbit.hidden = shown.view !== "space";
      root.dataset.view = shown.view;
    },
  };
}

// The chosen view is kept in the browser (storage may be off: then it is not kept).
function remembered() {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

function remember(value) {
  try {
    localStorage.setItem(STORED, value);
  } catch {
    // not kept
  }
}
