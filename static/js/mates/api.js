// @ts-check
// The trainer's GET requests that take a FEN (probe, coach): one request per position and URL,
// however often it is asked, since a position's answer never changes.

import { getJson } from "../shared/api.js";

const cache = new Map();

/** The answer of ``url`` for a FEN, remembered per URL and FEN. */
export function fenCached(url, fen) {
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

export const probeCached = fenCached;
