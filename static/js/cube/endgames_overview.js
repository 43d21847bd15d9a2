// The results table of the 3D endgames page: one cell per material and size, filled from the
// server's table states (ready with counts, building with progress, queued, failed with its
// reason, unavailable).

const percent = (value) => {
  if (value === 0) return "0%";
  if (value === 1) return "100%";
  if (value < 0.001) return "<0.1%";
  if (value > 0.999) return ">99.9%";
  return `${(value * 100).toFixed(value < 0.1 ? 1 : 0)}%`;
};

/** Fills the cells of ``table`` from the states; ``onPick(material, n, longest)`` when a won cell is chosen. */
export function createOverview(table, { onPick }) {
  const cells = new Map();
  for (const cell of table.querySelectorAll("td[data-material]")) {
    cells.set(`${cell.dataset.material}-${cell.dataset.n}`, cell);
    cell.addEventListener("click", () => {
      if (cell.dataset.playable === "true") pick(cell);
    });
  }

  function pick(cell) {
    onPick(cell.dataset.material, Number(cell.dataset.n), Number(cell.querySelector("[data-longest]")?.dataset.longest) || null);
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
      // A won cell is a button (keyboard, screen readers); its name says which table it plays, and
      // begins with nothing that hides its visible text.
      const holder = playable ? document.createElement("button") : cell;
      if (playable) {
        holder.type = "button";
        holder.className = "eg-cell-button";
        cell.append(holder);
      }
      holder.append(hidden(`${state.material} on ${state.n}×${state.n}×${state.n}: `), won,
                    hidden(" won, longest mate in White moves "), longest);
      cell.title = playable
        ? `${state.material} on ${state.n}×${state.n}×${state.n}: White wins ${state.won.toLocaleString()} of ` +
          `${state.positions.toLocaleString()} positions; longest mate in ${state.longest}. Click to play it.`
        : `${state.material} on ${state.n}×${state.n}×${state.n}: no position is won (${state.positions.toLocaleString()} positions).`;
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

  return { show };
}

function hidden(text) {
  const span = document.createElement("span");
  span.className = "visually-hidden";
  span.textContent = text;
  return span;
}
