// @ts-check
// The 3D endgames page's player: a mate played against the table's most stubborn defence on the
// 3D lab's board (flat layers or the 3D view, the layer strip, one layer at a time on a phone),
// with the status, the lone king's replies, the verdicts and the record of the moves (written by
// the server, stepped back and forth, kept in the address with the starting board). Every legal
// move, value and move's name comes from the server.

import { createBoard } from "../board/board.js";
import { getJson, postJson, whenReady } from "../shared/api.js";
import { allWithin, byId, within } from "../shared/dom.js";
import { createTableGame } from "../shared/table_game.js";
import { computerGame } from "./computer_rules.js";
import { afterMove, moveKeys } from "./endgames_game.js";
import { loneKingOf, renderPlayer, stepPly } from "./endgames_player_render.js";
import { gameQuery, piecesQuery, recordRows, recordText, urlMoves } from "./endgames_record.js";
import { createView } from "./endgames_view.js";
import { formatBoard } from "./notation.js";
import { readBoard } from "./server_board.js";
import { keepLanguage, t } from "../shared/i18n.js";

/**
 * @typedef {{material: string, n: number, longest: number | null}} Choice  the cell being played
 * @typedef {{board: string, turn: string, moves?: string, ply?: string | number}} Requested  a game from an address
 * @typedef {import("../shared/types.js").TableGameState & {choice: Choice | null, waiting: boolean,
 *   building: string, hover: import("../shared/types.js").ProbeMove | null, token: number, start: string,
 *   copied: string, notice: string}} PlayerState  the game's fields (shared/table_game.js owns game,
 *   selected, hint and error) and the player's own
 * @typedef {{root: HTMLElement, ui: ReturnType<typeof playerParts>, urls: Object<string, string>, buildNote: () => string,
 *   narrow: MediaQueryList, state: PlayerState, custom: Object<string, string>, urlToken: number,
 *   board: import("../board/types.js").Board, view: ReturnType<typeof createView>,
 *   table: import("../shared/types.js").TableGame}} Player  the player's wiring; ``custom``: the custom men's
 *   pieces (letter -> atoms) of the game shown
 */

/** The player's elements. */
function playerParts(root) {
  const $ = (selector) => within(root, selector);
  return {
    play: $("#eg-play"),
    title: $("#eg-play-title"),
    status: $("#eg-status"),
    verdict: $("#eg-verdict"),
    counter: $("#eg-counter"),
    replies: $("#eg-replies"),
    record: $("#eg-record"),
    copy: $("#eg-record-copy"),
    copied: $("#eg-record-copied"),
    labLink: within(root, "#eg-lab-link", HTMLAnchorElement),
    urlError: byId("eg-url-error"),
  };
}

/**
 * @param {HTMLElement} root  the page's root element
 * @param {{urls: Object<string, string>, buildNote: () => string}} options
 */
export function createPlayer(root, { urls, buildNote }) {
  /** @type {PlayerState} */
  const state = {
    choice: null, error: null, waiting: false, building: "", game: null, selected: null, hint: null, hover: null,
    token: 0, start: "", copied: "", notice: "",
  };
  const p = /** @type {Player} */ ({
    root, ui: playerParts(root), urls, buildNote, narrow: window.matchMedia("(max-width: 640px)"), state, custom: {}, urlToken: 0,
  });
  p.board = createBoard(within(root, "#eg-board"), {
    label: t("3D endgame board"),
    keys: "cube",
    movableColor: "w",
    rays: true,
    onSelect: (key) => p.table.select(key),
    onMove: (from, to) => p.table.boardMove(from, to),
    onLayer: (layer) => p.view.pick(layer),
  });
  p.view = createView(p.ui.play, { board: p.board, narrow: p.narrow, onChange: () => renderPlayer(p) });
  p.narrow.addEventListener("change", () => {
    p.view.fit(loneKingOf(p.table.current()?.position.pieces || {}));
    renderPlayer(p);
  });
  p.table = createTableGame(state, {
    probe: ({ position }) => whenReady(
      () => postJson(urls.tablebase, { board: formatBoard(position.n, position.pieces), turn: position.turn, pieces: p.custom })),
    play: (before, move) => ({ position: afterMove(before.position, move) }),
    name: (move) => move.notation || `${move.piece?.[1]} ${p.board.label(moveKeys(move).from)}–${p.board.label(moveKeys(move).to)}`,
    keys: moveKeys,
    drawEnds: true, // no mate left: nothing more to practise
    waits: () => Boolean(state.game && state.game.ply === state.game.entries.length - 1), // not while a move back is shown
    onChange: (kind) => {
      if (kind === "move" || kind === "ply") p.view.follow(p.table.current()?.move?.keys.to || null);
      if (kind !== "select") saveUrl(p);
      renderPlayer(p);
    },
  });
  wireControls(p);
  return { play: (choice, pick) => play(p, choice, pick), open: (requested) => open(p, requested), render: () => renderPlayer(p) };
}

/** @param {Player} p */
function show(p, title) {
  p.ui.play.hidden = false;
  p.ui.title.textContent = title;
}

/**
 * A new game from a probed position, then the record's moves after it (``steps``, as the server
 * read them back) with ``ply`` shown.
 * @param {Player} p
 */
function startGame(p, position, probe, start, steps = [], ply = steps.length) {
  const { state, table } = p;
  p.ui.urlError.hidden = true;
  state.start = start;
  state.notice = "";
  table.start({ position }, probe);
  const game = state.game;
  if (!game) return;
  for (const step of steps) {
    const before = game.entries[game.entries.length - 1].position;
    game.entries.push({
      position: { n: position.n, pieces: step.pieces, turn: step.turn },
      probe: null,
      verdict: null,
      // The move as the server read it back; its value after it comes with the entry's probe.
      move: { ...step, category: "win", dtm: null, by: before.turn === game.user ? "user" : "computer", name: step.notation,
              keys: moveKeys(step) },
    });
  }
  p.view.startAt(loneKingOf(position.pieces));
  table.setPly(Math.max(0, Math.min(ply, game.entries.length - 1)));
}

/**
 * A won position of the chosen cell: a random one at least half as long as the longest mate, or a longest one.
 * @param {Player} p
 * @param {Choice} choice
 */
async function play(p, choice, pick = "random") {
  const { state, urls } = p;
  state.choice = choice;
  const { material, n, longest } = choice;
  const token = ++state.token;
  show(p, `${material} on ${n}×${n}×${n}`);
  Object.assign(state, { waiting: true, error: null });
  renderPlayer(p);
  const query = { material, n, pick };
  if (pick === "random" && longest) query.min = Math.ceil(longest / 2);
  const result = await whenReady(() => getJson(urls.position, query), (pending) => waitFor(p, pending));
  if (token !== state.token) return;
  Object.assign(state, { waiting: false, building: "" });
  if (!result.ok) return failed(p, result);
  const { board: text, ...probe } = result.data;
  p.custom = probe.custom_pieces || {};
  const read = await readBoard(urls.labPosition, text, "w", p.custom);
  if (token !== state.token) return;
  if (!read.ok) return failed(p, read);
  startGame(p, { n: read.board.n, pieces: read.board.pieces, turn: "w" }, probe, read.board.url);
  p.ui.play.scrollIntoView({ behavior: "smooth", block: "start" });
}

/** The game of an address (?board=, either notation form, &turn=, &moves=, &ply=, &pieces= as the page's data
 * holds them: letter -> atoms), read by the server; a
 * board it refuses is named at the top of the page, where the user looks, and the address is left as it was.
 * @param {Player} p
 * @param {Requested & {pieces?: Object<string, string>}} requested
 */
async function open(p, requested) {
  const { state, urls } = p;
  const token = ++state.token;
  const turn = requested.turn === "b" ? "b" : "w";
  const cannot = t("The position in this page's address cannot be played");
  show(p, t("Play the mate"));
  state.waiting = true;
  renderPlayer(p);
  p.custom = requested.pieces || {};
  const read = await readBoard(urls.labPosition, requested.board, turn, p.custom);
  if (token !== state.token) return;
  if (!read.ok) return refused(p, read, cannot);
  const result = await whenReady(() => postJson(urls.tablebase, { board: requested.board, turn, pieces: p.custom }),
                                 (pending) => waitFor(p, pending));
  if (token !== state.token) return;
  if (!result.ok) {
    // No table holds it (404): the lab's computer plays any position.
    const lab = result.status === 404 ? computerGame(urls.lab, read.board.url, turn, p.custom) : "";
    return refused(p, result, cannot, lab);
  }
  let steps = [];
  let unread = "";
  if (requested.moves) {
    const record = await postJson(urls.record, { board: read.board.url, turn, moves: requested.moves.split(","), pieces: p.custom });
    if (token !== state.token) return;
    if (record.ok) steps = record.data.moves;
    else unread = record.message;
  }
  Object.assign(state, { waiting: false, building: "" });
  const position = { n: read.board.n, pieces: read.board.pieces, turn };
  state.choice = { material: result.data.material, n: position.n, longest: null };
  show(p, t("%(material)s on %(size)s", { material: result.data.material, size: `${position.n}×${position.n}×${position.n}` }));
  const ply = requested.ply === undefined || requested.ply === "" ? steps.length : Number(requested.ply);
  startGame(p, position, result.data, read.board.url, steps, Number.isInteger(ply) ? ply : steps.length);
  // The game starts from its first board; the moves refused are named beside it, where the user looks.
  state.notice = unread ? t("The moves in this page's address cannot be played (%(why)s): the game starts from its first position.",
                            { why: unread }) : "";
  renderPlayer(p);
  p.ui.play.scrollIntoView({ block: "start" }); // a shared link is for its game, below the table
}

/** @param {Player} p */
function failed(p, result) {
  p.state.error = result;
  renderPlayer(p);
}

/**
 * @param {Player} p
 * @param {import("../shared/types.js").ApiResult & {ok: false}} result
 * @param {string} what
 * @param {string} [lab]  the lab's address that plays the position against the computer
 */
function refused(p, result, what, lab = "") {
  Object.assign(p.state, { waiting: false, building: "", error: result });
  p.ui.urlError.textContent = `${what}: ${result.message}`;
  if (lab) {
    const anchor = document.createElement("a");
    anchor.href = keepLanguage(lab);
    anchor.textContent = t("Play it against the computer in the lab");
    p.ui.urlError.append(" ", anchor);
  }
  p.ui.urlError.hidden = false;
  renderPlayer(p);
}

/**
 * A table the position needs is being built: say so, with its progress.
 * @param {Player} p
 */
function waitFor(p, pending) {
  if (!p.state.building) p.ui.play.scrollIntoView({ block: "start" }); // the wait is for this position: show it
  p.state.building = pending.message;
  renderPlayer(p);
}

/** @param {Player} p */
function act(p, action) {
  const { state, table } = p;
  const best = table.bestMove();
  if (action === "hint") {
    state.hint = best;
    if (best) p.view.follow(moveKeys(best).from);
    renderPlayer(p);
  } else if (action === "best" && best) {
    table.userPlays(best);
  } else if (action === "undo" || action === "restart") {
    table[action]();
  } else if ((action === "random" || action === "longest") && state.choice) {
    play(p, state.choice, action);
  }
}

/** @param {Player} p */
function step(p, where) {
  const ply = p.state.game ? stepPly(p.state.game, where) : null;
  if (ply !== null) p.table.setPly(ply);
}

/**
 * The buttons (actions, the record's steps, copying it) and the record's keys.
 * @param {Player} p
 */
function wireControls(p) {
  const { root, state, ui } = p;
  for (const button of allWithin(root, "[data-action]")) {
    button.addEventListener("click", () => act(p, button.dataset.action));
  }
  for (const button of allWithin(root, "[data-step]")) {
    button.addEventListener("click", () => step(p, button.dataset.step));
  }
  const keySteps = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  within(root, ".eg-record-card").addEventListener("keydown", (event) => {
    if (!(event instanceof KeyboardEvent) || !keySteps[event.key]) return;
    event.preventDefault();
    step(p, keySteps[event.key]);
  });
  ui.copy.addEventListener("click", async () => {
    const text = `[${state.start}] ${recordText(recordRows(state.game))}`;
    try {
      await navigator.clipboard.writeText(text);
      state.copied = t("Copied.");
    } catch {
      state.copied = text;
    }
    renderPlayer(p);
  });
}

/**
 * The address keeps the game: its first board (the server's URL form), the moves and the move shown.
 * @param {Player} p
 */
async function saveUrl(p) {
  const { state, urls, custom } = p;
  const game = state.game;
  const entry = p.table.current();
  if (!game || !entry || !state.start) return;
  const first = game.entries[0].position;
  const query = gameQuery({ board: state.start, turn: first.turn, moves: urlMoves(recordRows(game)), ply: game.ply,
                            last: game.entries.length - 1, custom });
  window.history.replaceState(null, "", keepLanguage(`${urls.page}${query}`));
  const token = ++p.urlToken;
  const { position } = entry;
  const read = await readBoard(urls.labPosition, formatBoard(position.n, position.pieces), position.turn, custom);
  if (!read.ok || token !== p.urlToken) return;
  p.ui.labLink.href = `${urls.lab}?board=${read.board.url}${position.turn === "b" ? "&turn=b" : ""}${piecesQuery(p.custom)}`;
}
