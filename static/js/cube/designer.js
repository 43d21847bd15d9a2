// @ts-check
// The lab's piece designer: atoms typed in their compact form or picked (leap or ride), a letter and
// a name, presets. The server reads every definition (POST /api/3d/position with the piece beside an
// empty board): it answers the atoms' canonical text, or a 400 naming the bad atom, shown by the field.

import { postJson } from "../shared/api.js";
import { byId } from "../shared/dom.js";
import { t } from "../shared/i18n.js";
import { pieceSvg } from "../board/pieces.js";
import { formatBoard } from "./notation.js";
import { pickedAtoms, presetName, withAtom, withName } from "./designer_atoms.js";

/** The atoms the picker offers, in its order. */
export const COMMON_ATOMS = ["001", "011", "111", "012", "002", "112", "022"];

const ui = {
  card: byId("lab-designer"),
  preset: byId("designer-preset", HTMLSelectElement),
  atoms: byId("designer-atoms", HTMLInputElement),
  error: byId("designer-error"),
  picker: byId("designer-picker"),
  letter: byId("designer-letter", HTMLInputElement),
  name: byId("designer-name", HTMLInputElement),
  define: byId("designer-define", HTMLButtonElement),
  state: byId("designer-state"),
  list: byId("designer-list"),
};

/**
 * The designer's state: its host, the server's last refusal, the note on the piece defined, and
 * whether a definition is being asked of the server.
 * @typedef {{host: any, error: string, note: string, asking: boolean}} Designer
 */

/**
 * host: {url (POST /api/3d/position), custom() (the pieces defined: letter -> atoms),
 * names() (letter -> name), define(custom, names) (the server's pieces, all of them),
 * forget(letter) (a piece and its men go)}.
 * Returns {render(playing)}: the designer is an editing tool, hidden during a game.
 */
export function createDesigner(host) {
  /** @type {Designer} */
  const d = { host, error: "", note: "", asking: false };
  const render = () => renderDesigner(d);
  buildPicker(render);
  ui.preset.addEventListener("change", () => {
    const option = ui.preset.selectedOptions[0];
    if (!ui.preset.value || !option) return;
    ui.atoms.value = ui.preset.value;
    ui.letter.value = option.dataset.letter || ui.letter.value;
    ui.name.value = presetName(option.textContent);
    render();
  });
  ui.atoms.addEventListener("input", () => {
    ui.preset.value = "";
    render();
  });
  ui.atoms.addEventListener("keydown", (event) => {
    if (event.key === "Enter") define(d);
  });
  ui.define.addEventListener("click", () => define(d));
  return { render: (playing) => renderDesigner(d, playing) };
}

/** The picker: a row per offered atom, its leap and its ride buttons. */
function buildPicker(render) {
  for (const atom of COMMON_ATOMS) {
    const row = document.createElement("div");
    row.className = "designer-atom";
    const label = document.createElement("code");
    label.textContent = atom;
    row.append(label);
    for (const ride of [false, true]) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.atom = atom + (ride ? "*" : "");
      button.textContent = ride ? ui.picker.dataset.ride || "ride" : ui.picker.dataset.leap || "leap";
      button.addEventListener("click", () => {
        ui.atoms.value = withAtom(ui.atoms.value, atom, ride, COMMON_ATOMS);
        ui.preset.value = "";
        render();
      });
      row.append(button);
    }
    ui.picker.append(row);
  }
}

/**
 * The piece typed, read by the server: defined (its canonical atoms shown), or its error shown.
 * @param {Designer} d
 */
async function define(d) {
  const { host } = d;
  const letter = ui.letter.value.trim().toUpperCase();
  const atoms = ui.atoms.value.trim();
  if (d.asking) return;
  d.asking = true;
  ui.define.disabled = true;
  const pieces = { ...host.custom(), [letter]: atoms };
  const answer = await postJson(host.url, { board: formatBoard(3, {}), turn: "w", pieces });
  d.asking = false;
  ui.define.disabled = false;
  if (!answer.ok) {
    d.error = answer.message;
    d.note = "";
    return renderDesigner(d);
  }
  const custom = answer.data.custom_pieces;
  d.error = "";
  d.note = t("%(letter)s moves %(atoms)s.", { letter, atoms: custom[letter] });
  ui.atoms.value = custom[letter];
  host.define(custom, withName(host.names(), letter, ui.name.value.trim()));
}

/**
 * @param {Designer} d
 * @param {boolean} [playing]
 */
function renderDesigner(d, playing = false) {
  ui.card.hidden = playing;
  ui.error.hidden = !d.error;
  ui.error.textContent = d.error;
  ui.atoms.setAttribute("aria-invalid", String(Boolean(d.error)));
  ui.state.textContent = d.note;
  const picked = pickedAtoms(ui.atoms.value, COMMON_ATOMS);
  for (const button of Array.from(ui.picker.querySelectorAll("button"))) {
    button.setAttribute("aria-pressed", String(picked.includes(button.dataset.atom || "")));
  }
  const custom = d.host.custom();
  const names = d.host.names();
  const letters = Object.keys(custom);
  if (ui.list.dataset.shown !== JSON.stringify([custom, names])) {
    ui.list.dataset.shown = JSON.stringify([custom, names]);
    ui.list.replaceChildren(...letters.map((letter) => item(d, letter, custom[letter], names[letter] || "")));
  }
}

/**
 * A defined piece in the list: its glyph, its atoms and name, Edit and Remove.
 * @param {Designer} d
 */
function item(d, letter, atoms, name) {
  const li = document.createElement("li");
  li.dataset.letter = letter;
  const glyph = document.createElement("span");
  glyph.className = "designer-glyph";
  glyph.innerHTML = pieceSvg(`w${letter}`);
  const text = document.createElement("span");
  text.textContent = `${letter} = ${atoms}${name ? ` (${name})` : ""}`;
  const edit = document.createElement("button");
  edit.type = "button";
  edit.textContent = t("Edit");
  edit.addEventListener("click", () => {
    ui.letter.value = letter;
    ui.atoms.value = atoms;
    ui.name.value = name;
    renderDesigner(d);
  });
  const forget = document.createElement("button");
  forget.type = "button";
  forget.textContent = t("Remove");
  forget.setAttribute("aria-label", t("Remove the piece %(letter)s", { letter }));
  forget.addEventListener("click", () => d.host.forget(letter));
  li.append(glyph, text, edit, forget);
  return li;
}
