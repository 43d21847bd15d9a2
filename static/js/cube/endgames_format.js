// @ts-check
// The 3D endgames page's words for a table that is not on this server: what its build costs, and
// where its verified figures come from. No DOM.

import { t } from "../shared/i18n.js";
import { inUnits } from "../shared/units.js";

/**
 * @typedef {{entries: number, memory_bytes: number, cpu_seconds: number, file_bytes: number, measured: boolean,
 *   basis: string}} BuildCost
 * @typedef {{material: string, n: number, state: string, stage?: string, fraction?: number, reason?: string,
 *   cost?: BuildCost, buildable?: boolean}} TableState
 */

/** "1.6 GB", "254 MB" (shared/units.js: the server's table of units). @param {number} count */
export const bytes = (count) => inUnits(count, "bytes");

/** "3 s", "4 min", "1.5 h". @param {number} seconds */
export const duration = (seconds) => inUnits(seconds, "seconds");

/**
 * What building a table costs, in words ("" when the server did not say).
 * @param {TableState} table
 */
export function costText(table) {
  const cost = table.cost;
  if (!cost) return "";
  const how = cost.measured ? t("measured") : cost.basis;
  return t("Building it takes about %(memory)s of memory and %(time)s of CPU, and its file %(file)s of disk (%(how)s).",
           { memory: bytes(cost.memory_bytes), time: duration(cost.cpu_seconds), file: bytes(cost.file_bytes), how });
}

/**
 * Where a verified result comes from while its table is not here, and what building it takes.
 * @param {TableState} table
 */
export function sourceText(table) {
  const size = `${table.n}×${table.n}×${table.n}`;
  const head = t("A verified result from this project's results file: this server has not built the %(material)s table on %(size)s.",
                 { material: table.material, size });
  if (table.state === "building" || table.state === "queued") {
    const now = table.stage ? t("It is being built now (%(stage)s): you can play it when it is ready.", { stage: table.stage })
      : t("It is being built now: you can play it when it is ready.");
    return [head, now].join(" ");
  }
  if (table.state === "failed") return [head, t("Its build failed: %(why)s.", { why: table.reason })].join(" ");
  if (!table.buildable) {
    const command = `python -m tablebase build ${table.material} --n ${table.n}`;
    return [head, costText(table), t("This server does not build tables this large on request; with the file in its folder (%(command)s) it plays them.",
      { command })].join(" ");
  }
  return `${head} ${costText(table)}`;
}
