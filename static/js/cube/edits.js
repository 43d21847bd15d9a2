// @ts-check
// The lab's edits of a position, without the DOM: placing, moving, changing and removing pieces
// (one king a side: a second one moves it), and the undo and redo of every change.

/**
 * A position as the editor keeps it for undo.
 * @typedef {{n: number, pieces: Object<string, string>, turn: "w" | "b", custom?: Object<string, string>}} Snapshot
 * @typedef {{past: Snapshot[], future: Snapshot[]}} EditHistory
 */

const KEPT = 200; // changes that can be undone

/** @returns {EditHistory} */
export function emptyHistory() {
  return { past: [], future: [] };
}

/**
 * The history after a change from ``before``: it can be undone, and nothing redone.
 * @param {EditHistory} history
 * @param {Snapshot} before
 * @returns {EditHistory}
 */
export function remember(history, before) {
  return { past: [...history.past, before].slice(-KEPT), future: [] };
}

/**
 * Undo (``back``) or redo: the snapshot to show and the history then, or null when there is none.
 * @param {EditHistory} history
 * @param {Snapshot} now
 * @param {boolean} back
 * @returns {{snapshot: Snapshot, history: EditHistory} | null}
 */
export function travel(history, now, back) {
  const from = back ? history.past : history.future;
  if (from.length === 0) return null;
  const snapshot = from[from.length - 1];
  const rest = from.slice(0, -1);
  return back
    ? { snapshot, history: { past: rest, future: [...history.future, now] } }
    : { snapshot, history: { past: [...history.past, now], future: rest } };
}

/** The key of ``color``'s king other than the one on ``key``, if there is one. */
export function otherKing(pieces, color, key) {
  return Object.keys(pieces).find((at) => at !== key && pieces[at] === `${color}K`) ?? null;
}

/** The pieces with ``piece`` placed on ``key``: a king placed where its side has one moves it. */
export function placed(pieces, piece, key) {
  const next = { ...pieces };
  const king = piece[1] === "K" ? otherKing(pieces, piece[0], key) : null;
  if (king) delete next[king];
  next[key] = piece;
  return next;
}

/** The pieces with the one on ``from`` moved to ``to`` (whatever stood there is gone). */
export function moved(pieces, from, to) {
  const next = { ...pieces };
  const piece = next[from];
  if (!piece || from === to) return pieces;
  delete next[from];
  next[to] = piece;
  return next;
}

export function removed(pieces, key) {
  const next = { ...pieces };
  delete next[key];
  return next;
}

/** The kinds the piece on ``key`` may become: a king only while its side has none elsewhere. */
export function kindsFor(pieces, key, kinds = "KQRBN") {
  const piece = pieces[key];
  if (!piece) return [];
  return [...kinds].filter((kind) => kind !== "K" || !otherKing(pieces, piece[0], key));
}

/** The pieces with the one on ``key`` become a ``kind`` of its colour. */
export function changed(pieces, key, kind) {
  const piece = pieces[key];
  return piece ? { ...pieces, [key]: piece[0] + kind } : pieces;
}
