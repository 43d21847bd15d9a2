// @ts-check
// JSON requests to the site's API: a GET without a body, a POST with one. Each resolves to
// {ok: true, data} or {ok: false, status, error, message} and never throws, so a network failure
// is shown like any other answer. A refusal the server also sent as words (``says``: an input
// error) has its message in the page's language. A 202 (a table the answer needs is being built) resolves to
// {ok: false, pending: true, status: 202, data: the table's state, retryAfter: seconds}.

import { say, t } from "./i18n.js";

/** @typedef {import("./types.js").ApiResult} ApiResult */

/**
 * @param {string} url
 * @param {object} [body]  sent as JSON in a POST; none: a GET
 * @returns {Promise<ApiResult>}
 */
export async function requestJson(url, body) {
  try {
    const response = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => null);
    if (response.status === 202 && data) {
      const retryAfter = Number(response.headers.get("Retry-After")) || 1;
      return { ok: false, pending: true, status: 202, data, retryAfter, message: buildingText(data) };
    }
    if (response.ok && data) return { ok: true, data };
    return refusal(response.status, data);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, status: 0, error: "network", message: t("Could not reach the server: %(why)s", { why }) };
  }
}

/**
 * An error answer as the pages show it: its message in the page's language when it came as words.
 * @param {number} status
 * @param {any} data  the answer's JSON, or null
 * @returns {ApiResult}
 */
export function refusal(status, data) {
  const found = { ok: /** @type {false} */ (false), status, error: data?.error || "http_error" };
  if (data?.says) return { ...found, message: say(data.says), says: data.says };
  return { ...found, message: data?.message || t("The server answered %(status)s.", { status }) };
}

/** @type {(url: string, body: object) => Promise<ApiResult>} */
export const postJson = (url, body) => requestJson(url, body);

/**
 * @param {string} url
 * @param {Object<string, string | number>} [params]  the query
 * @returns {Promise<ApiResult>}
 */
export function getJson(url, params = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return requestJson(query ? `${url}?${query}` : url);
}

/** What the server says of a table being built, in words: "Building KRNK on 5×5×5: 40%". */
export function buildingText(state) {
  const table = state.material ? (state.size ? t("%(material)s on %(size)s", { material: state.material, size: state.size.replaceAll("x", "×") })
    : state.material) : null;
  const percent = Math.round((state.fraction || 0) * 100);
  if (table) {
    return state.fraction ? t("Building the table %(table)s on the server: %(percent)s%%…", { table, percent })
      : state.state === "queued" ? t("Building the table %(table)s on the server (queued)…", { table })
        : t("Building the table %(table)s on the server…", { table });
  }
  return state.fraction ? t("Building the tables on the server: %(percent)s%%…", { percent })
    : state.state === "queued" ? t("Building the tables on the server (queued)…") : t("Building the tables on the server…");
}

/**
 * Repeats a request while the server answers 202, waiting its Retry-After each time and telling
 * onWait the table's state, until it answers otherwise.
 * @param {() => Promise<ApiResult>} request
 * @param {(pending: ApiResult & {pending: true}) => void} [onWait]
 * @returns {Promise<ApiResult>}
 */
export async function whenReady(request, onWait) {
  for (;;) {
    const result = await request();
    if (!result.pending) return result;
    onWait?.(result);
    await new Promise((resolve) => window.setTimeout(resolve, result.retryAfter * 1000));
  }
}
