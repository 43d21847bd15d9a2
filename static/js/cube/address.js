// @ts-check
// The lab's address, without the DOM: the position (the server's URL form of the board and the side
// to move), the view (flat, perspective or 3D; levels, ranks or files; one layer or all; the 3D
// camera), a game (its start, its moves in the record's URL form, the step shown) and the pieces the
// user defined (their atoms as the server wrote them, their names). A link opens the page as it was.

const VIEWS = ["layers", "stack", "space"];
const AXES = ["z", "y", "x"];

/**
 * What the address asks for; the board and the turn are the server's to read (the page's data).
 * @param {string} search  location.search
 * @returns {{view: "layers" | "stack" | "space" | null, axis: "z" | "y" | "x", layer: number | "all" | null,
 *   camera: string | null, moves: string | null, ply: number | null, names: Object<string, string>}}
 */
export function readAddress(search) {
  const query = new URLSearchParams(search);
  const view = query.get("view");
  const axis = query.get("axis");
  const layer = query.get("layer");
  const ply = query.get("ply");
  return {
    view: VIEWS.includes(view ?? "") ? /** @type {"layers" | "stack" | "space"} */ (view) : null,
    axis: AXES.includes(axis ?? "") ? /** @type {"z" | "y" | "x"} */ (axis) : "z",
    layer: layer === "all" ? "all" : /^\d+$/.test(layer ?? "") ? Number(layer) : null,
    camera: query.get("cam"),
    moves: query.get("moves"),
    ply: /^\d+$/.test(ply ?? "") ? Number(ply) : null,
    names: readNames(query.get("names") ?? ""),
  };
}

/**
 * The query for the page as it is: ``board`` (a URL form) and ``turn`` are the position's, or a
 * game's start; ``moves`` its moves (then ``ply`` the step shown, when not the last).
 * @param {{board: string, turn: "w" | "b", view: string, axis: string, only: number | null,
 *   oneLayerFirst: boolean, camera: string | null, moves: string | null, ply: number, plies: number,
 *   custom?: Object<string, string>, names?: Object<string, string>}} page  ``custom``: the defined
 *   pieces' atoms by letter, as the server wrote them ("011*"); ``names``: the names given them
 */
export function writeAddress(page) {
  const parts = [`board=${page.board}`];
  const letters = Object.keys(page.custom || {});
  if (letters.length) {
    // "*", "," and "=" stay as they are: the server's canonical text has no other characters.
    parts.push(`pieces=${letters.map((letter) => `${letter}=${page.custom?.[letter]}`).join(";")}`);
    const named = letters.filter((letter) => page.names?.[letter]);
    if (named.length) {
      parts.push(`names=${named.map((letter) => `${letter}=${encodeURIComponent(page.names?.[letter] ?? "")}`).join(";")}`);
    }
  }
  if (page.turn === "b") parts.push("turn=b");
  if (page.moves !== null) {
    parts.push(`moves=${encodeURIComponent(page.moves).replace(/%2C/g, ",").replace(/%28/g, "(").replace(/%29/g, ")")}`);
    if (page.ply < page.plies) parts.push(`ply=${page.ply}`);
  }
  if (page.view !== "layers") parts.push(`view=${page.view}`);
  if (page.axis !== "z") parts.push(`axis=${page.axis}`);
  // A phone shows one layer at first, a desk all of them: the address says when it is otherwise.
  if (page.only !== null) parts.push(`layer=${page.only}`);
  else if (page.oneLayerFirst) parts.push("layer=all");
  if (page.view === "space" && page.camera) parts.push(`cam=${page.camera}`);
  return `?${parts.join("&")}`;
}

/** "U=Unicorn;A=Archbishop" (as the query gave it, decoded) -> {U: "Unicorn", A: "Archbishop"}. */
function readNames(text) {
  const names = {};
  for (const part of text.split(";")) {
    const at = part.indexOf("=");
    if (at === 1 && /^[A-Z]$/.test(part[0])) names[part[0]] = part.slice(2);
  }
  return names;
}
