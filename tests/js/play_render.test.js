import assert from "node:assert/strict";
import { test } from "node:test";

import { coachNotes, defenceCounterText, replyBadges, verdictWords } from "../../static/js/mates/play_render.js";
import { game, move, played, probe } from "./helpers.js";

const START = { turn: "w", pieces: { a1: "wK", c3: "wQ", h8: "bK" } };
const AFTER = { turn: "b", pieces: { a1: "wK", c4: "wQ", h8: "bK" } };

test("the verdict of the user's move carries the fifty-move budget the server counted after it", () => {
  const after = { ...probe({ mate: -3 }), fifty_move_moves_left: 41 };
  const line = game([[START, probe({ mate: 4 })], [AFTER, after, played("user", "c3", "c4")]]);
  const shown = line.entries[1];
  shown.verdict = { kind: "good", text: "Best." };
  const words = verdictWords(line, shown);
  assert.equal(words.left, 41);
  assert.deepEqual(words.verdict, { kind: "good", text: "Best. 41 of 50 moves left before the fifty-move draw." });
});

test("before the user's first move the panel says who plays what", () => {
  const line = game([[START, probe({ mate: 4 })]]);
  const words = verdictWords(line, null);
  assert.equal(words.verdict, null);
  assert.equal(words.left, null);
  assert.match(words.fallback, /^You play White: mate the lone king/);
  const second = game([[{ ...START, turn: "b" }, probe({ mate: -4 })]]);
  assert.equal(verdictWords(second, null).fallback, "Black moves first. You play White.");
  const defence = game([[START, probe({ mate: 4 })]], { user: "b", role: "king" });
  assert.match(verdictWords(defence, null).fallback, /^You defend Black's lone king/);
});

test("a mate leaves no fifty-move budget to tell, nor does the defence", () => {
  const mate = { ...probe({ checkmate: true }), checkmate: true, fifty_move_moves_left: 40 };
  const line = game([[START, probe({ mate: 1 })], [AFTER, mate, played("user", "c3", "c4")]]);
  line.entries[1].verdict = { kind: "good", text: "Mate." };
  assert.equal(verdictWords(line, line.entries[1]).left, null);
  assert.equal(verdictWords(line, line.entries[1]).verdict?.text, "Mate.");
});

test("the coach's notes run from the user's move to the entry shown", () => {
  const line = game([[START, probe({ mate: 3 })], [AFTER, probe({ mate: -2 }), played("user", "c3", "c4")],
                     [START, probe({ mate: 2 }), played("computer", "h8", "h7")]]);
  line.entries[1].coachNote = { kind: "box", text: "The box shrinks." };
  line.entries[2].coachNote = { kind: "check", text: "After Kh7: the box grows." };
  assert.deepEqual(coachNotes(line, line.entries[1]).map((note) => note.kind), ["box", "check"]);
  line.ply = 1;
  assert.deepEqual(coachNotes(line, line.entries[1]).map((note) => note.kind), ["box"]);
  assert.deepEqual(coachNotes(line, null), []);
});

test("the defender's counter says how long the king held, and the mate left", () => {
  assert.equal(defenceCounterText(3, 10, 7), "Held so far: 3 · the longest defence: 10 · mate in 7 now");
  assert.equal(defenceCounterText(3, 10, null), "Held so far: 3 · the longest defence: 10");
  assert.equal(defenceCounterText(0, null, 5), "");
});

test("the lone king's destinations carry their distance to mate, the most stubborn as a loss", () => {
  const entry = { probe: probe({ mate: -3, moves: [move("h8", "h7", { mate: 3 }), move("h8", "g8", { mate: 2 }),
                                                   move("h8", "g7", { draw: true, stalemate: true })] }) };
  assert.deepEqual(replyBadges(entry), {
    h7: { text: "3", dtm: 3, tone: "loss" },
    g8: { text: "2", dtm: 2 },
    g7: { text: "½", tone: "draw" },
  });
});
