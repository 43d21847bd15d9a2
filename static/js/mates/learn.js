// @ts-check
// The lessons of the KBN method (/kbn/learn) and of the learning path of every basic mate
// (/mates/learn, the same page with its own lessons). A lesson opens with its idea on the board
// (the server's line of best play with its marks, arrows and captions: learn_idea.js), then its
// drills: positions drawn by the server, played against the table's most stubborn defence, with
// hints and the best move (at a cost: the position earns no credit toward the star), the retry from
// the move where it went wrong, and the coach's box, corners and advice. A position is cleared by
// mating within the allowance; stars, reviews by days and the streak are kept in the browser
// (learn_progress.js). The URL holds the lesson and its position: ?lesson=3&fen=...

import { createBoard } from "../board/board.js";
import { getJson } from "../shared/api.js";
import { current, userMovesUpTo } from "../shared/game_line.js";
import { readPageData } from "../shared/page-data.js";
import { renderStatus } from "../shared/status_panels.js";
import { moveAnnouncement } from "./announce.js";
import { describePiecesMove, loadCoach, loadCoachNote } from "./coach.js";
import { createFenGame } from "./fen_game.js";
import { bindKeys } from "./keys.js";
import { createIdeaPlayer } from "./learn_idea.js";
import { createProgress } from "./learn_progress.js";
import { createRefusals } from "./refusal.js";
import { bindProgressFile } from "./learn_file.js";
import { createLessonRenderer } from "./learn_render.js";
import { missResult, passResult, retryResult, taskState } from "./learn_task.js";
import { showOpenLesson } from "./learn_view.js";
import { whenDue } from "./review_days.js";
import { linkedQuery } from "./settings.js";
import { createSounds } from "./sounds.js";
import { allWithin, byId, within } from "../shared/dom.js";
import { t } from "../shared/i18n.js";
import "../shared/site_menu.js"; // the site's menu, folded on a phone

const root = byId("trainer-learn");
// idea: the idea of the lesson the page opened on, drawn by the server with the page (no request for it)
const { urls, lessons, progressKey, page, idea, settings: linked } = readPageData(
  root, "urls", "lessons", "progressKey", "page", "idea", "settings");
const params = new URLSearchParams(window.location.search);
const $ = (selector) => within(root, selector);
const COACH_KEY = "kbn-learn-coach"; // the key saved switches sit under since the KBN lessons: kept
const PAUSE = linked?.pause ?? 500; // the link's, as the server read it

const ui = {
  lessonItems: allWithin(root, "[data-lesson]"),
  lessonTitle: $("#trainer-lesson-title"),
  lessonSummary: $("#trainer-lesson-summary"),
  goal: $("#trainer-goal"),
  round: $("#trainer-round"),
  share: $("#trainer-share"),
  status: $("#trainer-status"),
  illegal: $("#trainer-illegal"),
  result: $("#trainer-result"),
  verdict: $("#trainer-verdict"),
  coachNote: $("#trainer-coach-note"),
  coachPhase: $("#trainer-coach-phase"),
  cornersLegend: $("#kbn-legend-corners"),
  coachAdvice: $("#trainer-coach-advice"),
  coach: $("#trainer-coach"),
  played: $("#trainer-moves-played"),
  method: $("#trainer-method"),
  reviews: { summary: $("#trainer-review-summary"), list: $("#trainer-review-list") },
  stats: /** @type {HTMLTableSectionElement} */ ($("#trainer-stats tbody")),
  coachButton: within(root, '[data-action="coach"]', HTMLButtonElement),
  soundButton: within(root, '[data-action="sound"]', HTMLButtonElement),
  playButton: within(root, '[data-action="idea-play"]', HTMLButtonElement),
};

const progress = createProgress(window.localStorage, progressKey, { lessons, page, now: () => Date.now() });
const sounds = createSounds();

/**
 * The page's state: the game's fields (the controller owns them) and its own: the lesson, the
 * task on the board, idea or drills, the coach's facts, the board's side.
 * @type {import("../shared/types.js").TableGameState & {help: {kind: "hint" | "best", from: string, to: string, san: string} | null,
 *   lesson: any, task: import("./learn_task.js").Task | null, mode: "idea" | "drill", message: string,
 *   coachOn: boolean, coach: {fen: string, facts: any} | null, orientation: "white" | "black"}}
 */
const state = {
  game: null, selected: null, hint: null, error: null,
  help: null, // the hint or best move shown to the learner
  lesson: lessons.find((l) => String(l.number) === params.get("lesson")) || firstOpenLesson(),
  task: null,
  mode: "drill",
  message: "",
  coachOn: readCoachSwitch(),
  coach: null, // the coach's facts on the position shown
  orientation: "white",
};

// A refused move's reason in the server's words, for the drill's position on the board.
const refusals = createRefusals({ urls, announce: (text) => board.announce(text), render: () => render(),
  shown: () => (state.mode === "drill" && state.game
    ? { fen: current(state.game).fen, key: `${state.game.ply}|${current(state.game).fen}` } : null),
  over: () => session.over() });

const board = createBoard($("#trainer-board"), {
  label: t("Lesson board"),
  onSelect: (key) => session.select(key),
  onMove: (from, to) => session.boardMove(from, to),
  onRefused: (from, to) => refusals.refused(from, to),
  onSquareClick: refusals.onUnreachableClick(() => state.mode === "drill", () => state.game?.user,
                                             (from) => session.destsOf(from)),
});

const session = createFenGame(state, {
  probeUrl: urls.probe,
  pause: () => PAUSE,
  waits: () => state.game?.ply === (state.game?.entries.length ?? 0) - 1,
  drawEnds: true, // a drawn position ends the drill: nothing is left to practise
  onChange: (kind) => {
    if (kind === "start") state.orientation = state.game?.user === "b" ? "black" : "white";
    if (kind !== "select" && kind !== "probe") state.help = null; // a move, a start or another ply: the help is spent
    render();
    if (kind !== "move" && kind !== "select") refreshCoach();
  },
  onMoved: moved,
});

const ideas = createIdeaPlayer({ onChange: () => render(), delay: () => Math.max(300, 2.4 * PAUSE) });
/** @type {Map<number, Promise<any>>} */
const ideaAnswers = new Map(idea ? [[idea.lesson, Promise.resolve({ ok: true, data: idea })]] : []);

function firstOpenLesson() {
  return lessons.find((l) => progress.lesson(l.id).stars === 0) || lessons[0];
}

function readCoachSwitch() {
  try {
    return window.localStorage.getItem(COACH_KEY) !== "off";
  } catch {
    return true;
  }
}

/** The address of the lesson, and of the position when one is given. @param {string | null} [fen] */
function lessonUrl(fen = null) {
  const query = linkedQuery(window.location.search, linked || {}, { pause: PAUSE }, ["pause"]);
  query.set("lesson", String(state.lesson.number));
  if (fen) query.set("fen", fen);
  else query.delete("fen");
  return `?${query}`;
}

// ---- the idea, then the drills ---------------------------------------------------------------------

async function showIdea() {
  leaveTask();
  session.cancelReply();
  state.mode = "idea";
  state.task = null;
  state.game = null;
  window.history.replaceState(null, "", lessonUrl());
  const number = state.lesson.number;
  if (!ideaAnswers.has(number)) ideaAnswers.set(number, getJson(urls.idea, { lesson: number }));
  renderStatus(ui.status, { status: "pending", label: "", title: t("Loading the idea…"), detail: "" });
  const result = await ideaAnswers.get(number);
  if (state.lesson.number !== number || state.mode !== "idea") return;
  if (!result.ok) {
    ideaAnswers.delete(number);
    state.error = result;
    render();
    return;
  }
  progress.markSeen(state.lesson.id);
  ideas.load(result.data);
}

function startDrills() {
  ideas.stop();
  state.mode = "drill";
  nextPosition();
}

// ---- positions -------------------------------------------------------------------------------------

/** The position on the board is left: unfinished with moves played it counts as missed; a review
 *  left unplayed waits again. */
function leaveTask() {
  const task = state.task;
  if (!task || task.recorded) return;
  if (state.game && userMovesUpTo(state.game) > 0) progress.failed(state.lesson.id, task.fen);
  else if (task.review) progress.skipped(state.lesson.id);
}

/** @param {string | null} [fen]  this position (a shared link), else a review due or a drawn one */
async function nextPosition(fen = null) {
  leaveTask();
  session.cancelReply();
  ideas.stop();
  state.mode = "drill";
  state.task = null;
  state.help = null;
  renderStatus(ui.status, { status: "pending", label: "", title: t("Finding a position…"), detail: "" });
  const lesson = state.lesson;
  const review = fen ? null : progress.takeDue(lesson.id);
  const asked = fen || review?.fen;
  const result = await getJson(urls.lesson, asked ? { lesson: lesson.number, fen: asked } : { lesson: lesson.number });
  if (state.lesson !== lesson || state.mode !== "drill") {
    if (review) progress.skipped(lesson.id);
    return;
  }
  if (!result.ok) {
    if (asked && result.status === 400) { // a link or a review this lesson cannot take: a new position
      state.message = t("The position asked is not one of this lesson's (%(why)s) Here is another.", { why: result.message });
      if (review) progress.dropped(lesson.id);
      nextPosition();
      return;
    }
    state.error = result;
    render();
    return;
  }
  const { fen: given, lesson: _lesson, coach: _coach, ending: _ending, ...probe } = result.data;
  progress.served(lesson.id);
  const optimal = probe.mate_in;
  state.task = { fen: given, probe, optimal, allowed: optimal + progress.slack(lesson), review,
    recorded: false, helped: null, retry: null, result: null };
  window.history.replaceState(null, "", lessonUrl(given));
  session.startFen(given, probe, "pieces");
}

/** @param {number} number @param {{review?: boolean}} [how]  review: straight to its due positions */
function openLesson(number, { review = false } = {}) {
  const lesson = lessons.find((l) => l.number === number);
  if (!lesson) return;
  if (lesson === state.lesson) {
    if (review) nextPosition();
    return;
  }
  leaveTask();
  state.task = null;
  state.message = "";
  state.lesson = lesson;
  revealLesson();
  if (!review && !progress.seen(lesson.id)) showIdea();
  else nextPosition();
}

function revealLesson() {
  const item = ui.lessonItems.find((li) => li.dataset.lesson === String(state.lesson.number));
  if (item) showOpenLesson(item);
}

function restart() {
  const task = state.task;
  if (!task) return;
  task.retry = null;
  task.result = task.recorded ? { kind: "practice", text: t("Again, for practice: this one already counted.") } : null;
  session.startFen(task.fen, task.probe, "pieces");
}

/** Back to the position before the move where it went wrong, to find a better one. */
function retryFromMistake() {
  const task = state.task;
  const from = task?.result?.retry;
  if (!task || !state.game || from === undefined || from === null) return;
  task.retry = { from, move: state.game.entries[from + 1]?.move?.name || "" };
  task.result = null;
  session.setPly(from);
}

/** A hint (the piece to move) or the best move (an arrow): the position then earns no credit. */
function help(kind) {
  const task = state.task;
  const best = state.mode === "drill" ? session.bestMove() : null;
  if (!task || !best) return;
  state.help = { kind, from: String(best.from), to: String(best.to), san: best.san || "" };
  if (!task.recorded) task.helped = task.helped === "best" || kind === "best" ? "best" : "hint";
  render();
}

// ---- after each move ---------------------------------------------------------------------------------

async function moved(entry, game) {
  sounds.playMove(entry.move);
  const before = game.entries[game.entries.indexOf(entry) - 1];
  if (entry.move.by === "computer") board.announce(moveAnnouncement(before, entry));
  judge(game, entry);
  if (entry.move.by === "user") {
    entry.coachNote = describePiecesMove(await loadCoachNote(urls.coach, before.fen, entry.fen), entry.verdict);
    if (state.game === game) render();
  }
}

/** Cleared or missed, once per position, from the table's values (learn_task.js); a retry or a
 *  practice game after that is judged but not counted again. */
function judge(game, entry) {
  const task = state.task;
  if (!task || state.game !== game || current(game) !== entry) return;
  const found = taskState(task, game, entry);
  const lesson = state.lesson;
  if (task.retry) {
    task.result = retryResult(task, game, found) || task.result;
    return;
  }
  if (task.recorded) {
    if (found.state === "drawn") task.result = missResult(task, game, found);
    else if (found.state.startsWith("mated")) {
      task.result = { kind: "practice", text: t("Mate in %(num)s, for practice: this position already counted, and it comes back.", { num: found.played }) };
    }
    return;
  }
  if (found.state === "on-track") return;
  task.recorded = true;
  if (found.state === "mated") {
    const passed = progress.passed(lesson, task.fen, Boolean(task.helped));
    const { stars, cleared } = progress.lesson(lesson.id);
    const comes = passed.review ? whenDue(passed.review, progress.today()) : null;
    task.result = passResult(task, { ...passed, played: found.played, stars, cleared, round: lesson.round_size, comes });
    return;
  }
  progress.failed(lesson.id, task.fen);
  task.result = missResult(task, game, found);
}

// ---- the coach ------------------------------------------------------------------------------------------

function refreshCoach() {
  const fen = state.game && current(state.game).fen;
  if (!fen || state.coach?.fen === fen) return;
  loadCoach(urls.coach, fen).then((facts) => {
    if (!state.game || current(state.game).fen !== fen) return;
    state.coach = { fen, facts };
    render();
  });
}

// ---- rendering: learn_render.js -------------------------------------------------------------------------

const renderer = createLessonRenderer({ root, ui, board, session, progress, ideas, state, lessons, sounds, lessonUrl,
  refused: () => refusals.text(), onOpen: openLesson });
const render = () => renderer.render();

// ---- controls ------------------------------------------------------------------------------------------

const ACTIONS = {
  restart, next: () => nextPosition(), retry: retryFromMistake, hint: () => help("hint"), best: () => help("best"),
  idea: showIdea, drills: startDrills, "idea-next": () => ideas.next(), "idea-back": () => ideas.back(),
  "idea-play": () => ideas.toggle(),
  coach() {
    state.coachOn = !state.coachOn;
    try {
      window.localStorage.setItem(COACH_KEY, state.coachOn ? "on" : "off");
    } catch {
      // private mode
    }
    render();
  },
  sound() {
    sounds.setEnabled(!sounds.enabled);
    render();
  },
  flip() {
    state.orientation = state.orientation === "white" ? "black" : "white";
    render();
  },
};

/** Keys and buttons: in the idea, ← → (undo, redo elsewhere) step through its line. */
function act(action) {
  if (state.mode === "idea") {
    if (action === "hint" || action === "best") return;
    if (action === "undo" || action === "redo") action = action === "undo" ? "idea-back" : "idea-next";
  }
  ACTIONS[action]?.();
}

for (const button of allWithin(root, "[data-action]")) {
  if (ACTIONS[button.dataset.action || ""]) button.addEventListener("click", () => act(button.dataset.action));
}
bindProgressFile(root, progress, { progressKey, onChange: render });
bindKeys(board.element, act);
render();
revealLesson();
if (params.get("fen")) nextPosition(params.get("fen"));
else if (!progress.seen(state.lesson.id)) showIdea();
else nextPosition();
