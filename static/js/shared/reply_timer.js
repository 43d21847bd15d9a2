// @ts-check
// The computer's reply after a pause, for any game against a tablebase. ``ready()`` says whether
// the computer may move now; ``waits()`` whether it should move by itself (the page may be showing
// an earlier position, or be in another mode); ``pause()`` is in ms, negative: wait to be asked
// (``now()``, e.g. on Space); ``reply()`` plays the move.

export function createReplyTimer({ ready, reply, pause = () => 700, waits = () => true }) {
  /** @type {number | null} */
  let timer = null;

  function cancel() {
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
  }

  /** Starts the pause when the computer is to move (and stops any earlier one). */
  function schedule() {
    cancel();
    if (!waits() || !ready()) return;
    const ms = pause();
    if (ms >= 0) timer = window.setTimeout(now, ms);
  }

  /** The reply at once, if the computer is to move. */
  function now() {
    cancel();
    if (ready()) reply();
  }

  return { schedule, cancel, now };
}
