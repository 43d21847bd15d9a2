// The status and verdict panels of a page that plays against a tablebase. ``root`` holds
// ``[data-part=label]``, ``[data-part=title]`` and ``[data-part=detail]`` (status) or
// ``[data-part=text]`` (verdict).

const part = (root, name) => root.querySelector(`[data-part="${name}"]`);

/** info: {status (the data-status value), label, title, detail, moves (to mate, shown as data-dtm)}. */
export function renderStatus(root, info) {
  root.dataset.status = info.status;
  part(root, "label").textContent = info.label;
  const title = part(root, "title");
  title.textContent = info.title;
  if (info.moves !== undefined && info.moves !== null) title.dataset.dtm = String(info.moves);
  else delete title.dataset.dtm;
  part(root, "detail").textContent = info.detail;
}

/** verdict: {kind, title, text} (see judgeMove), or null for ``fallback`` text. */
export function renderVerdict(root, verdict, fallback) {
  root.dataset.verdict = verdict?.kind || "none";
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
