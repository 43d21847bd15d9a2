// @ts-check
// The 3D board notation written from the lab's piece map {"x,y,z": "wK"}: boards top to
// bottom, rows back to front, cubes left to right; KQRBN White, kqrbn Black, # empty:
// "[###,n##,#rr],[#b#,###,###],[###,###,bRK]". Reading notation is the server's (server_board.js).

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

/** The pieces whose cube still exists on an n*n*n board. */
export function piecesThatFit(pieces, n) {
  const kept = {};
  for (const [key, code] of Object.entries(pieces)) {
    const cube = parseCubeKey(key);
    if (cube && cube.every((c) => c < n)) kept[key] = code;
  }
  return kept;
}

export function cubeToKey(cube) {
  return cubeKey(cube[0], cube[1], cube[2]);
}
