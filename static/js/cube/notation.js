// The seed's 3D board notation <-> the lab's piece map {"x,y,z": "wK"}.
// Notation: boards top to bottom, rows back to front, cubes left to right; KQRBN White,
// kqrbn Black, # (or .) empty: "[###,n##,#rr],[#b#,###,###],[###,###,bRK]".

import { cubeKey, parseCubeKey } from "../board/keys.js";

/** The notation of n and a piece map. */
export function formatBoard(n, pieces) {
  const layers = [];
  for (let z = 0; z < n; z++) {
    const rows = [];
    for (let y = 0; y < n; y++) {
      let row = "";
      for (let x = 0; x < n; x++) row += symbolOf(pieces[cubeKey(x, y, z)]);
      rows.push(row);
    }
    layers.push(`[${rows.join(",")}]`);
  }
  return layers.join(",");
}

function symbolOf(code) {
  if (!code) return "#";
  return code[0] === "w" ? code[1] : code[1].toLowerCase();
}

/**
 * {n, pieces} from notation the server has accepted, or null when the text is not a well-formed
 * board (the server explains what is wrong; its message is the one the page shows).
 */
export function parseBoard(text) {
  let compact = String(text).replace(/\s+/g, "");
  if (compact.startsWith("[[") && compact.endsWith("]]")) compact = compact.slice(1, -1);
  if (!/^\[[^\[\]]*\](,\[[^\[\]]*\])*$/.test(compact)) return null;
  const layers = [...compact.matchAll(/\[([^\[\]]*)\]/g)].map((match) => match[1].split(","));
  const n = layers.length;
  const pieces = {};
  for (let z = 0; z < n; z++) {
    if (layers[z].length !== n) return null;
    for (let y = 0; y < n; y++) {
      const row = layers[z][y];
      if (row.length !== n) return null;
      for (let x = 0; x < n; x++) {
        const ch = row[x];
        if (ch === "#" || ch === ".") continue;
        if (!"KQRBNkqrbn".includes(ch)) return null;
        pieces[cubeKey(x, y, z)] = (ch === ch.toUpperCase() ? "w" : "b") + ch.toUpperCase();
      }
    }
  }
  return { n, pieces };
}

/** The pieces whose cube still exists on an n*n*n board. */
export function piecesThatFit(pieces, n) {
  const kept = {};
  for (const [key, code] of Object.entries(pieces)) {
    const cube = parseCubeKey(key);
    if (cube && cube.every((c) => c < n)) kept[key] = code;
  }
  return kept;
}

export function keyToCube(key) {
  return parseCubeKey(key);
}

export function cubeToKey(cube) {
  return cubeKey(cube[0], cube[1], cube[2]);
}
