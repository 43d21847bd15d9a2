// @ts-check
// The pages' element lookups, typed: a lookup says what kind of element it expects (an
// HTMLElement unless told), and an element missing from the template fails at once with its
// name, not later as a null.

/**
 * @overload
 * @param {string} id
 * @returns {HTMLElement}
 */
/**
 * @template {Element} T
 * @overload
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
/**
 * The element of an id.
 * @param {string} id
 * @param {new (...args: any[]) => Element} [type]
 * @returns {Element}
 */
export function byId(id, type = HTMLElement) {
  return expect(document.getElementById(id), `#${id}`, type);
}

/**
 * @overload
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement}
 */
/**
 * @template {Element} T
 * @overload
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
/**
 * The first element under ``root`` matching ``selector``.
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => Element} [type]
 * @returns {Element}
 */
export function within(root, selector, type = HTMLElement) {
  return expect(root.querySelector(selector), selector, type);
}

/**
 * The element under ``root`` matching ``selector`` if the template has it (some parts are drawn
 * for some pages only), else null.
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => T} type
 * @returns {T | null}
 */
export function optionalWithin(root, selector, type) {
  const found = root.querySelector(selector);
  return found instanceof type ? found : null;
}

/**
 * @overload
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement[]}
 */
/**
 * @template {Element} T
 * @overload
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => T} type
 * @returns {T[]}
 */
/**
 * Every element of the kind under ``root`` matching ``selector``.
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => Element} [type]
 * @returns {Element[]}
 */
export function allWithin(root, selector, type = HTMLElement) {
  return Array.from(root.querySelectorAll(selector)).filter((el) => el instanceof type);
}

/**
 * @param {Element | null} found
 * @param {string} name
 * @param {new (...args: any[]) => Element} type
 * @returns {Element}
 */
function expect(found, name, type) {
  if (!(found instanceof type)) throw new Error(`The page has no ${type.name} ${name}`);
  return found;
}
