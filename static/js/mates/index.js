// @ts-check
// The list of endings (/mates): the learner's stars on the learning path (/mates/learn), read from
// the progress the lessons page keeps in the browser, shown beside each ending of the path.

import { allWithin, byId } from "../shared/dom.js";
import { readPageData } from "../shared/page-data.js";
import { createProgress, MAX_STARS } from "./learn_progress.js";

const list = byId("mates-list");
const { path, progressKey } = readPageData(list, "path", "progressKey");
const progress = createProgress(window.localStorage, progressKey);

for (const item of allWithin(list, "[data-material]")) {
  const numbers = path[item.dataset.material || ""];
  const [line] = allWithin(item, "[data-progress]");
  if (!numbers || !line) continue;
  const stars = numbers.reduce((sum, number) => sum + progress.lesson(number).stars, 0);
  const most = numbers.length * MAX_STARS;
  line.textContent = stars
    ? `Learning path: ${stars} of ${most} stars (${numbers.length} lessons).`
    : `Learning path: ${numbers.length} lessons, not started.`;
  line.dataset.stars = String(stars);
  line.hidden = false;
}
