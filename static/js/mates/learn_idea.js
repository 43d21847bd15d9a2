// @ts-check
// A lesson's idea on the board before its drills: the server's line of best play (GET
// /api/.../lesson/idea), one frame per position with its marks, arrows and caption, stepped through
// by the learner or played on a timer. The server computes every square and word; this module
// only keeps the frame shown. No DOM.

import { say, t } from "../shared/i18n.js";

/**
 * @typedef {{uci: string, san: string, from: string, to: string, by: "men" | "king"}} IdeaMove
 * @typedef {{fen: string, turn: "w" | "b", pieces: Object<string, string>, mate_in: number, move: IdeaMove | null,
 *   next: IdeaMove | null, marks: Object<string, string[]>, arrows: {from: string, to: string, brush: string}[],
 *   check: string | null, caption: string, caption_words?: any}} IdeaFrame
 * @typedef {{lesson: number, id: string, idea: string, shows: string, mate_in: number, frames: IdeaFrame[]}} Idea
 */

/** What the board draws of a frame (the board component's render state). @param {IdeaFrame} frame */
export function ideaBoard(frame) {
  return {
    pieces: frame.pieces,
    marks: frame.marks,
    arrows: frame.arrows,
    check: frame.check,
    lastMove: frame.move ? [frame.move.from, frame.move.to] : null,
    selected: null,
    dests: [],
  };
}

/** The status panel's words for a frame. @param {Idea} idea @param {number} index */
export function ideaStatus(idea, index) {
  const frame = idea.frames[index];
  return {
    status: "idea",
    label: t("The idea · position %(number)s of %(all)s", { number: index + 1, all: idea.frames.length }),
    title: frame.mate_in ? t("Mate in %(num)s", { num: frame.mate_in }) : t("Checkmate"),
    detail: frame.caption_words ? say(frame.caption_words) : frame.caption,
  };
}

/**
 * The frame shown and the timer that plays the line. ``onChange`` after every step.
 * @param {{onChange: () => void, delay?: () => number, timers?: {set: (f: () => void, ms: number) => any, clear: (id: any) => void}}} options
 */
export function createIdeaPlayer({ onChange, delay = () => 1200, timers }) {
  const clock = timers || { set: (f, ms) => window.setTimeout(f, ms), clear: (id) => window.clearTimeout(id) };
  /** @type {Idea | null} */
  let idea = null;
  let index = 0;
  let timer = null;

  const last = () => (idea ? idea.frames.length - 1 : 0);

  function stop() {
    if (timer !== null) clock.clear(timer);
    timer = null;
  }

  function show(at) {
    index = Math.max(0, Math.min(last(), at));
    onChange();
  }

  function tick() {
    timer = null;
    if (index >= last()) return onChange();
    show(index + 1);
    if (index < last()) timer = clock.set(tick, delay());
  }

  return {
    /** @param {Idea} found */
    load(found) {
      stop();
      idea = found;
      show(0);
    },
    get idea() {
      return idea;
    },
    get index() {
      return index;
    },
    get playing() {
      return timer !== null;
    },
    frame: () => (idea ? idea.frames[index] : null),
    atEnd: () => index >= last(),
    next() {
      stop();
      show(index + 1);
    },
    back() {
      stop();
      show(index - 1);
    },
    /** Plays on from here (from the start when at the end), or pauses. */
    toggle() {
      if (timer !== null) {
        stop();
        onChange();
        return;
      }
      if (index >= last()) show(0);
      timer = clock.set(tick, delay());
      onChange();
    },
    stop,
  };
}
