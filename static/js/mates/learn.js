// @ts-check
// The lessons of the KBN method (/kbn/learn) and of the learning path of every basic mate
// (/mates/learn, the same page with its own lessons): positions drawn by the server for each lesson, played
// against the table's most stubborn defence, with the coach's box, corners and advice on the board.
// A position is cleared by mating within the allowance; stars and missed positions are kept in the
// browser (learn_progress.js).

import { createBoard } from "../board/board.js";
import { getJson } from "../shared/api.js";
import { current, remainingMoves, userMovesUpTo } from "../shared/game_line.js";
import { outcome } from "../shared/outcome.js";
import { readPageData } from "../shared/page-data.js";
import { renderStatus, renderVerdict } from "../shared/status_panels.js";
import { moveAnnouncement } from "./announce.js";
import { probeCached } from "./api.js";
import { coachMarks, describePiecesMove, loadCoach, loadCoachNote, PHASE_NAMES } from "./coach.js";
import { checkedKing, createFenGame } from "./fen_game.js";
import { bindKeys } from "./keys.js";
import { createProgress } from "./learn_progress.js";
import { renderLessonCard, renderLessons, renderResult } from "./learn_view.js";
import { describePosition, renderPlayed } from "./panels.js";
import { createSounds } from "./sounds.js";
import { allWithin, byId, within } from "../shared/dom.js";

const root = byId("trainer-learn");
const { urls, lessons, progressKey } = readPageData(root, "urls", "lessons", "progressKey");
const params = new URLSearchParams(window.location.search);
const $ = (selector) => within(root, selector);
const COACH_KEY = "kbn-learn-coach"; // the key saved switches sit under since the KBN lessons: kept
const pauseParam = Number(params.get("pause"));
const PAUSE = params.has("pause") && Number.isFinite(pauseParam) ? pauseParam : 500;

const ui = {
  lessonItems: allWithin(root, "[data-lesson]"),
  lessonTitle: $("#trainer-lesson-title"),
  lessonSummary: $("#trainer-lesson-summary"),
  goal: $("#trainer-goal"),
  round: $("#trainer-round"),
  status: $("#trainer-status"),
  result: $("#trainer-result"),
  verdict: $("#trainer-verdict"),
  coachNote: $("#trainer-coach-note"),
  coachPhase: $("#trainer-coach-phase"),
  cornersLegend: $("#kbn-legend-corners"),
  coachAdvice: $("#trainer-coach-advice"),
  played: $("#trainer-moves-played"),
  coachButton: within(root, '[data-action="coach"]', HTMLButtonElement),
  soundButton: within(root, '[data-action="sound"]', HTMLButtonElement),
};

const progress = createProgress(window.localStorage, progressKey || undefined);
const sounds = createSounds();
/**
 * The position being practised: its FEN and probe, the fastest mate and the moves allowed, whether
 * it came back by repetition, whether its result is recorded, and the result.
 * @typedef {{fen: string, probe: import("../shared/types.js").ProbeAnswer, optimal: number, allowed: number,
 *   comeBack: boolean, recorded: boolean, result: {text: string, [field: string]: any} | null}} Task
 */

/**
 * The lessons' state: the game's fields (the controller owns them) and the page's own.
 * @type {import("../shared/types.js").TableGameState & {lesson: any, task: Task | null, coachOn: boolean,
 *   coach: {fen: string, facts: any} | null, orientation: "white" | "black"}}
 */
const state = {
  game: null, selected: null, hint: null, error: null,
  lesson: lessons.find((l) => String(l.number) === params.get("lesson")) || firstOpenLesson(),
  task: null,
  coachOn: readCoachSwitch(),
  coach: null, // the coach's facts on the position shown
  orientation: "white",
};

const board = createBoard($("#trainer-board"), {
  label: "Lesson board",
  onSelect: (key) => session.select(key),
  onMove: (from, to) => session.boardMove(from, to),
});

const session = createFenGame(state, {
  probeUrl: urls.probe,
  pause: () => PAUSE,
  waits: () => state.game?.ply === (state.game?.entries.length ?? 0) - 1,
  onChange: (kind) => {
    if (kind === "start") state.orientation = state.game?.user === "b" ? "black" : "white";
    render();
    if (kind !== "move" && kind !== "select") refreshCoach();
  },
  onMoved: moved,
});

function firstOpenLesson() {
  return lessons.find((l) => progress.lesson(l.number).stars === 0) || lessons[0];
}

function readCoachSwitch() {
  try {
    return window.localStorage.getItem(COACH_KEY) !== "off";
  } catch {
    return true;
  }
}

// ---- positions -------------------------------------------------------------------------------------

async function nextPosition() {
  const task = state.task;
  if (task && !task.recorded && state.game && userMovesUpTo(state.game) > 0) {
    progress.failed(state.lesson.number, task.fen); // left unfinished: it comes back like a miss
  }
  session.cancelReply();
  state.task = null;
  renderStatus(ui.status, { status: "pending", label: "", title: "Finding a position…", detail: "" });
  const number = state.lesson.number;
  const due = progress.takeDue(number);
  const result = due ? await probeCached(urls.probe, due) : await getJson(urls.lesson, { lesson: number });
  if (state.lesson.number !== number) return; // another lesson was opened meanwhile
  if (!result.ok) {
    state.error = result;
    render();
    return;
  }
  const { fen = due, lesson: _lesson, coach: _coach, ending: _ending, ...probe } = result.data;
  progress.served(number);
  const optimal = probe.mate_in;
  state.task = { fen, probe, optimal, allowed: optimal + progress.slack(state.lesson), comeBack: Boolean(due), recorded: false, result: null };
  session.startFen(fen, probe, "pieces");
}

function openLesson(number) {
  const lesson = lessons.find((l) => l.number === number);
  if (!lesson || lesson === state.lesson) return;
  if (state.task && !state.task.recorded && state.game && userMovesUpTo(state.game) > 0) {
    progress.failed(state.lesson.number, state.task.fen);
  }
  state.task = null;
  state.lesson = lesson;
  const query = new URLSearchParams(window.location.search);
  query.set("lesson", String(number));
  window.history.replaceState(null, "", `?${query}`);
  nextPosition();
}

function restart() {
  if (!state.task) return;
  state.task.result = state.task.recorded ? { kind: "practice", text: "Again, for practice: this one already counted." } : null;
  session.startFen(state.task.fen, state.task.probe, "pieces");
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

/** Cleared or failed, once per position, from the table's values: mated within the allowance,
 *  or no longer able to (a draw, or more moves needed than remain allowed). */
function judge(game, entry) {
  const task = state.task;
  if (!task || task.recorded || state.game !== game || current(game) !== entry) return;
  const over = outcome(game);
  const played = userMovesUpTo(game);
  const lesson = state.lesson;
  if (over?.status === "checkmate" && played <= task.allowed) {
    task.recorded = true;
    const star = progress.passed(lesson, task.fen);
    const { stars, cleared } = progress.lesson(lesson.number);
    task.result = star
      ? { kind: "star", text: `Mate in ${played}! A star: ${stars} of 3.${stars === 1 ? " Lesson passed." : ""}` }
      : { kind: "passed", text: `Mate in ${played} (allowed ${task.allowed}): cleared, ${cleared} of ${lesson.round_size} toward the next star.` };
    return;
  }
  const left = remainingMoves(entry);
  const hopeless = over || left === null || played + left > task.allowed;
  if (!hopeless) return;
  task.recorded = true;
  progress.failed(lesson.number, task.fen);
  task.result = {
    kind: "failed",
    text: over && over.status !== "checkmate"
      ? `${over.text} This position will come back after the next one.`
      : `Mate is out of reach within ${task.allowed} moves: this position will come back after the next one. Finish it for practice, or go on.`,
  };
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

function renderCoach(entry) {
  const shown = state.coach;
  const facts = shown && shown.fen === entry.fen ? shown.facts : null;
  ui.coachPhase.textContent = facts ? PHASE_NAMES[facts.phase] : "The method";
  $("#trainer-coach").dataset.phase = facts ? facts.phase : "none";
  ui.coachAdvice.textContent = facts ? facts.advice : "";
  ui.cornersLegend.hidden = !facts?.mating_corners; // only KBNK has mating corners to outline
  return facts;
}

// ---- rendering -----------------------------------------------------------------------------------------

function render() {
  renderLessons(ui.lessonItems, progress, state.lesson.number, openLesson);
  renderLessonCard(ui, state.lesson, progress, state.task);
  ui.coachButton.setAttribute("aria-pressed", String(state.coachOn));
  ui.soundButton.setAttribute("aria-pressed", String(sounds.enabled));
  root.dataset.lessonOpen = String(state.lesson.number);
  const game = state.game;
  if (!game || !state.task) {
    if (state.error) renderStatus(ui.status, describePosition(null, "w", state.error));
    renderResult(ui.result, null);
    return;
  }
  const entry = current(game);
  const facts = renderCoach(entry);
  root.dataset.turn = !entry.probe ? "waiting" : outcome(game) ? "over" : entry.position.turn === game.user ? "user" : "computer";
  root.dataset.ply = String(game.ply);
  root.dataset.fen = state.task.fen; // the position the learner was given
  root.dataset.position = entry.fen; // the position on the board
  board.render({
    orientation: state.orientation,
    pieces: entry.position.pieces,
    movableColor: game.user,
    selected: state.selected,
    dests: session.destsOf(state.selected),
    lastMove: entry.move ? [entry.move.keys.from, entry.move.keys.to] : null,
    check: checkedKing(entry),
    marks: state.coachOn ? coachMarks(facts) : null,
  });
  renderStatus(ui.status, describePosition(entry.probe, entry.position.turn, state.error));
  const shown = session.lastUserEntry();
  renderVerdict(ui.verdict, shown?.verdict || null, "You play the side with the men: mate the lone king. Drag or click a piece.");
  ui.coachNote.hidden = !shown?.coachNote;
  ui.coachNote.textContent = shown?.coachNote?.text || "";
  ui.coachNote.dataset.coach = shown?.coachNote?.kind || "none";
  renderResult(ui.result, state.task.result);
  renderPlayed(ui.played, game, session.setPly);
  if (entry.probe && !root.dataset.ready) {
    root.dataset.ready = "true";
    performance.mark("trainer-learn-ready");
  }
}

// ---- controls ------------------------------------------------------------------------------------------

function act(action) {
  switch (action) {
    case "restart":
      restart();
      break;
    case "next":
      nextPosition();
      break;
    case "coach":
      state.coachOn = !state.coachOn;
      try {
        window.localStorage.setItem(COACH_KEY, state.coachOn ? "on" : "off");
      } catch {
        // private mode
      }
      render();
      break;
    case "sound":
      sounds.setEnabled(!sounds.enabled);
      render();
      break;
    case "flip":
      state.orientation = state.orientation === "white" ? "black" : "white";
      render();
      break;
    case "reset":
      progress.reset();
      render();
      break;
    default:
      break;
  }
}

for (const button of allWithin(root, "[data-action]")) button.addEventListener("click", () => act(button.dataset.action));
bindKeys(board.element, act);
render();
nextPosition();
