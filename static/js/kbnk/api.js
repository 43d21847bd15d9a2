// Tablebase probes as the trainer uses them: one request per position, however often it is asked.

import { getJson } from "../shared/api.js";

const cache = new Map();

/** A probe answer, remembered per FEN (a position's value never changes). */
export function probeCached(url, fen) {
  const key = `${url}|${fen}`;
  if (!cache.has(key)) {
    const pending = getJson(url, { fen }).then((result) => {
      if (!result.ok && result.status === 0) cache.delete(key); // retry network failures later
      return result;
    });
    cache.set(key, pending);
  }
  return cache.get(key);
}
