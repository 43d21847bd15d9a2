// @ts-check
// The lessons' progress as a file: Export saves every page's record (learn_progress.js's
// exportProgress) as a JSON file; Import reads one back in place of the records it holds; Forget
// clears this page's record. Wired to the buttons of the page's progress panel.

import { exportProgress, importProgress } from "./learn_progress.js";
import { within } from "../shared/dom.js";
import { t } from "../shared/i18n.js";

/**
 * @param {HTMLElement} root  the page, holding [data-action=export], [data-action=reset],
 *   #trainer-import (a file input) and #trainer-progress-message
 * @param {ReturnType<typeof import("./learn_progress.js").createProgress>} progress
 * @param {{progressKey: string, onChange: () => void}} options
 */
export function bindProgressFile(root, progress, { onChange }) {
  const message = within(root, "#trainer-progress-message");
  const input = within(root, "#trainer-import", HTMLInputElement);
  const say = (text, kind) => {
    message.textContent = text;
    message.dataset.kind = kind;
  };

  within(root, '[data-action="export"]').addEventListener("click", () => {
    const now = Date.now();
    const data = exportProgress(window.localStorage, now);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
    link.download = `kbn-lab-progress-${new Date(now).toISOString().slice(0, 10)}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    say(t("Saved as %(file)s.", { file: link.download }), "saved");
  });

  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    const found = importProgress(window.localStorage, await file.text());
    input.value = "";
    if (!found.ok) {
      say(found.message, "refused");
      return;
    }
    progress.reload();
    say(t("Progress restored from %(file)s.", { file: file.name }), "restored");
    onChange();
  });

  within(root, '[data-action="reset"]').addEventListener("click", () => {
    if (!window.confirm(t("Forget every star, review and streak of this page's lessons?"))) return;
    progress.reset();
    say(t("Progress forgotten."), "reset");
    onChange();
  });
}
