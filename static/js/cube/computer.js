// @ts-check
// The lab's "Play the computer" control: on, it plays the side the user does not (the side not to
// move when the game starts), at the level chosen. When the computer is to move, the page asks the
// server (POST /api/3d/engine) and plays its answer as a move of the game (POST /api/3d/game), so
// that it slides on the board and is written in the record like any other.

import { postJson } from "../shared/api.js";
import { byId } from "../shared/dom.js";
import { t } from "../shared/i18n.js";
import { computerToMove, engineRequest, movesToTakeBack, opponentQuery, readOpponent } from "./computer_rules.js";

const toggle = byId("lab-vs-computer", HTMLInputElement);
const levels = byId("lab-level", HTMLSelectElement);
const note = byId("lab-computer-note");

/**
 * host: {state (the page's), update(patch), send(body, ply) (a game to the server: play.js), url
 * (the engine's route), start() (a game from the board shown)}.
 */
export function createComputer({ state, update, send, url, start }) {
  const opponent = readOpponent(location.search);
  let asking = ""; // the game asked about (its moves' URL form), while the server thinks
  let said = "";

  toggle.addEventListener("change", () => {
    opponent.on = toggle.checked;
    opponent.side = null;
    if (opponent.on && state.mode === "play" && state.game) opponent.side = state.turn === "w" ? "b" : "w";
    said = "";
    if (opponent.on && state.mode === "edit" && !state.pending) start();
    else update({});
  });
  levels.addEventListener("change", () => {
    opponent.level = Number(levels.value);
    update({});
  });

  async function answer() {
    const game = state.game;
    if (!game || !computerToMove(opponent, state)) return;
    const key = `${game.record.board} ${game.record.url}`;
    if (asking === key) return;
    asking = key;
    said = t("The computer is thinking…");
    update({ pending: true });
    const found = await postJson(url, engineRequest(game, opponent, state.custom));
    asking = "";
    const now = state.game;
    if (!now || `${now.record.board} ${now.record.url}` !== key || !opponent.on || state.mode !== "play") {
      update({ pending: false }); // the game moved on, or ended, while the server thought
      return;
    }
    if (!found.ok) {
      said = "";
      update({ pending: false, gameError: found.message });
      return;
    }
    const move = found.data.move;
    said = move ? t("The computer played %(move)s.", { move: found.data.notation }) : "";
    if (!move) return update({ pending: false });
    const moves = [...now.record.moves.map((played) => [played.from, played.to]), [move.from, move.to]];
    return send({ board: now.record.board, turn: now.record.turn, moves }, "end");
  }

  return {
    /** Whether it plays: the page opens a game at once when the address asks for it. */
    get on() {
      return opponent.on;
    },
    /** The control as the state is, and the computer's move when it is to move. */
    render() {
      toggle.checked = opponent.on;
      levels.value = String(opponent.level);
      levels.disabled = !opponent.on;
      if (state.mode !== "play") said = "";
      note.textContent = opponent.on ? said : "";
      if (computerToMove(opponent, state)) window.setTimeout(answer, 0); // once the user's move is drawn
    },
    /** Take back the user's last move (and the computer's answer to it); false when off. */
    takeBack() {
      const game = state.game;
      if (!opponent.on || !game || state.pending) return false;
      said = "";
      const kept = game.record.moves.slice(0, game.record.moves.length - movesToTakeBack(game, opponent));
      send({ board: game.record.board, turn: game.record.turn, moves: kept.map((move) => [move.from, move.to]) },
        "end");
      return true;
    },
    /** The address's part: "&vs=computer&level=3" while it plays. */
    query: () => opponentQuery(opponent),
  };
}
