// @ts-check
// What the server wrote into a page's root element: data attributes holding JSON (URLs, the
// position asked for, limits), so no script carries a copy of a server fact.

/**
 * {name: parsed JSON} for each named data attribute of ``root`` (missing ones are null).
 * @param {HTMLElement} root
 * @param {...string} names
 * @returns {Object<string, any>}
 */
export function readPageData(root, ...names) {
  const found = {};
  for (const name of names) found[name] = root.dataset[name] === undefined ? null : JSON.parse(root.dataset[name]);
  return found;
}
