// @ts-check
// The 3D endgames page's "Can it mate?": a piece by its atoms (a preset or typed) and a size open
// that table's detail (built here on request within the server's limits, or the server's word on
// building it with the command line); and the published claims, each beside what our table says.
// The server reads every material; the page only writes the piece between the kings, K(atoms)K.

import { getJson } from "../shared/api.js";
import { within } from "../shared/dom.js";
import { t } from "../shared/i18n.js";
import { judgeClaim } from "./endgames_claims.js";

const RETRY_MS = 2000;

/**
 * @param {HTMLElement} section  #eg-canmate
 * @param {{endpoint: string, onAsk: (choice: {material: string, n: number},
 *   answer: import("../shared/types.js").ApiResult) => void}} host
 *   endpoint: GET /api/3d/endgames; onAsk opens a table's detail with the server's first answer
 */
export function createCanMate(section, { endpoint, onAsk }) {
  const preset = within(section, "#eg-canmate-preset", HTMLSelectElement);
  const atoms = within(section, "#eg-canmate-atoms", HTMLInputElement);
  const material = within(section, "#eg-canmate-material", HTMLInputElement);
  const size = within(section, "#eg-canmate-n", HTMLSelectElement);
  const form = within(section, "#eg-canmate-form", HTMLFormElement);
  const note = within(section, "#eg-canmate-note");
  let asked = 0;

  preset.addEventListener("change", () => {
    if (!preset.value) return atoms.focus();
    atoms.value = preset.value;
    material.value = `K(${atoms.value.trim()})K`;
  });
  atoms.addEventListener("input", () => {
    preset.value = [...preset.options].some((option) => option.value === atoms.value.trim()) ? atoms.value.trim() : "";
    material.value = `K(${atoms.value.trim()})K`;
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const choice = { material: material.value.trim(), n: Number(size.value) };
    const mine = ++asked;
    const answer = await getJson(endpoint, choice);
    if (mine !== asked) return;
    // A material the server cannot read (a bad atom, men out of order) is no table: its fault, in the
    // server's words, is said beside the form. Any other answer is the table's, shown in its detail.
    const refused = !answer.ok && answer.status === 400;
    note.textContent = refused ? answer.message : "";
    note.classList.toggle("eg-error", refused);
    for (const field of [atoms, material]) field.setAttribute("aria-invalid", String(refused));
    if (!refused) onAsk(choice, answer);
  });

  for (const item of Array.from(section.querySelectorAll("#eg-claims li"))) {
    if (item instanceof HTMLElement) claim(item);
  }

  /** Fills one claim's "ours" from the table's summary (a build in progress: asked again). */
  async function claim(item) {
    const ours = within(item, "[data-part=ours]");
    const open = within(item, "[data-part=open]", HTMLButtonElement);
    const choice = { material: item.dataset.material || "", n: Number(item.dataset.n) };
    const asked = item.dataset.claim === "mates-in"
      ? { kind: /** @type {"mates-in"} */ ("mates-in"), moves: Number(item.dataset.moves) }
      : { kind: /** @type {"no-forced-mate"} */ ("no-forced-mate") };
    const answer = await getJson(endpoint, choice);
    open.onclick = () => onAsk(choice, answer); // shown once the answer holds the table's figures
    if (answer.ok) {
      const figures = answer.data.endgames[0];
      const judged = judgeClaim(asked, figures);
      item.dataset.verdict = judged.verdict;
      ours.textContent = judged.text;
      open.hidden = false;
      return;
    }
    item.dataset.verdict = "pending";
    if ("pending" in answer && answer.pending) {
      ours.textContent = t("Pending: its table is being built on this server.");
      window.setTimeout(() => claim(item), RETRY_MS);
      return;
    }
    // The server's refusal is in English (the API's words): the page says it in its own, with the command.
    const command = document.createElement("code");
    command.textContent = `python -m tablebase build ${choice.material} --n ${choice.n}`;
    ours.replaceChildren(t("This server has not built this table; the command line does:"), " ", command);
  }
}
