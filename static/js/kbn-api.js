// The tablebase API as the page uses it. Every call resolves to {ok, data} or
// {ok: false, status, error, message}; it never throws, so failures show like any answer.

const cache = new Map();

export async function getJson(url, params = {}) {
  const query = new URLSearchParams(params).toString();
  try {
    const response = await fetch(query ? `${url}?${query}` : url, { headers: { Accept: "application/json" } });
    const data = await response.json().catch(() => null);
    if (response.ok && data) return { ok: true, data };
    return {
      ok: false,
      status: response.status,
      error: data?.error || "http_error",
      message: data?.message || `The server answered ${response.status}.`,
    };
  } catch (error) {
    return { ok: false, status: 0, error: "network", message: `Could not reach the server: ${error.message}` };
  }
}

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
