// @ts-check
// The status and verdict panels of a page that plays against a tablebase. ``root`` holds
// ``[data-part=label]``, ``[data-part=title]`` and ``[data-part=detail]`` (status) or
// ``[data-part=text]`` (verdict). The words of a status: status_words.js.

/** @typedef {import("./status_words.js").StatusInfo} StatusInfo */

const part = (root, name) => root.querySelector(`[data-part="${name}"]`);

/**
 * Writes a status into its panel (``moves`` to mate shown as data-dtm).
 * @param {HTMLElement} root
 * @param {StatusInfo} info
 */
export function renderStatus(root, info) {
  root.dataset.status = info.status;
  part(root, "label").textContent = info.label;
  const title = part(root, "title");
  title.textContent = info.title;
  if (info.moves !== undefined && info.moves !== null) title.dataset.dtm = String(info.moves);
  else delete title.dataset.dtm;
  part(root, "detail").textContent = info.detail;
}

/**
 * verdict: {kind, title, text, by} (see judgeMove), or null for ``fallback`` text. A slower move
 * leaves how many moves slower in data-slower-by.
 */
export function renderVerdict(root, verdict, fallback) {
  root.dataset.verdict = verdict?.kind || "none";
  if (verdict?.by !== undefined) root.dataset.slowerBy = String(verdict.by);
  else delete root.dataset.slowerBy;
  const text = part(root, "text");
  text.replaceChildren();
  if (!verdict) {
    text.textContent = fallback;
    return;
  }
  const strong = document.createElement("strong");
  strong.textContent = verdict.title;
  text.append(strong, document.createTextNode(` ${verdict.text}`));
}
