// @ts-check
// The server's report on the lab's position (POST /api/3d/position): one request per edit, the
// newest answer wins. The report is kept with keys ("x,y,z") the board uses.

import { postJson } from "../shared/api.js";
import { cubeToKey } from "./notation.js";

/**
 * The server's report on a position (tablebase/cube/lab.py), its cubes as board keys.
 * @typedef {Object} LabReport
 * @property {number} n
 * @property {"w" | "b"} turn
 * @property {string} url  the board's URL form
 * @property {Object<string, string>} pieces
 * @property {string[]} problems  why no game can start here (none: it can)
 * @property {any[]} [problems_words]  the same as messages, for the page's language
 * @property {boolean} kings_touch
 * @property {boolean} check
 * @property {boolean} checkmate
 * @property {boolean} stalemate
 * @property {Map<string, string[]>} moves  each piece's legal destinations
 * @property {{w: string | null, b: string | null}} kingKeys
 * @property {string[]} checkerKeys
 * @property {{w: string[], b: string[]}} attackKeys  the cubes each colour attacks
 */

/**
 * onReport({board, turn, report} | {board, turn, error}) is called with each newest answer; ``pieces``
 * are the pieces the user defined (letter -> atoms).
 * @param {string} url
 * @param {(answer: {board: string, turn: "w" | "b", report?: LabReport, error?: string}) => void} onReport
 */
export function createReporter(url, onReport) {
  let token = 0;

  async function request(board, turn, pieces = {}) {
    const mine = ++token;
    const result = await postJson(url, { board, turn, pieces });
    if (mine !== token) return;
    onReport(result.ok ? { board, turn, report: withKeys(result.data) } : { board, turn, error: result.message });
  }

  return { request };
}

/** @returns {LabReport} */
function withKeys(data) {
  const moves = new Map(data.moves.map((entry) => [cubeToKey(entry.from), entry.to.map(cubeToKey)]));
  const king = (color) => (data.kings[color] ? cubeToKey(data.kings[color]) : null);
  return {
    ...data,
    moves,
    kingKeys: { w: king("w"), b: king("b") },
    checkerKeys: data.checkers.map(cubeToKey),
    attackKeys: { w: data.attacks.w.map(cubeToKey), b: data.attacks.b.map(cubeToKey) },
  };
}
