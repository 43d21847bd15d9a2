// JSON requests to the site's API: a GET without a body, a POST with one. Each resolves to
// {ok: true, data} or {ok: false, status, error, message} and never throws, so a network failure
// is shown like any other answer.

export async function requestJson(url, body) {
  try {
    const response = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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

export const postJson = (url, body) => requestJson(url, body);

export function getJson(url, params = {}) {
  const query = new URLSearchParams(params).toString();
  return requestJson(query ? `${url}?${query}` : url);
}
