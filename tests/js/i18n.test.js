import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { fill, grouped, listed, moveName, pgettext, pluralIndex, say, t, tn, tParts, useCatalogue } from "../../static/js/shared/i18n.js";
import { pluralRule } from "../../static/js/shared/plural_forms.js";
import { describeProbe } from "../../static/js/shared/status_words.js";
import { moveCount } from "../../static/js/shared/words.js";
import { probe } from "./helpers.js";

const ENGLISH = { lang: "en", plurals: 2, messages: {} };
afterEach(() => useCatalogue(ENGLISH));

test("named placeholders are filled, %% is a percent sign, a missing message is its English id", () => {
  useCatalogue(ENGLISH);
  assert.equal(fill("%(a)s and %(b)s: 40%%", { a: 1, b: "x" }), "1 and x: 40%");
  assert.equal(t("Mate in %(num)s", { num: 3 }), "Mate in 3");
  assert.equal(tn("%(num)s move", "%(num)s moves", 1), "1 move");
  assert.equal(tn("%(num)s move", "%(num)s moves", 0), "0 moves");
});

test("a catalogue's message replaces the English; its plural form follows the catalogue's own rule", () => {
  useCatalogue({ lang: "fr", plurals: 2, plural: "(n > 1)", messages: { "Mate in %(num)s": "Mat en %(num)s", "%(num)s move": ["%(num)s coup", "%(num)s coups"] } });
  assert.equal(t("Mate in %(num)s", { num: 3 }), "Mat en 3");
  assert.deepEqual([0, 1, 2].map((n) => tn("%(num)s move", "%(num)s moves", n)), ["0 coup", "1 coup", "2 coups"]);
  assert.equal(t("Not in the catalogue"), "Not in the catalogue");
  assert.equal(pluralIndex(0), 0);
  useCatalogue({ lang: "ko", plurals: 1, plural: "0", messages: { "%(num)s move": ["%(num)s수"] } });
  assert.deepEqual([1, 5].map(moveCount), ["1수", "5수"]);
  assert.equal(pluralIndex(7), 0);
  useCatalogue({ lang: "en", plurals: 2, messages: {} }); // no rule stated: gettext's default, n != 1
  assert.deepEqual([pluralIndex(0), pluralIndex(1), pluralIndex(2)], [1, 0, 1]);
  // a rule with three forms, as a Slavic catalogue states it: the same code picks among them
  useCatalogue({ lang: "xx", plurals: 3, plural: "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
                 messages: { "%(num)s move": ["%(num)s a", "%(num)s b", "%(num)s c"] } });
  assert.deepEqual([1, 3, 5, 11, 21, 22].map((n) => tn("%(num)s move", "%(num)s moves", n)), ["1 a", "3 b", "5 c", "11 c", "21 a", "22 b"]);
});

test("a plural rule is read without eval, and a rule it cannot read is refused", () => {
  assert.deepEqual([0, 1, 2].map(pluralRule("(n > 1)")), [0, 0, 1]);
  assert.deepEqual([0, 1, 2].map(pluralRule("n != 1")), [1, 0, 1]);
  assert.equal(pluralRule("!(n == 1)")(1), 0);
  assert.throws(() => pluralRule("n; alert(1)"), /not a plural rule/);
  assert.throws(() => pluralRule("(n > 1"), /not a plural rule/);
});

test("words listed with 'and' and numbers are written by the language's rules (Intl)", () => {
  assert.equal(listed(["a", "b", "c"]), "a, b, and c");
  assert.equal(say({ and: ["a", "b"] }), "a and b");
  assert.equal(grouped(1234.5, 1), "1,234.5");
  useCatalogue({ lang: "fr", plurals: 2, plural: "(n > 1)", messages: {} });
  assert.equal(listed(["a", "b", "c"]), "a, b et c");
  assert.equal(say({ decimal: 1.6, places: 1 }), "1,6");
});

test("none or one word listed is that word, as Intl lists it, in every language", () => {
  for (const lang of ["en", "fr", "ko"]) {
    useCatalogue({ lang, plurals: 1, messages: {} });
    for (const items of [[], ["a"]]) assert.equal(listed(items), new Intl.ListFormat(lang, { type: "conjunction" }).format(items));
    assert.equal(listed(["a", "b"]), new Intl.ListFormat(lang, { type: "conjunction" }).format(["a", "b"]));
  }
});

test("numbers are grouped as toLocaleString writes them, each language and decimals apart", () => {
  for (const lang of ["en", "fr", "ko"]) {
    useCatalogue({ lang, plurals: 1, messages: {} });
    for (const [value, places] of [[1234567.891, undefined], [1234.5, 1], [0.125, 2], [42, 0]]) {
      const fraction = places === undefined ? {} : { minimumFractionDigits: places, maximumFractionDigits: places };
      assert.equal(grouped(value, places), value.toLocaleString(lang, fraction));
    }
  }
});

test("a message's placeholders can hold elements, in the translation's order", () => {
  useCatalogue({ lang: "ko", plurals: 1, messages: { "%(a)s before %(b)s": "%(b)s 다음 %(a)s" } });
  const a = { tag: "a" };
  const b = { tag: "b" };
  assert.deepEqual(tParts("%(a)s before %(b)s", { a, b }), [b, " 다음 ", a]);
});

test("the status words are the catalogue's", () => {
  useCatalogue({ lang: "fr", plurals: 2, messages: { "White to move": "Trait aux Blancs", "White mates in %(num)s": "Les Blancs matent en %(num)s" } });
  const words = { draw: () => "", resists: () => "" };
  const status = describeProbe(probe({ mate: 3 }), "w", words);
  assert.deepEqual([status.label, status.title], ["Trait aux Blancs", "Les Blancs matent en 3"]);
});

test("the server's words (the coach's messages) are filled in the page's language", async () => {
  const { say, paragraph } = await import("../../static/js/shared/i18n.js");
  const words = { id: "The box shrank from %(was)s to %(now)s.",
                  params: { was: 48, now: { id: "%(num)s square", plural: "%(num)s squares", n: 28 } } };
  const men = { id: "Careful: the %(men)s stands next to the lone king with nothing guarding it.",
                params: { men: { and: [{ id: "%(piece)s on %(square)s", params: { piece: { id: "rook" }, square: "e4" } },
                                       { id: "%(piece)s on %(square)s", params: { piece: { id: "knight" }, square: "f5" } }] } } };
  useCatalogue(ENGLISH);
  assert.equal(paragraph([words, men]), "The box shrank from 48 to 28 squares. "
    + "Careful: the rook on e4 and knight on f5 stands next to the lone king with nothing guarding it.");
  useCatalogue({ lang: "fr", plurals: 2, messages: {
    "The box shrank from %(was)s to %(now)s.": "La boîte a rétréci de %(was)s à %(now)s.",
    "%(num)s square": ["%(num)s case", "%(num)s cases"],
    "On to the next step: %(phase)s.": "Étape suivante : %(phase)s.", "The W-manoeuvre": "La manœuvre en W" } });
  assert.equal(say(words), "La boîte a rétréci de 48 à 28 cases.");
  assert.equal(say({ id: "On to the next step: %(phase)s.", params: { phase: { id: "The W-manoeuvre", lower: true } } }),
               "Étape suivante : la manœuvre en W.");
});

test("a move in a sentence takes the language's piece letters from messages with a context; the rest stays", () => {
  const letters = (lang, found) => ({ lang, plurals: 2, messages: Object.fromEntries(
    [..."KQRBN"].map((letter, i) => [`chess piece letter in a move\u0004${letter}`, found[i]])) });
  useCatalogue(ENGLISH);
  assert.equal(moveName("Nxf7+"), "Nxf7+");
  useCatalogue(letters("fr", "RDTFC"));
  assert.deepEqual(["Kxe2", "Qh8#", "Rb1", "Be6", "Nxf7+", "e8=Q#", "O-O"].map(moveName),
                   ["Rxe2", "Dh8#", "Tb1", "Fe6", "Cxf7+", "e8=D#", "O-O"]);
  assert.equal(say({ id: "%(number)s %(move)s: %(fact)s", params: { number: "1.", move: { san: "Bb5" }, fact: "x" } }), "1. Fb5: x");
  assert.equal(pgettext("chess piece letter in a move", "Q"), "D");
  assert.equal(t("K"), "K");  // the context keeps the letter apart from any message "K"
  useCatalogue(letters("ko", "♔♕♖♗♘"));
  assert.equal(moveName("Nb5"), "♘b5");
});
