// @ts-check
// The board component's decisions, pure: its configuration from the defaults, the page's options
// and the state rendered; which piece stands on a square; what a click or a drop means (board.js
// then calls the page's hooks). No chess rule: the page's destinations decide what may move.

import { asList } from "./squares.js";

/** @typedef {import("./types.js").BoardConfig} BoardConfig */
/** @typedef {import("./types.js").BoardState} BoardState */

/** The fields whose change rebuilds the squares (the others are drawn on the ones there). */
export const LAYOUT_FIELDS = ["layers", "files", "ranks", "keys", "view", "axis", "orientation", "coordinates"];

/**
 * The configuration drawn: each field the state's, else the options', else the default.
 * @template {Record<string, any>} C
 * @param {C} defaults
 * @param {Record<string, any>} options
 * @param {Record<string, any>} next
 * @returns {C}
 */
export function resolveConfig(defaults, options, next) {
  /** @type {Record<string, any>} */
  const config = { ...defaults };
  for (const name of Object.keys(defaults)) {
    if (options[name] !== undefined) config[name] = options[name];
    if (next[name] !== undefined) config[name] = next[name];
  }
  return /** @type {C} */ (config);
}

/** One string that changes when a field of the squares' layout does. */
export function layoutSignature(config) {
  return LAYOUT_FIELDS.map((name) => String(config[name])).join("|");
}

/**
 * The piece on ``key`` in a state's pieces (an object or a Map), or null.
 * @param {BoardState["pieces"]} pieces
 * @param {string} key
 */
export function pieceAt(pieces, key) {
  const all = pieces || {};
  return (all instanceof Map ? all.get(key) : all[key]) || null;
}

/** Whether the user may pick up ``piece``: the board is movable and the piece of the movable colour. */
export function pickable(config, piece) {
  return config.movable && !!piece && (!config.movableColor || piece[0] === config.movableColor);
}

/**
 * What a click on ``key`` does, once the page's hook declined it: place the armed spare piece,
 * move the selected piece there (a destination, or an empty square with free moves), select the
 * piece clicked (or let it go, clicked again), drop the selection, or nothing.
 * @param {{config: BoardConfig, key: string, piece: string | null, selected: string | null, spare: string | null,
 *   dests: BoardState["dests"], canPickSelected: boolean, canPickKey: boolean}} click
 * @returns {{kind: "place", piece: string} | {kind: "move"} | {kind: "select", key: string | null} | {kind: "none"}}
 */
export function clickOutcome({ config, key, piece, selected, spare, dests, canPickSelected, canPickKey }) {
  if (spare) return { kind: "place", piece: spare };
  if (selected && key !== selected && canPickSelected && (asList(dests).includes(key) || (config.freeMoves && !piece))) {
    return { kind: "move" };
  }
  if (canPickKey) return { kind: "select", key: key === selected ? null : key };
  if (selected) return { kind: "select", key: null };
  return { kind: "none" };
}

/**
 * What a dragged piece dropped on ``target`` (a key, "inside" the board between squares, or null:
 * off it) does: removed (an editable board), moved, refused, or nothing (dropped where it began).
 * @param {{target: string | null, from: string, editable: boolean, canTarget: boolean}} drop
 * @returns {"remove" | "move" | "refuse" | "none"}
 */
export function dropOutcome({ target, from, editable, canTarget }) {
  if (target === null) return editable ? "remove" : "none";
  if (target === "inside" || target === from) return "none";
  return canTarget ? "move" : "refuse";
}

/** Whether the destinations let a piece go to ``to``: free moves, no list given, or listed. */
export function targetAllowed(config, dests, to) {
  return config.freeMoves || dests === null || asList(dests).includes(to) || false;
}
