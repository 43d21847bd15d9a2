// @ts-check
// The language picker's links follow the page: each is this page's address as it is now (the
// position, the lesson, the view the page keeps in its address) in another language, not the
// address the page opened with, which the server wrote into them. One mechanism for every page:
// each page keeps its address in step with what it shows (history.replaceState), and the links are
// rewritten from it whenever the address changes (the Navigation API, where the browser has it)
// and whenever the picker is about to be used (opened, pointed at, focused).

/**
 * ``address`` (a path and query, as location gives them) in the language ``lang``: its ``lang``
 * parameter replaced, every other parameter kept as the page wrote it.
 * @param {string} lang
 * @param {{pathname: string, search: string, hash?: string}} address
 */
export function addressIn(lang, address) {
  const kept = address.search.replace(/^\?/, "").split("&").filter((part) => part && !/^lang(=|$)/.test(part));
  return `${address.pathname}?${[...kept, `lang=${encodeURIComponent(lang)}`].join("&")}${address.hash || ""}`;
}

/** @param {Element | null} picker  the header's language picker (.site-language) */
export function followAddress(picker) {
  if (!picker) return;
  const links = Array.from(picker.querySelectorAll("a[hreflang]"), (a) => /** @type {HTMLAnchorElement} */ (a));
  const update = () => {
    for (const link of links) link.setAttribute("href", addressIn(link.hreflang, window.location));
  };
  update();
  /** @type {any} */ (window).navigation?.addEventListener("currententrychange", update);
  window.addEventListener("popstate", update);
  picker.addEventListener("toggle", update);
  for (const type of ["pointerdown", "focusin", "mouseover", "touchstart"]) picker.addEventListener(type, update, { capture: true, passive: true });
}
