// @ts-check
// The designer's atom picker, without the DOM (and a preset's and a piece's names): which of the offered atoms the text field holds, and
// the text with one of them switched on (leap or ride) or off. Only whole comma-separated items are
// matched; what they mean, and whether the text is a piece at all, is the server's to say.

/** The items of the text, trimmed, the empty ones left out. */
function items(text) {
  return text.split(",").map((item) => item.trim()).filter(Boolean);
}

/**
 * The offered atoms the text holds, as written there: "011" (a leap) or "011*" (a ride).
 * @param {string} text
 * @param {string[]} offered
 * @returns {string[]}
 */
export function pickedAtoms(text, offered) {
  return items(text).filter((item) => offered.includes(item.replace(/\*$/, "")));
}

/**
 * The text with ``atom`` as a leap or a ride: added, or switched between the two; taken out when it
 * was already so. The other items stay as typed, in their order.
 * @param {string} text
 * @param {string} atom  "011"
 * @param {boolean} ride
 * @param {string[]} offered
 * @returns {string}
 */
export function withAtom(text, atom, ride, offered) {
  const wanted = ride ? `${atom}*` : atom;
  const before = items(text);
  const others = before.filter((item) => item.replace(/\*$/, "") !== atom);
  const next = before.includes(wanted) ? others : [...others, wanted];
  return next.sort((a, b) => rank(a, offered) - rank(b, offered)).join(",");
}

/** The picker's order for its atoms; typed items keep their place before them. */
function rank(item, offered) {
  const at = offered.indexOf(item.replace(/\*$/, ""));
  return at < 0 ? -1 : at;
}

/**
 * The name a preset's option gives its piece: its text less the atoms in brackets.
 * @param {string | null} label
 */
export function presetName(label) {
  return label?.replace(/\s*\(.*\)\s*$/, "").trim() || "";
}

/**
 * The pieces' names with ``letter``'s set to ``name`` (none: its name forgotten).
 * @param {Object<string, string>} names
 * @param {string} letter
 * @param {string} name
 */
export function withName(names, letter, name) {
  const next = { ...names };
  if (name) next[letter] = name;
  else delete next[letter];
  return next;
}
