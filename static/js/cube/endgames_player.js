// @ts-check
// The 3D endgames page's player: a mate played against the table's most stubborn defence on the
// 3D lab's board (flat layers or the 3D view, the layer strip, one layer at a time on a phone),
// with the status, the lone king's replies, the verdicts and the record of the moves (written by
// the server, stepped back and forth, kept in the address with the starting board). Every legal
// move, value and move's name comes from the server.

import { createBoard } from "../board/board.js";
import { getJson, postJson, whenReady } from "../shared/api.js";
import { allWithin, byId, within } from "../shared/dom.js";
import { lastReplies } from "../shared/game_line.js";
import { outcome } from "../shared/outcome.js";
import { renderStatus, renderVerdict } from "../shared/status_panels.js";
import { createTableGame } from "../shared/table_game.js";
import { stubbornReplies } from "../shared/tablebase_play.js";
import { afterMove, moveKeys } from "./endgames_game.js";
import { describe, renderCounter, renderRecord, renderReplies } from "./endgames_panels.js";
import { gameQuery, piecesQuery, recordRows, recordText, urlMoves } from "./endgames_record.js";
import { createView } from "./endgames_view.js";
import { formatBoard } from "./notation.js";
import { readBoard } from "./server_board.js";
import { keepLanguage, t } from "../shared/i18n.js";

/**
 * @typedef {{material: string, n: number, longest: number | null}} Choice  the cell being played
 * @typedef {{board: string, turn: string, moves?: string, ply?: string | number}} Requested  a game from an address
 */

/**
 * @param {HTMLElement} root  the page's root element
 * @param {{urls: Object<string, string>, buildNote: () => string}} options
 */
export function createPlayer(root, { urls, buildNote }) {
  const $ = (selector) => within(root, selector);
  const ui = {
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
  const narrow = window.matchMedia("(max-width: 640px)");

  /** @type {Object<string, string>} the custom men's pieces (letter -> atoms) of the game shown */
  let custom = {};
  /**
   * The player's state: the game's fields (shared/table_game.js owns game, selected, hint and error)
   * and its own.
   * @type {import("../shared/types.js").TableGameState & {choice: Choice | null, waiting: boolean,
   *   building: string, hover: import("../shared/types.js").ProbeMove | null, token: number, start: string,
   *   copied: string, notice: string}}
   */
  const state = {
    choice: null, error: null, waiting: false, building: "", game: null, selected: null, hint: null, hover: null,
    token: 0, start: "", copied: "", notice: "",
  };

  const board = createBoard($("#eg-board"), {
    label: t("3D endgame board"),
    keys: "cube",
    movableColor: "w",
    rays: true,
    onSelect: (key) => table.select(key),
    onMove: (from, to) => table.boardMove(from, to),
    onLayer: (layer) => view.pick(layer),
  });
  const view = createView(ui.play, { board, narrow, onChange: () => render() });
  narrow.addEventListener("change", () => {
    view.fit(loneKing());
    render();
  });

  const table = createTableGame(state, {
    probe: ({ position }) => whenReady(
      () => postJson(urls.tablebase, { board: formatBoard(position.n, position.pieces), turn: position.turn, pieces: custom })),
    play: (before, move) => ({ position: afterMove(before.position, move) }),
    name: (move) => move.notation || `${move.piece?.[1]} ${board.label(moveKeys(move).from)}–${board.label(moveKeys(move).to)}`,
    keys: moveKeys,
    drawEnds: true, // no mate left: nothing more to practise
    waits: () => Boolean(state.game && state.game.ply === state.game.entries.length - 1), // not while a move back is shown
    onChange: (kind) => {
      if (kind === "move" || kind === "ply") view.follow(table.current()?.move?.keys.to || null);
      if (kind !== "select") saveUrl();
      render();
    },
  });

  const loneKingOf = (pieces) => Object.keys(pieces).find((key) => pieces[key] === "bK") || null;
  const loneKing = () => loneKingOf(table.current()?.position.pieces || {});

  function show(title) {
    ui.play.hidden = false;
    ui.title.textContent = title;
  }

  /**
   * A new game from a probed position, then the record's moves after it (``steps``, as the server
   * read them back) with ``ply`` shown.
   */
  function startGame(position, probe, start, steps = [], ply = steps.length) {
    ui.urlError.hidden = true;
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
    view.startAt(loneKingOf(position.pieces));
    table.setPly(Math.max(0, Math.min(ply, game.entries.length - 1)));
  }

  /** A won position of the chosen cell: a random one at least half as long as the longest mate, or a longest one. */
  async function play(choice, pick = "random") {
    state.choice = choice;
    const { material, n, longest } = choice;
    const token = ++state.token;
    show(`${material} on ${n}×${n}×${n}`);
    Object.assign(state, { waiting: true, error: null });
    render();
    const query = { material, n, pick };
    if (pick === "random" && longest) query.min = Math.ceil(longest / 2);
    const result = await whenReady(() => getJson(urls.position, query), waitFor);
    if (token !== state.token) return;
    Object.assign(state, { waiting: false, building: "" });
    if (!result.ok) return failed(result);
    const { board: text, ...probe } = result.data;
    custom = probe.custom_pieces || {};
    const read = await readBoard(urls.labPosition, text, "w", custom);
    if (token !== state.token) return;
    if (!read.ok) return failed(read);
    startGame({ n: read.board.n, pieces: read.board.pieces, turn: "w" }, probe, read.board.url);
    ui.play.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  /** The game of an address (?board=, either notation form, &turn=, &moves=, &ply=, &pieces= as the page's data
   * holds them: letter -> atoms), read by the server; a
   * board it refuses is named at the top of the page, where the user looks, and the address is left as it was. */
  async function open(requested) {
    const token = ++state.token;
    const turn = requested.turn === "b" ? "b" : "w";
    show(t("Play the mate"));
    state.waiting = true;
    render();
    custom = requested.pieces || {};
    const read = await readBoard(urls.labPosition, requested.board, turn, custom);
    if (token !== state.token) return;
    if (!read.ok) return refused(read, t("The position in this page's address cannot be played"));
    const result = await whenReady(() => postJson(urls.tablebase, { board: requested.board, turn, pieces: custom }), waitFor);
    if (token !== state.token) return;
    if (!result.ok) return refused(result, t("The position in this page's address cannot be played"));
    let steps = [];
    let unread = "";
    if (requested.moves) {
      const record = await postJson(urls.record, { board: read.board.url, turn, moves: requested.moves.split(","), pieces: custom });
      if (token !== state.token) return;
      if (record.ok) steps = record.data.moves;
      else unread = record.message;
    }
    Object.assign(state, { waiting: false, building: "" });
    const position = { n: read.board.n, pieces: read.board.pieces, turn };
    state.choice = { material: result.data.material, n: position.n, longest: null };
    show(t("%(material)s on %(size)s", { material: result.data.material, size: `${position.n}×${position.n}×${position.n}` }));
    const ply = requested.ply === undefined || requested.ply === "" ? steps.length : Number(requested.ply);
    startGame(position, result.data, read.board.url, steps, Number.isInteger(ply) ? ply : steps.length);
    // The game starts from its first board; the moves refused are named beside it, where the user looks.
    state.notice = unread ? t("The moves in this page's address cannot be played (%(why)s): the game starts from its first position.",
                              { why: unread }) : "";
    render();
    ui.play.scrollIntoView({ block: "start" }); // a shared link is for its game, below the table
  }

  function failed(result) {
    state.error = result;
    render();
  }

  /** @param {import("../shared/types.js").ApiResult & {ok: false}} result */
  function refused(result, what) {
    Object.assign(state, { waiting: false, building: "", error: result });
    ui.urlError.textContent = `${what}: ${result.message}`;
    ui.urlError.hidden = false;
    render();
  }

  /** A table the position needs is being built: say so, with its progress. */
  function waitFor(pending) {
    if (!state.building) ui.play.scrollIntoView({ block: "start" }); // the wait is for this position: show it
    state.building = pending.message;
    render();
  }

  function act(action) {
    const best = table.bestMove();
    if (action === "hint") {
      state.hint = best;
      if (best) view.follow(moveKeys(best).from);
      render();
    } else if (action === "best" && best) {
      table.userPlays(best);
    } else if (action === "undo" || action === "restart") {
      table[action]();
    } else if ((action === "random" || action === "longest") && state.choice) {
      play(state.choice, action);
    }
  }

  function step(where) {
    const game = state.game;
    if (!game) return;
    const last = game.entries.length - 1;
    const ply = { first: 0, back: game.ply - 1, forward: game.ply + 1, last }[where];
    if (ply !== undefined && ply >= 0 && ply <= last && ply !== game.ply) table.setPly(ply);
  }

  for (const button of allWithin(root, "[data-action]")) {
    button.addEventListener("click", () => act(button.dataset.action));
  }
  for (const button of allWithin(root, "[data-step]")) {
    button.addEventListener("click", () => step(button.dataset.step));
  }
  const keySteps = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  $(".eg-record-card").addEventListener("keydown", (event) => {
    if (!(event instanceof KeyboardEvent) || !keySteps[event.key]) return;
    event.preventDefault();
    step(keySteps[event.key]);
  });
  ui.copy.addEventListener("click", async () => {
    const text = `[${state.start}] ${recordText(recordRows(state.game))}`;
    try {
      await navigator.clipboard.writeText(text);
      state.copied = t("Copied.");
    } catch {
      state.copied = text;
    }
    render();
  });

  // ---- the address ----------------------------------------------------------------------------------

  let urlToken = 0;
  /** The address keeps the game: its first board (the server's URL form), the moves and the move shown. */
  async function saveUrl() {
    const game = state.game;
    const entry = table.current();
    if (!game || !entry || !state.start) return;
    const first = game.entries[0].position;
    const query = gameQuery({ board: state.start, turn: first.turn, moves: urlMoves(recordRows(game)), ply: game.ply,
                              last: game.entries.length - 1, custom });
    window.history.replaceState(null, "", keepLanguage(`${urls.page}${query}`));
    const token = ++urlToken;
    const { position } = entry;
    const read = await readBoard(urls.labPosition, formatBoard(position.n, position.pieces), position.turn, custom);
    if (!read.ok || token !== urlToken) return;
    ui.labLink.href = `${urls.lab}?board=${read.board.url}${position.turn === "b" ? "&turn=b" : ""}${piecesQuery(custom)}`;
  }

  // ---- drawing ------------------------------------------------------------------------------------

  /** Badges on the lone king's destinations while it is to move: the distance to mate after each. */
  function replyBadges(entry) {
    const badges = {};
    const stubborn = new Set(stubbornReplies(entry.probe).map((m) => moveKeys(m).to));
    for (const move of entry.probe.moves) {
      const to = moveKeys(move).to;
      if (move.category === "draw") badges[to] = { text: move.stalemate ? "½" : "=", tone: "draw" };
      else badges[to] = { text: String(move.mate_in), dtm: move.mate_in, tone: stubborn.has(to) ? "loss" : undefined };
    }
    return badges;
  }

  function marks() {
    const found = {};
    const move = state.hint || state.hover;
    if (move) {
      const { from, to } = moveKeys(move);
      found[from] = "good";
      found[to] = "good";
    }
    return found;
  }

  function checkKey(entry) {
    if (!entry.probe && !entry.move) return null;
    const inCheck = entry.probe?.checkmate || (entry.position.turn === "b" && entry.move?.check);
    return inCheck ? loneKingOf(entry.position.pieces) : null;
  }

  function render() {
    const game = table.game;
    const entry = table.current();
    const ended = game && entry ? outcome(game, entry, { drawEnds: true })?.text : null;
    root.dataset.turn = !entry ? "none" : table.over() ? "over" : !entry.probe ? "waiting"
      : game && game.ply < game.entries.length - 1 && !table.userToMove() ? "review"
        : table.userToMove() ? "user" : "computer";
    if (!entry || state.waiting) {
      const info = describe(null, "w", state.error);
      const note = buildNote();
      if (state.waiting && note) info.detail = note;
      renderStatus(ui.status, info);
      renderVerdict(ui.verdict, null, state.building || (state.waiting ? t("Finding a position…") : ""));
      return;
    }
    const computerToMove = root.dataset.turn === "computer";
    const dests = table.destsOf(state.selected);
    const badges = computerToMove && entry.probe ? replyBadges(entry) : null;
    const check = checkKey(entry);
    const hinted = state.hint ? [moveKeys(state.hint).to] : [];
    const n = entry.position.n ?? 3;
    board.render({
      layers: n,
      files: n,
      ranks: n,
      ...view.fields(),
      pieces: entry.position.pieces,
      selected: state.selected,
      dests,
      lastMove: entry.move ? [entry.move.keys.from, entry.move.keys.to] : null,
      check,
      marks: marks(),
      badges,
    });
    view.render({ n, pieces: Object.keys(entry.position.pieces),
                  dests: dests.length ? dests : badges ? Object.keys(badges) : hinted, check: check ? [check] : [] });
    const info = describe(entry.probe, entry.position.turn, state.error);
    renderStatus(ui.status, ended ? { ...info, detail: ended } : info);
    if (game && game.entries.length > 1) state.notice = "";
    const hint = state.hint?.notation // a best move in words too: its two cubes may lie on layers not shown
      ? { kind: "hint", title: t("Hint:"), text: t("%(move)s (mate in %(num)s after it).", { move: state.hint.notation, num: state.hint.mate_in }) } : null;
    renderVerdict(ui.verdict, hint || table.lastUserEntry()?.verdict || null,
                  state.notice || t("You play White: mate the lone king. Hint shows a best move."));
    ui.verdict.classList.toggle("eg-notice", Boolean(state.notice));
    renderCounter(ui.counter, table.counts());
    const replies = game ? lastReplies(game) : null;
    renderReplies(ui.replies, replies?.entry.probe || null, {
      played: replies?.played ? moveKeys(replies.played).to : null,
      stubborn: replies ? stubbornReplies(replies.entry.probe).map((m) => moveKeys(m).to) : [],
      onHover: (move) => {
        state.hover = move;
        render();
      },
    });
    const rows = recordRows(game);
    renderRecord(ui.record, rows, game?.ply ?? 0, (ply) => table.setPly(ply));
    for (const button of allWithin(root, "[data-step]", HTMLButtonElement)) {
      const back = button.dataset.step === "first" || button.dataset.step === "back";
      button.disabled = !game || (back ? game.ply === 0 : game.ply === game.entries.length - 1);
    }
    ui.copied.textContent = state.copied;
    state.copied = "";
  }

  return { play, open, render };
}
