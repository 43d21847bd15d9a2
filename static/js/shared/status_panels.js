// The status and verdict panels of a page that plays against a tablebase. ``root`` holds
// ``[data-part=label]``, ``[data-part=title]`` and ``[data-part=detail]`` (status) or
// ``[data-part=text]`` (verdict).


const part = (root, name) => root.querySelector(`[data-part="${name}"]`);
const colorName = (color) => (color === "w" ? "White" : "Black");

/**
 * The status of a position from its probe answer, in words (see renderStatus). The page words
 * what differs: ``draw(probe)``, the detail of a drawn position; ``resists(side)``, the detail
 * when the side to move is getting mated; ``lossStatus``, the data-status value then.
 */
export function describeProbe(probe, turn, { draw, resists, lossStatus = "loss" }) {
  if (!probe) return { status: "pending", label: "", title: "Thinking…", detail: "" };
  const side = colorName(turn);
  const foe = colorName(turn === "w" ? "b" : "w");
  const label = `${side} to move`;
  if (probe.checkmate) return { status: "checkmate", label, title: "Checkmate", detail: `${foe} has won.` };
  if (probe.stalemate) return { status: "stalemate", label, title: "Stalemate", detail: "A draw: no legal move, no check." };
  if (probe.category === "draw") return { status: "draw", label, title: "Draw", detail: draw(probe) };
  const n = probe.mate_in;
  if (probe.category === "win") {
    return { status: "win", label, title: `${side} mates in ${n}`, detail: "With best play on both sides.", moves: n };
  }
  return { status: lossStatus, label, title: `${foe} mates in ${n}`, detail: resists(side), moves: n };
}

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
