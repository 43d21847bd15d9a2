// @ts-check
// The trainer's settings: difficulty, bishop colour, reply pause, the side the user plays
// ("pieces" or "king": defence mode) and the coach's marks on the board, remembered in the browser;
// a link may set the level, the bishop, the pause, the side and the mode: the server reads them and
// hands the page those it could read (data-settings), and the address keeps them as the page changes.

const STORAGE_KEY = "kbn-trainer-settings"; // the key saved settings sit under since the KBN trainer: kept
const DEFAULTS = { level: "11-22", bishop: "random", pause: 800, role: "pieces", coach: false };
const SAVED = Object.keys(DEFAULTS);
/** The settings a link may give (mode aside: the page's address writes it with the position). */
export const LINKED = ["level", "bishop", "pause", "role"];

/**
 * The saved settings, then those the page's link gave, as the server read them.
 * @param {Object<string, string | number>} linked  {name: value} of the link's readable settings
 */
export function loadSettings(linked = {}) {
  let saved = {};
  try {
    saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  const given = Object.fromEntries(LINKED.filter((name) => name in linked).map((name) => [name, linked[name]]));
  return { ...DEFAULTS, ...saved, ...given };
}

/**
 * The page's query with its link's settings as they are now: each setting the link gave and the
 * server read follows the page's value; one the server could not read (or none given) is left out.
 * @param {string} search  the address's query
 * @param {Object<string, unknown>} linked  the settings the server read from the link
 * @param {Object<string, unknown>} settings  the page's settings now
 * @param {string[]} names  the settings a link of this page may give
 * @returns {URLSearchParams}
 */
export function linkedQuery(search, linked, settings, names = LINKED) {
  const query = new URLSearchParams(search);
  for (const name of names) {
    if (name in linked) query.set(name, String(settings[name]));
    else query.delete(name);
  }
  return query;
}

export function saveSettings(settings) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(SAVED.map((k) => [k, settings[k]]))));
  } catch {
    // private mode: settings last for this page only
  }
}

export function levelRange(level) {
  const [min, max] = String(level).split("-").map(Number);
  return Number.isInteger(min) && Number.isInteger(max) ? { min, max } : { min: 11, max: 22 };
}

/**
 * The settings' lists show ``settings`` (a level this ending does not list: its middle one; a pause
 * the list lacks: added to it), and each change is saved and told to ``changed(name)``.
 * @param {{level: HTMLSelectElement, bishop: HTMLSelectElement | null, pause: HTMLSelectElement, role: HTMLSelectElement}} lists
 * @param {Object<string, any>} settings
 * @param {(name: string) => void} changed
 */
export function bindSettings(lists, settings, changed) {
  const levels = Array.from(lists.level.options, (o) => o.value);
  lists.level.value = levels.includes(settings.level) ? settings.level : levels[Math.floor(levels.length / 2)];
  settings.level = lists.level.value;
  if (lists.bishop) lists.bishop.value = settings.bishop;
  if (!Array.from(lists.pause.options).some((o) => Number(o.value) === settings.pause)) {
    lists.pause.add(new Option(`${settings.pause} ms`, String(settings.pause)), 0);
  }
  lists.pause.value = String(settings.pause);
  lists.role.value = settings.role;
  for (const name of LINKED) {
    const select = lists[name];
    if (!select) continue;
    select.addEventListener("change", () => {
      settings[name] = name === "pause" ? Number(select.value) : select.value;
      saveSettings(settings);
      changed(name);
    });
  }
}
