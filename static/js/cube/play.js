// @ts-check
// The lab's two-player game as page actions: start it, play a move, take one back, step through the
// record, load a record's text. The server checks and writes every move (POST /api/3d/game); the
// page shows the position it answers after each.

import { postJson } from "../shared/api.js";
import * as game from "./game.js";
import { createComputer } from "./computer.js";

/** The patch that leaves a game (or none) for editing. */
export function stopGame() {
  return { mode: "edit", game: null, selected: null, lastMove: null, gameError: "", recordError: "", recordDraft: null,
    recordState: "" };
}

/**
 * host: {state (the page's), update(patch), notation() (the board shown), url (the route's),
 * engine (the computer's route: play.computer plays against the user, computer.js)}.
 */
export function createPlay({ state, update, notation, url, engine }) {
  let asked = 0;

  /**
   * Sends a game to the server and shows the step ``ply`` of its answer ("end": the last move).
   * A refusal is said in the Play card, or beside the record's box when the record was loaded
   * (``fromRecord``): it names the record's fault (or its start's).
   * @param {object} body  {board, turn, moves}
   * @param {number | "end"} ply
   */
  async function send(body, ply, fromRecord = false) {
    const mine = ++asked;
    update({ pending: true, gameError: "", recordError: "" });
    const answer = await postJson(url, { pieces: state.custom, ...body });
    if (mine !== asked) return;
    if (!answer.ok) {
      update({ pending: false, ...(fromRecord ? { recordError: answer.message } : { gameError: answer.message }) });
      return;
    }
    /** @type {import("./game.js").GameRecord} */
    const record = answer.data;
    const at = ply === "end" ? record.moves.length : Math.min(ply, record.moves.length);
    // A record's [Pieces] tag defines its own pieces: the page takes them on.
    const custom = Object.keys(record.custom_pieces || {}).length ? { ...state.custom, ...record.custom_pieces } : state.custom;
    update({
      ...game.positionAt(record, at), mode: "play", custom, game: { record, ply: at }, n: record.n, pending: false,
      selected: null, spare: null, recordDraft: null, recordState: "", error: "",
    });
  }

  /** The game's start and first side to move, or the board shown when no game is on. */
  function origin() {
    const record = state.mode === "play" ? state.game?.record : null;
    return record ? { board: record.board, turn: record.turn } : { board: notation(), turn: state.turn };
  }

  const start = () => send({ board: notation(), turn: state.turn, moves: [] }, 0);
  return {
    send,
    start,
    computer: createComputer({ state, update, send, url: engine, start }),
    /** from -> to, if the report on the position shown lists it for the side to move. */
    move(from, to) {
      if (!state.game || state.pending || !game.allows(state.report, state.pieces, state.turn, from, to)) return;
      send({ ...origin(), moves: game.movesWith(state.game, from, to) }, "end");
    },
    takeBack() {
      if (state.game && !state.pending) send({ ...origin(), moves: game.movesWithoutLast(state.game) }, "end");
    },
    step(where) {
      if (!state.game || state.pending) return;
      const ply = game.stepTo(state.game, where);
      update({ ...game.positionAt(state.game.record, ply), game: { ...state.game, ply }, selected: null });
    },
    /** A record typed or pasted: from its [Board] tag, or from the game's start or the board shown. */
    load(text) {
      if (!text.trim()) return;
      state.recordDraft = text;
      send({ ...origin(), moves: text }, "end", true);
    },
  };
}
