// @ts-check
// A move the trainer refused (a drop or a click on a square the piece cannot reach), said in
// words: why, in the server's words from the rules (GET /api/mates/move: the kings side by side,
// a man that does not move that way, blocked, a king left in check, not that side's turn). The
// message stays until the next move or position.

import { getJson } from "../shared/api.js";
import { say, t } from "../shared/i18n.js";

/**
 * @param {{urls: {move_reason: string}, announce: (text: string) => void, render: () => void,
 *   shown: () => {fen: string, key: string} | null, over: () => boolean}} page
 *   ``shown``: the position on the board (its FEN) and a key that changes with it.
 */
export function createRefusals(page) {
  /** @type {{key: string, text: string} | null} */
  let said = null;
  let asked = 0;

  /** Asks why ``from``-``to`` is refused on the shown position, then says it. */
  async function refused(from, to) {
    const shown = page.shown();
    if (!shown || from === to) return;
    const token = ++asked;
    const result = await getJson(page.urls.move_reason, { fen: shown.fen, from, to });
    if (token !== asked || page.shown()?.key !== shown.key) return;
    const text = !result.ok ? result.message
      : !result.data.legal ? (result.data.reason_words ? say(result.data.reason_words) : result.data.reason)
        : page.over() ? t("The game is over.") : t("Not now: the position's value is still on its way.");
    said = { key: shown.key, text };
    page.announce(text);
    page.render();
  }

  /**
   * The board's square-click hook: a click that drops the selected piece on a square it cannot
   * reach is said, while ``active()`` (the board then lets go).
   * @param {() => boolean} active
   * @param {() => string | undefined} user the colour the user plays, "w" or "b"
   * @param {(from: string) => string[]} destsOf
   */
  function onUnreachableClick(active, user, destsOf) {
    /** @param {string} key @param {{piece?: string | null, selected?: string | null}} at */
    return (key, { piece, selected }) => {
      const own = piece && piece[0] === user();
      if (active() && selected && key !== selected && !own && !destsOf(selected).includes(key)) refused(selected, key);
      return false;
    };
  }

  return {
    refused,
    onUnreachableClick,
    /** The message for the shown position, or "" (none, or it was about another one). */
    text: () => (said && said.key === page.shown()?.key ? said.text : ""),
    clear: () => (said = null),
  };
}
