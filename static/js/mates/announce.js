// @ts-check
// A move in words for the live region: "Black king d7 to c6; White mates in 14". What the move
// did (capture, check, mate) and the value after it come from the server's probes.

import { describePosition } from "./panels.js";
import { t } from "../shared/i18n.js";
import { pieceWords, takenWords } from "../shared/words.js";

/** before, after: game entries (after.move is the move between them; after.probe is known). */
export function moveAnnouncement(before, after) {
  const move = { ...after.move, ...after.move.keys };
  const code = after.position.pieces[move.to];
  const taken = before.position.pieces[move.to];
  const words = { piece: pieceWords(code), from: move.from, to: move.to };
  let text = taken
    ? t("%(piece)s %(from)s takes the %(taken)s on %(to)s", { ...words, taken: takenWords(taken[1]) })
    : t("%(piece)s %(from)s to %(to)s", words);
  if (move.checkmate) return t("%(move)s, checkmate", { move: text });
  if (move.check) text = t("%(move)s, check", { move: text });
  const status = describePosition(after.probe, after.position.turn, null);
  return `${text}; ${status.title}`;
}
