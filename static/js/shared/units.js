// @ts-check
// Sizes and durations in words ("1.6 GB", "4 min") with the server's one table of units
// (tablebase/core/units.py ``UNITS``), which the page writes into its data (``data-units``) and
// hands over with ``useUnits``: no threshold is restated here. No DOM.

import { grouped, t } from "./i18n.js";

/** @typedef {{from: number, per: number, places: number, least: number, unit: string}} Unit */
/** @typedef {Object<string, Unit[]>} Units */

/** @type {Units} */
let active = {};

/** Use this table of units (the page's ``data-units``; the tests' own). @param {Units} units */
export function useUnits(units) {
  active = units;
}

/**
 * ``value`` (of ``kind``: "bytes", "seconds") in the unit the table picks for it, in the page's
 * language: the first unit whose ``from`` the value reaches, at least its ``least``.
 * @param {number} value
 * @param {string} kind
 */
export function inUnits(value, kind) {
  const unit = (active[kind] || []).find((each) => value >= each.from);
  if (!unit) throw new Error(`no unit of ${kind} for ${value}: the page gave no table of units`);
  const scale = 10 ** unit.places;
  const amount = Math.max(unit.least, Math.round((value / unit.per) * scale) / scale);
  return t(unit.unit, { num: grouped(amount, unit.places) });
}
