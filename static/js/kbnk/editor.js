// The position editor: placing, moving and removing pieces, the side to move, the FEN field.
// Pure changes of {pieces, turn}; the trainer owns the state and asks the server about it.

const KEEP_ONE = new Set(["wK", "bK", "wB", "bB", "wN", "bN"]);

/** A piece put on a square: each piece exists once, so placing it again moves it. */
export function placePiece(pieces, code, key) {
  const next = {};
  for (const [square, piece] of Object.entries(pieces)) {
    if (square !== key && !(KEEP_ONE.has(code) && piece === code)) next[square] = piece;
  }
  next[key] = code;
  return next;
}

export function movePiece(pieces, from, to) {
  if (!pieces[from] || from === to) return pieces;
  const next = { ...pieces };
  next[to] = next[from];
  delete next[from];
  return next;
}

export function removePiece(pieces, key) {
  const next = { ...pieces };
  delete next[key];
  return next;
}

/**
 * Wires the editor's controls. handlers: {setTurn(turn), clear(), loadFen(text), copyFen(),
 * practise()}; ui: {turns, clear, fen, load, copy, practise}.
 */
export function bindEditorControls(ui, handlers) {
  for (const button of ui.turns) button.addEventListener("click", () => handlers.setTurn(button.dataset.turn));
  ui.clear.addEventListener("click", handlers.clear);
  ui.load.addEventListener("click", () => handlers.loadFen(ui.fen.value));
  ui.fen.addEventListener("keydown", (event) => {
    if (event.key === "Enter") handlers.loadFen(ui.fen.value);
  });
  ui.fen.addEventListener("input", () => handlers.draft(ui.fen.value));
  ui.copy.addEventListener("click", handlers.copyFen);
  ui.practise.addEventListener("click", handlers.practise);
}

export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.select();
    return document.execCommand?.("copy") ?? false;
  }
}
