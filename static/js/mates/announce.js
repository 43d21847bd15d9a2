// @ts-check
// A move in words for the live region: "Black king d7 to c6; White mates in 14". What the move
// did (capture, check, mate) and the value after it come from the server's probes.

import { KIND_NAMES } from "../board/pieces.js";
import { describePosition } from "./panels.js";
import { colorName } from "../shared/words.js";

/** before, after: game entries (after.move is the move between them; after.probe is known). */
export function moveAnnouncement(before, after) {
  const move = { ...after.move, ...after.move.keys };
  const code = after.position.pieces[move.to];
  const taken = before.position.pieces[move.to];
  const who = `${colorName(code[0])} ${KIND_NAMES[code[1]]}`;
  let text = taken
    ? `${who} ${move.from} takes the ${KIND_NAMES[taken[1]]} on ${move.to}`
    : `${who} ${move.from} to ${move.to}`;
  if (move.checkmate) return `${text}, checkmate`;
  if (move.check) text += ", check";
  const status = describePosition(after.probe, after.position.turn, null);
  return `${text}; ${status.title}`;
}
