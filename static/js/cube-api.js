// JSON POSTs to the 3D lab's API. Resolves to {ok: true, data} or {ok: false, message}; never
// throws, so a network failure is shown like any other error.

export async function postJson(url, body) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json().catch(() => null);
    if (response.ok && data) return { ok: true, data };
    return { ok: false, message: data?.message || `The server answered ${response.status}.` };
  } catch (error) {
    return { ok: false, message: `Could not reach the server: ${error.message}` };
  }
}
