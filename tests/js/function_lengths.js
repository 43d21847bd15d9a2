// The pages' functions longer than the developers' guide allows (80 lines): every function,
// method and arrow function in static/js, counted from its first line to its last, the functions
// it holds included (a factory of closures counts whole). Read by acorn, the parser the npm lock
// pins; tests/test_function_lengths.py runs it and fails on any.
//
//   node tests/js/function_lengths.js [MAX_LINES] [FOLDER]   prints one JSON list of
//   {file, line, name, lines} (folders default to static/js, MAX_LINES to 80)

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { parse } from "acorn";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Every .js file under ``folder``, sorted. */
export function scripts(folder) {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? scripts(path) : entry.name.endsWith(".js") ? [path] : [];
    });
}

/** The name a function is known by: its own, else the variable, property or method it is held in. */
function nameOf(node, parent) {
  if (node.id) return node.id.name;
  const key = parent?.type === "VariableDeclarator" ? parent.id : parent?.key;
  return key?.name ?? key?.value ?? "(anonymous)";
}

/**
 * The functions of one script's ``source`` over ``max`` lines: {line, name, lines}, outer first.
 * @param {string} source
 * @param {number} max
 */
export function longFunctions(source, max) {
  const tree = parse(source, { ecmaVersion: "latest", sourceType: "module", locations: true });
  const found = [];
  const visit = (node, parent) => {
    if (/Function/.test(node.type)) {
      const first = (parent?.type === "Property" || parent?.type === "MethodDefinition" ? parent : node).loc.start.line;
      const lines = node.loc.end.line - first + 1;
      if (lines > max) found.push({ line: first, name: nameOf(node, parent), lines });
    }
    for (const [field, value] of Object.entries(node)) {
      if (field === "loc") continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child.type === "string") visit(child, node);
      }
    }
  };
  visit(tree, null);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const max = Number(process.argv[2] ?? 80);
  const folder = join(ROOT, process.argv[3] ?? "static/js");
  const found = scripts(folder).flatMap((path) =>
    longFunctions(readFileSync(path, "utf8"), max).map((item) => ({ file: relative(ROOT, path), ...item })));
  process.stdout.write(JSON.stringify(found) + "\n");
}
