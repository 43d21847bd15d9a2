// @ts-check
// What the lessons page draws (learn.js keeps the state and the flow): the lessons' list, reviews and
// figures, then the idea (the server's frame on the board, its caption in the status, the idea's
// words) or the drill (the position, the coach's marks, the help and the retry on the board, the
// status, verdict, result and moves).

import { current } from "../shared/game_line.js";
import { renderStatus, renderVerdict } from "../shared/status_panels.js";
import { coachMarks } from "./coach.js";
import { checkedKing } from "./fen_game.js";
import { ideaBoard, ideaStatus } from "./learn_idea.js";
import { helpOnBoard, helpVerdict } from "./learn_task.js";
import { renderLessonCard, renderLessons, renderResult, renderReviews, renderStats } from "./learn_view.js";
import { describePosition, renderPlayed } from "./panels.js";
import { t } from "../shared/i18n.js";
import { takenWords } from "../shared/words.js";

/**
 * The lessons page as the renderer sees it; refused: why the move tried was refused, or "".
 * @typedef {{root: HTMLElement, ui: any, board: import("../board/types.js").Board, session: any, progress: any,
 *   ideas: ReturnType<typeof import("./learn_idea.js").createIdeaPlayer>, state: any, lessons: any[],
 *   sounds: {enabled: boolean}, lessonUrl: (fen?: string | null) => string, refused: () => string,
 *   onOpen: (number: number, how?: {review?: boolean}) => void}} LessonPage
 */

/** @param {LessonPage} page */
export function createLessonRenderer(page) {
  return { render: () => render(page) };
}

/**
 * The coach's facts of ``entry``'s position, when they are in, drawn in the method's panel.
 * @param {LessonPage} page
 */
function renderCoach({ ui, state }, entry) {
  const shown = state.coach;
  const facts = shown && shown.fen === entry.fen ? shown.facts : null;
  ui.coachPhase.textContent = facts?.phase_name || t("The method");
  ui.coach.dataset.phase = facts ? facts.phase : "none";
  ui.coachAdvice.textContent = facts ? facts.advice : "";
  ui.cornersLegend.hidden = !facts?.mating_corners; // only KBNK has mating corners to outline
  return facts;
}

/** @param {LessonPage} page */
function render(page) {
  const { root, ui, progress, state, lessons, sounds, refused, onOpen } = page;
  const lesson = state.lesson;
  renderLessons(ui.lessonItems, lessons, progress, lesson.number, onOpen);
  renderReviews(ui.reviews, lessons, progress, (number) => onOpen(number, { review: true }));
  renderStats(ui.stats, lessons, progress);
  root.dataset.lessonOpen = String(lesson.number);
  root.dataset.mode = state.mode;
  root.dataset.ending = lesson.ending;
  ui.method.hidden = lesson.ending !== "KBNK";
  ui.coachButton.setAttribute("aria-pressed", String(state.coachOn));
  ui.soundButton.setAttribute("aria-pressed", String(sounds.enabled));
  ui.illegal.textContent = state.mode === "drill" ? refused() : "";
  ui.illegal.hidden = !ui.illegal.textContent;
  if (state.mode === "idea") renderIdea(page);
  else renderDrill(page);
}

/** @param {LessonPage} page */
function renderIdea({ root, ui, board, progress, ideas, state }) {
  const idea = ideas.idea;
  const frame = ideas.frame();
  const shown = idea && idea.lesson === state.lesson.number && frame;
  renderLessonCard(ui, state.lesson, progress, null, { idea: shown ? t("Step through the line with Next (or Play), watching the marked squares; then start the drills.") : null });
  renderResult(ui.result, null);
  ui.playButton.setAttribute("aria-pressed", String(ideas.playing));
  ui.playButton.textContent = ideas.playing ? t("Pause") : ideas.atEnd() ? t("Play again") : t("Play");
  if (!shown) {
    if (state.error) renderStatus(ui.status, describePosition(null, "w", state.error));
    return;
  }
  root.dataset.ideaFrame = String(ideas.index);
  board.render({ orientation: state.orientation, movable: false, movableColor: null, ...ideaBoard(frame) });
  renderStatus(ui.status, ideaStatus(idea, ideas.index));
  renderVerdict(ui.verdict, { kind: "idea", title: t("The idea:"), text: t(idea.idea) }, "");
  ui.coachNote.hidden = true;
  ui.cornersLegend.hidden = state.lesson.ending !== "KBNK";
  root.dataset.legend = idea.shows;
  markReady(root);
}

/**
 * Whose turn a drill shows: waiting (for the probe), over, the user's or the computer's.
 * @param {{probe: unknown, position: {turn: string}}} entry
 * @param {boolean} over
 * @param {string} user
 */
export function drillTurn(entry, over, user) {
  return !entry.probe ? "waiting" : over ? "over" : entry.position.turn === user ? "user" : "computer";
}

/**
 * The learner's mistake a retry goes back to, when its position is the one shown, else null.
 * @param {{retry?: {from: number} | null}} task
 * @param {{ply: number, entries: {move: any}[]}} game
 */
export function retryMistake(task, game) {
  return task.retry && game.ply === task.retry.from ? game.entries[task.retry.from + 1]?.move || null : null;
}

/** @param {LessonPage} page */
function renderDrill(page) {
  const { root, ui, board, session, progress, state, lessonUrl } = page;
  const task = state.task;
  renderLessonCard(ui, state.lesson, progress, task, { share: task ? lessonUrl(task.fen) : null });
  const game = state.game;
  if (!game || !task) {
    if (state.error) renderStatus(ui.status, describePosition(null, "w", state.error));
    renderResult(ui.result, null);
    return;
  }
  const entry = current(game);
  const facts = renderCoach(page, entry);
  root.dataset.legend = state.coachOn && facts?.region?.length ? "box" : "none"; // the box's legend where one is shaded
  root.dataset.turn = drillTurn(entry, session.over(), game.user);
  root.dataset.ply = String(game.ply);
  root.dataset.fen = task.fen; // the position the learner was given
  root.dataset.position = entry.fen; // the position on the board
  root.dataset.helped = task.helped || "none";
  const mistake = retryMistake(task, game);
  const { marks, arrows } = helpOnBoard(state.help, mistake, state.coachOn ? coachMarks(facts) : null);
  board.render({
    orientation: state.orientation,
    movable: true,
    pieces: entry.position.pieces,
    movableColor: game.user,
    selected: state.selected,
    dests: session.destsOf(state.selected),
    lastMove: entry.move ? [entry.move.keys.from, entry.move.keys.to] : null,
    check: checkedKing(entry),
    marks,
    arrows,
  });
  renderStatus(ui.status, describePosition(entry.probe, entry.position.turn, state.error));
  renderDrillVerdict(page, entry, mistake);
  renderResult(ui.result, task.result);
  renderPlayed(ui.played, game, session.setPly);
  if (entry.probe) markReady(root);
}

/** @param {LessonPage} page */
function renderDrillVerdict({ ui, session, state }, entry, mistake) {
  const shown = session.lastUserEntry();
  const help = helpVerdict(state.help, takenWords(entry.position.pieces[state.help?.from || ""]?.[1] || ""), mistake);
  const intro = state.message || t("You play the side with the men: mate the lone king. Drag or click a piece; h for a hint.");
  renderVerdict(ui.verdict, help || shown?.verdict || null, intro);
  ui.coachNote.hidden = Boolean(help) || !shown?.coachNote;
  ui.coachNote.textContent = shown?.coachNote?.text || "";
  ui.coachNote.dataset.coach = shown?.coachNote?.kind || "none";
}

function markReady(root) {
  if (root.dataset.ready) return;
  root.dataset.ready = "true";
  performance.mark("trainer-learn-ready");
}
