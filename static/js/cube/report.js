// @ts-check
// The server's report on the lab's position (POST /api/3d/position): one request per edit, the
// newest answer wins. The report is kept with keys ("x,y,z") the board uses.

import { postJson } from "../shared/api.js";
import { cubeToKey } from "./notation.js";

/** onReport({board, turn, report} | {board, turn, error}) is called with each newest answer. */
export function createReporter(url, onReport) {
  let token = 0;

  async function request(board, turn) {
    const mine = ++token;
    const result = await postJson(url, { board, turn });
    if (mine !== token) return;
    onReport(result.ok ? { board, turn, report: withKeys(result.data) } : { board, turn, error: result.message });
  }

  return { request };
}

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
