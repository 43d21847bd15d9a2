// @ts-check
// A board as the server reads it: the page sends the notation it was given and gets back the cells
// and the board's short URL form, so no page parses notation itself (one parser: the server's).

import { postJson } from "../shared/api.js";

/**
 * @typedef {object} ServerBoard
 * @property {number} n                        cubes along each edge
 * @property {Object<string, string>} pieces   "x,y,z" -> "wK"
 * @property {string} url                      the URL-safe form, e.g. "3,n2,1rr/1b1,3,3/3,3,bRK"
 */

/**
 * POST /api/3d/position: resolves to {ok: true, board: ServerBoard} or the API's error
 * ({ok: false, status, message}).
 * @param {string} url  the route's URL (from the page's data)
 * @param {string} board  the board notation or its URL form
 * @param {"w"|"b"} [turn]
 * @param {Object<string, string>} [custom]  the pieces the user defined: letter -> atoms
 * @returns {Promise<{ok: true, board: ServerBoard} | Exclude<import("../shared/types.js").ApiResult, {ok: true}>>}
 */
export async function readBoard(url, board, turn = "w", custom = {}) {
  const result = await postJson(url, { board, turn, pieces: custom });
  if (!result.ok) return result;
  const { n, pieces, url: form } = result.data;
  return { ok: true, board: { n, pieces, url: form } };
}
