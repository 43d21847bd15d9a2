// @ts-check
// The 3D endgames page's words for a table that is not on this server: what its build costs, and
// where its verified figures come from. No DOM.

/**
 * @typedef {{entries: number, memory_bytes: number, cpu_seconds: number, file_bytes: number, measured: boolean,
 *   basis: string}} BuildCost
 * @typedef {{material: string, n: number, state: string, stage?: string, fraction?: number, reason?: string,
 *   cost?: BuildCost, buildable?: boolean}} TableState
 */

/** "1.6 GB", "254 MB". @param {number} count */
export const bytes = (count) => (count >= 1e9 ? `${(count / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(count / 1e6))} MB`);

/** "3 s", "4 min", "1.5 h". @param {number} seconds */
export const duration = (seconds) => (seconds < 90 ? `${Math.max(1, Math.round(seconds))} s`
  : seconds < 5400 ? `${Math.round(seconds / 60)} min` : `${(seconds / 3600).toFixed(1)} h`);

/**
 * What building a table costs, in words ("" when the server did not say).
 * @param {TableState} table
 */
export function costText(table) {
  const cost = table.cost;
  if (!cost) return "";
  const how = cost.measured ? "measured" : cost.basis;
  return `Building it takes about ${bytes(cost.memory_bytes)} of memory and ${duration(cost.cpu_seconds)} of CPU, ` +
    `and its file ${bytes(cost.file_bytes)} of disk (${how}).`;
}

/**
 * Where a verified result comes from while its table is not here, and what building it takes.
 * @param {TableState} table
 */
export function sourceText(table) {
  const size = `${table.n}×${table.n}×${table.n}`;
  const head = `A verified result from this project's results file: this server has not built the ${table.material} ` +
    `table on ${size}.`;
  if (table.state === "building" || table.state === "queued") {
    return `${head} It is being built now${table.stage ? ` (${table.stage})` : ""}: you can play it when it is ready.`;
  }
  if (table.state === "failed") return `${head} Its build failed: ${table.reason}.`;
  if (!table.buildable) {
    return `${head} ${costText(table)} This server does not build tables this large on request; with the file in ` +
      `its folder (python -m tablebase build ${table.material} --n ${table.n}) it plays them.`;
  }
  return `${head} ${costText(table)}`;
}
