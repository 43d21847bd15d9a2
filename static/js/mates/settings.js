// @ts-check
// The trainer's settings: difficulty, bishop colour, reply pause, the side the user plays
// ("pieces" or "king": defence mode) and the coach's marks on the board, remembered in the browser;
// the URL may override the pause (?pause=ms, -1 = wait for a key) and the mode (?mode=edit).

const STORAGE_KEY = "kbn-trainer-settings"; // the key saved settings sit under since the KBN trainer: kept
const DEFAULTS = { level: "11-22", bishop: "random", pause: 800, role: "pieces", coach: false };
const SAVED = Object.keys(DEFAULTS);

export function loadSettings(search = window.location.search) {
  let saved = {};
  try {
    saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  const settings = { ...DEFAULTS, ...saved };
  const params = new URLSearchParams(search);
  if (params.has("pause") && Number.isFinite(Number(params.get("pause")))) settings.pause = Number(params.get("pause"));
  const given = (name) => params.get(name) ?? "";
  if (params.has("level")) settings.level = given("level");
  if (params.has("bishop")) settings.bishop = given("bishop");
  if (["pieces", "king"].includes(given("role"))) settings.role = given("role");
  return settings;
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
