// @ts-check
// The results table of the 3D endgames page: one cell per material and size, filled from the
// server's table states (ready with counts, building with progress, queued, failed with its
// reason, unavailable). A ready cell is a button that opens its detail.

export const percent = (value) => {
  if (value === 0) return "0%";
  if (value === 1) return "100%";
  if (value < 0.001) return "<0.1%";
  if (value > 0.999) return ">99.9%";
  return `${(value * 100).toFixed(value < 0.1 ? 1 : 0)}%`;
};

/** Fills the cells of ``table`` from the states; ``onPick(material, n)`` when a ready cell is chosen. */
export function createOverview(table, { onPick }) {
  const cells = new Map();
  /** @type {string | null} */
  let chosen = null; // the key of the cell whose detail is open
  for (const cell of table.querySelectorAll("td[data-material]")) {
    cells.set(`${cell.dataset.material}-${cell.dataset.n}`, cell);
    cell.addEventListener("click", () => {
      if (cell.dataset.state === "ready") onPick(cell.dataset.material, Number(cell.dataset.n));
    });
  }

  function mark(key) {
    const cell = cells.get(key);
    const open = key === chosen;
    if (open) cell.dataset.open = "true";
    else delete cell.dataset.open;
    cell.querySelector(".eg-cell-button")?.setAttribute("aria-expanded", String(open));
  }

  /** Marks the cell whose detail is open (null: none). */
  function select(material, n) {
    const previous = chosen;
    chosen = material ? `${material}-${n}` : null;
    if (previous && cells.has(previous)) mark(previous);
    if (chosen && cells.has(chosen)) mark(chosen);
  }

  function show(state) {
    const cell = cells.get(`${state.material}-${state.n}`);
    if (!cell) return;
    const signature = JSON.stringify(state);
    if (cell.dataset.signature === signature) return;
    cell.dataset.signature = signature;
    cell.dataset.state = state.state;
    cell.replaceChildren();
    const playable = state.state === "ready" && state.won > 0;
    cell.dataset.playable = String(playable);
    cell.style.removeProperty("--won");
    if (state.state === "ready") {
      const share = state.positions ? state.won / state.positions : 0;
      cell.style.setProperty("--won", share.toFixed(3));
      cell.dataset.won = String(share);
      const won = document.createElement("span");
      won.className = "eg-won";
      won.textContent = percent(share);
      const longest = document.createElement("span");
      longest.className = "eg-longest";
      longest.textContent = state.longest ? `#${state.longest}` : "no mate";
      if (state.longest) longest.dataset.longest = String(state.longest);
      // A ready cell is a button (keyboard, screen readers) that opens its detail; its name says
      // which table, and begins with nothing that hides its visible text.
      const holder = document.createElement("button");
      holder.type = "button";
      holder.className = "eg-cell-button";
      holder.setAttribute("aria-controls", "eg-detail");
      cell.append(holder);
      holder.append(hidden(`${state.material} on ${state.n}×${state.n}×${state.n}: `), won,
                    hidden(" won, longest mate in White moves "), longest);
      cell.title = playable
        ? `${state.material} on ${state.n}×${state.n}×${state.n}: White wins ${state.won.toLocaleString()} of ` +
          `${state.positions.toLocaleString()} positions; longest mate in ${state.longest}. Click for its detail.`
        : `${state.material} on ${state.n}×${state.n}×${state.n}: no position is won (${state.positions.toLocaleString()} positions). ` +
          "Click for its detail.";
      mark(`${state.material}-${state.n}`);
    } else if (state.state === "building" || state.state === "queued") {
      const bar = document.createElement("span");
      bar.className = "eg-progress";
      bar.style.setProperty("--fraction", String(state.fraction || 0));
      const label = document.createElement("span");
      label.className = "eg-building";
      label.textContent = state.state === "queued" ? "queued" : `building ${state.stage || ""}`.trim();
      cell.append(label, bar);
      cell.title = state.state === "queued" ? "Waiting for its turn to be built" : `Building: ${state.stage}`;
    } else if (state.state === "unavailable") {
      cell.textContent = "—";
      cell.title = "Beyond what this server builds on demand";
    } else if (state.state === "failed") {
      cell.textContent = "failed";
      cell.title = `The server could not build this table: ${state.reason}`;
    } else {
      cell.textContent = "…";
    }
  }

  return { show, select };
}

function hidden(text) {
  const span = document.createElement("span");
  span.className = "visually-hidden";
  span.textContent = text;
  return span;
}
