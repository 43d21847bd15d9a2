// @ts-check
// The pages' words in the reader's language: the server's gettext catalogue (translations/*.po),
// the messages the scripts use, written into <html data-i18n> (webapp/i18n.py). One message system:
// the English text is the message's id, placeholders are named as in Python, %(name)s. The rules
// are the server's: a count's form by the catalogue's own Plural-Forms (plural_forms.js), numbers and
// lists by Intl (Babel's CLDR on the server: webapp/i18n_say.py); no language is named here.

import { pluralRule } from "./plural_forms.js";

/**
 * ``plural``: the catalogue's Plural-Forms rule ("(n > 1)"); without one, gettext's own default.
 * @typedef {{lang: string, plurals: number, plural?: string, messages: Object<string, string | string[]>}} Catalogue
 */

/** @type {Catalogue | null} */
let active = null;
/** @type {((n: number) => number) | null} */
let activeRule = null;

/** Use this catalogue (the tests' way in; a page reads its own from <html data-i18n>). */
export function useCatalogue(catalogue) {
  active = catalogue;
  activeRule = null;
}

/** @returns {Catalogue} */
function catalogue() {
  if (active) return active;
  const data = typeof document === "undefined" ? undefined : document.documentElement.dataset.i18n;
  active = data ? JSON.parse(data) : { lang: "en", plurals: 2, messages: {} };
  return /** @type {Catalogue} */ (active);
}

/** The page's language code ("en", "fr", "ko"). */
export const language = () => catalogue().lang;

/** ``%(name)s`` (and ``%(name)d``) replaced by ``params[name]``; ``%%`` is a percent sign. */
export function fill(text, params = {}) {
  return text.replace(/%(?:\((\w+)\)[sd]|%)/g, (whole, name) => (name === undefined ? "%" : String(params[name])));
}

/** A message in the page's language: ``t('Mate in %(n)s', {n: 3})`` gives "Mate in 3" in English. */
export function t(id, params = {}) {
  return fill(lookup(id), params);
}

function lookup(id) {
  const found = catalogue().messages[id];
  return typeof found === "string" && found ? found : id;
}

/** A message whose placeholders are filled with elements (or text): the pieces to ``append``. */
export function tParts(id, params = {}) {
  return fillParts(lookup(id), params);
}

/** A counted message whose placeholders are filled with elements (or text), ``num`` among them. */
export function tnParts(singular, plural, n, params = {}) {
  return fillParts(lookupN(singular, plural, n), params);
}

/** @returns {(string | Node)[]} */
function fillParts(text, params) {
  return text.split(/(%\(\w+\)[sd]|%%)/).filter(Boolean).map((part) => {
    const name = /^%\((\w+)\)[sd]$/.exec(part)?.[1];
    return part === "%%" ? "%" : name === undefined ? part : params[name] instanceof Object ? params[name] : String(params[name]);
  });
}

/** A message with a context (gettext's msgctxt: a short id that means one thing here), e.g. a piece's
 * letter in a move: ``pgettext("chess piece letter in a move", "N")``. */
export function pgettext(context, id) {
  const found = catalogue().messages[`${context}\u0004${id}`];
  return typeof found === "string" && found ? found : id;
}

/** The letters of K, Q, R, B and N in a move written for the page's reader (docs/translations.md);
 * the same messages as webapp/i18n_say.py ``piece_letters``. */
function pieceLetters() {
  return {
    K: pgettext("chess piece letter in a move", "K"), Q: pgettext("chess piece letter in a move", "Q"),
    R: pgettext("chess piece letter in a move", "R"), B: pgettext("chess piece letter in a move", "B"),
    N: pgettext("chess piece letter in a move", "N"),
  };
}

/**
 * A move the server wrote in standard notation (its ``san``: "Nxf7+", "e8=Q#") as a sentence in the
 * page's language writes it: each piece letter in that language, the rest as it is. The one place a
 * page turns a move into its reader's letters (webapp/i18n_say.py ``move_name`` on the server).
 * @param {string} san
 */
export function moveName(san) {
  const letters = pieceLetters();
  return String(san ?? "").replace(/[KQRBN]/g, (letter) => letters[letter]);
}

/** Marks a message for extraction where it is defined; ``t`` translates it where it is shown. */
export const N_ = (id) => id;

/** The index of a count's plural form in the page's catalogue, by its own Plural-Forms rule (a
 * catalogue stating none: gettext's default, ``n != 1``, or ``0`` where it has one form).
 * @param {number} n */
export function pluralIndex(n) {
  if (!activeRule) {
    const { plurals, plural } = catalogue();
    activeRule = pluralRule(plural ?? (plurals === 1 ? "0" : "n != 1"));
  }
  return activeRule(n);
}

/** A counted message: ``tn("%(num)s move", "%(num)s moves", n)``; ``num`` is n unless params say otherwise. */
export function tn(singular, plural, n, params = {}) {
  return fill(lookupN(singular, plural, n), { num: n, ...params });
}

function lookupN(singular, plural, n) {
  const forms = catalogue().messages[singular];
  if (Array.isArray(forms) && forms.every(Boolean)) return forms[Math.min(pluralIndex(n), forms.length - 1)];
  return n === 1 ? singular : plural;
}

/**
 * A number as the page's language writes it: its thousands grouped, and with ``places`` so many
 * decimals after the language's decimal sign ("1.6", "1,6"): Intl's rules, as Babel's on the server.
 * @param {number} value
 * @param {number} [places]
 */
export function grouped(value, places) {
  const key = `${language()}|${places ?? ""}`;
  const fraction = places === undefined ? {} : { minimumFractionDigits: places, maximumFractionDigits: places };
  const format = numberFormats.get(key) ?? new Intl.NumberFormat(language(), fraction); // value.toLocaleString's
  numberFormats.set(key, format);
  return format.format(value);
}
/** One Intl.NumberFormat per language and decimals: making one (as toLocaleString does per call) costs far more
 * than using it, and a page writes hundreds of numbers. @type {Map<string, Intl.NumberFormat>} */
const numberFormats = new Map();

/**
 * Words listed with "and" as the page's language lists them ("a, b, and c"; "a, b et c"):
 * Intl's rules, as Babel's ``format_list`` on the server.
 * @param {string[]} items
 */
export function listed(items) {
  if (items.length < 2) return items.join(""); // none or one: as Intl lists them, without making a ListFormat
  const lang = language();
  const format = listFormats.get(lang) ?? new Intl.ListFormat(lang, { type: "conjunction" });
  listFormats.set(lang, format);
  return format.format(items);
}
/** One Intl.ListFormat per language: making one costs far more than using it. @type {Map<string, Intl.ListFormat>} */
const listFormats = new Map();

/**
 * A message the server sent as words (tablebase/core/message.py): ``{id, params, plural?, n?,
 * lower?, capital?}``, its params plain values or words again, ``{and: [words...]}``, ``{number}``,
 * ``{decimal, places}`` or ``{san}``
 * (a move: ``moveName``); in the page's language.
 * @param {any} words
 * @returns {string}
 */
export function say(words) {
  if (words === null || typeof words !== "object") return String(words);
  if (typeof words.number === "number") return grouped(words.number);
  if (typeof words.decimal === "number") return grouped(words.decimal, words.places);
  if (typeof words.san === "string") return moveName(words.san);
  if (Array.isArray(words.join)) return words.join.map(say).join(words.sep);
  if (Array.isArray(words.and)) {
    return listed(words.and.map(say));
  }
  const params = Object.fromEntries(Object.entries(words.params || {}).map(([name, value]) => [name, say(value)]));
  const text = words.plural === undefined ? t(words.id, params) : tn(words.id, words.plural, words.n, params);
  if (words.capital) return text.charAt(0).toUpperCase() + text.slice(1);
  return words.lower ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Messages sent as words, one paragraph. @param {any[]} list */
export const paragraph = (list) => list.map(say).join(" ");

/**
 * An address a script writes for this page (history.replaceState), with the ``lang`` the page was
 * opened with kept: a link shared from it opens in the same language.
 * @param {string} url
 */
export function keepLanguage(url) {
  const asked = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("lang");
  if (!asked || /[?&]lang=/.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(asked)}`;
}
