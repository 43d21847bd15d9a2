// @ts-check
// The side to move's status on the lab's board in words: {status, label, title, detail} for the
// status panel, from the server's report. status is the value of data-status: check, checkmate,
// stalemate, none, no-king, invalid (also for kings that touch), pending.

import { listed, t } from "../shared/i18n.js";
import { colorName, takenWords } from "../shared/words.js";

const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** view: {report, error} (both null while the server works); turn "w" | "b"; playing: a game is on. */
export function describeStatus({ report, error }, { turn, playing, pieces, label }) {
  const side = colorName(turn);
  const other = colorName(turn === "w" ? "b" : "w");
  // Editing, the lab answers a question about the side to move; in a game, whose move it is.
  const heading = playing ? t("Game · %(side)s to move", { side }) : t("Is %(side)s checkmated?", { side });
  const result = (fields) => ({ label: heading, ...fields });
  if (error) return result({ status: "invalid", title: t("Not a legal position"), detail: capitalise(error) + "." });
  if (!report) return result({ status: "pending", title: t("Working…"), detail: "" });
  if (!report.kingKeys[turn]) {
    return result({
      status: "no-king",
      title: turn === "w" ? t("No white king") : t("No black king"),
      detail: turn === "w" ? t("Place a white king to see whether White is in check, checkmated or stalemated.")
        : t("Place a black king to see whether Black is in check, checkmated or stalemated."),
    });
  }
  if (report.kings_touch) {
    return result({
      status: "invalid",
      title: t("The kings touch"),
      detail: t("The two kings stand on neighbouring cubes, which no game can reach: move one of them."),
    });
  }
  const checkers = listed(report.checkerKeys
    .map((key) => t("the %(piece)s on %(square)s", { piece: takenWords(pieces[key][1]), square: label(key) })));
  if (report.checkmate) {
    return result({
      status: "checkmate",
      title: t("Checkmate"),
      detail: t("%(side)s is checkmated by %(checkers)s.", { side, checkers }) + (playing ? " " + t("%(side)s wins.", { side: other }) : ""),
    });
  }
  if (report.check) {
    return result({ status: "check", title: t("Check"), detail: t("%(side)s is in check from %(checkers)s, and has a way out.", { side, checkers }) });
  }
  if (report.stalemate) {
    return result({
      status: "stalemate",
      title: t("Stalemate"),
      detail: t("%(side)s is not in check but has no legal move.", { side }) + (playing ? " " + t("The game is drawn.") : ""),
    });
  }
  return result({ status: "none", title: t("No check"), detail: t("%(side)s is not in check and has legal moves.", { side }) });
}
