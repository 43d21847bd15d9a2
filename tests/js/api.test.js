import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { refusal, requestJson } from "../../static/js/shared/api.js";
import { useCatalogue } from "../../static/js/shared/i18n.js";

const ENGLISH = { lang: "en", plurals: 2, messages: {} };
const FRENCH = {
  lang: "fr", plurals: 2, messages: {
    "invalid fen (rank %(rank)s has more than 8 squares): %(given)s": "FEN invalide (la rangée %(rank)s a plus de 8 cases) : %(given)s",
    "piece %(letter)s: %(error)s": "pièce %(letter)s : %(error)s",
    "the atom %(atom)s has %(num)s digit: an atom on this board has %(dim)s, one per axis":
      ["l'atome %(atom)s a %(num)s chiffre : un atome en a %(dim)s", "l'atome %(atom)s a %(num)s chiffres : un atome en a %(dim)s"],
    "The server answered %(status)s.": "Le serveur a répondu %(status)s.",
  },
};
afterEach(() => useCatalogue(ENGLISH));

const FEN_ERROR = {
  error: "bad_board", message: "invalid fen (rank 8 has more than 8 squares): '9/8/8/8/8/8/8/8'",
  says: { id: "invalid fen (rank %(rank)s has more than 8 squares): %(given)s", params: { rank: 8, given: "'9/8/8/8/8/8/8/8'" } },
};

test("an error answer with words shows its message in the page's language, its code and words kept", () => {
  useCatalogue(FRENCH);
  const found = refusal(400, FEN_ERROR);
  assert.deepEqual(found, { ok: false, status: 400, error: "bad_board", says: FEN_ERROR.says,
                            message: "FEN invalide (la rangée 8 a plus de 8 cases) : '9/8/8/8/8/8/8/8'" });
});

test("in English the words give back the server's message exactly", () => {
  assert.equal(refusal(400, FEN_ERROR).message, FEN_ERROR.message);
});

test("a message quoting another error's words, and a counted one, are filled in the language", () => {
  useCatalogue(FRENCH);
  const says = { id: "piece %(letter)s: %(error)s", params: { letter: "U", error: {
    id: "the atom %(atom)s has %(num)s digit: an atom on this board has %(dim)s, one per axis",
    plural: "the atom %(atom)s has %(num)s digits: an atom on this board has %(dim)s, one per axis", n: 2,
    params: { atom: "'01'", dim: 3 } } } };
  assert.equal(refusal(400, { error: "bad_piece", message: "…", says }).message,
               "pièce U : l'atome '01' a 2 chiffres : un atome en a 3");
});

test("an error answer without words keeps the server's message; no answer at all says the status", () => {
  useCatalogue(FRENCH);
  assert.equal(refusal(503, { error: "server_data_damaged", message: "the server's tablebase data is damaged" }).message,
               "the server's tablebase data is damaged");
  assert.deepEqual(refusal(502, null), { ok: false, status: 502, error: "http_error", message: "Le serveur a répondu 502." });
});

test("requestJson resolves a refused request through the same words", async (context) => {
  useCatalogue(FRENCH);
  context.mock.method(globalThis, "fetch", async () => new Response(JSON.stringify(FEN_ERROR), { status: 400 }));
  const found = await requestJson("/api/tablebase?fen=x");
  assert.equal(found.ok, false);
  assert.equal(found.message, "FEN invalide (la rangée 8 a plus de 8 cases) : '9/8/8/8/8/8/8/8'");
});

test("an illegal position's reason is read from the message in the page's language", async () => {
  const { describePosition } = await import("../../static/js/mates/panels.js");
  const english = { status: 400, error: "illegal_position", message: "illegal position (the kings touch): '8/8 w'" };
  assert.equal(describePosition(null, "w", english).detail, "The kings touch.");
  useCatalogue({ lang: "fr", plurals: 2, messages: {
    "illegal position (the kings touch): %(given)s": "position illégale (les rois se touchent) : %(given)s" } });
  const says = { id: "illegal position (the kings touch): %(given)s", params: { given: "'8/8 w'" } };
  const french = refusal(400, { error: "illegal_position", message: english.message, says });
  assert.equal(describePosition(null, "w", french).detail, "Les rois se touchent.");
});
