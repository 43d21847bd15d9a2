// @ts-check
// The list of endings (/mates): the learner's stars on the learning path (/mates/learn), read from
// the progress the lessons page keeps in the browser, shown beside each ending of the path.

import { allWithin, byId } from "../shared/dom.js";
import { t } from "../shared/i18n.js";
import { readPageData } from "../shared/page-data.js";
import { createProgress, MAX_STARS } from "./learn_progress.js";
import "../shared/site_menu.js"; // the site's menu, folded on a phone

const list = byId("mates-list");
const { path, progressKey, lessons } = readPageData(list, "path", "progressKey", "lessons");
const progress = createProgress(window.localStorage, progressKey, { lessons, page: "path", now: () => Date.now() });

for (const item of allWithin(list, "[data-material]")) {
  const ids = path[item.dataset.material || ""];
  const [line] = allWithin(item, "[data-progress]");
  if (!ids || !line) continue;
  const stars = ids.reduce((sum, id) => sum + progress.lesson(id).stars, 0);
  const most = ids.length * MAX_STARS;
  line.textContent = stars
    ? t("Learning path: %(stars)s of %(most)s stars (%(lessons)s lessons).", { stars, most, lessons: ids.length })
    : t("Learning path: %(lessons)s lessons, not started.", { lessons: ids.length });
  line.dataset.stars = String(stars);
  line.hidden = false;
}
