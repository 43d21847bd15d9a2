// @ts-check
// The site's menu on a phone: folded behind a Menu button in the header, opened and closed by it
// (and closed by Escape), so that a page starts near the top of the screen. Wider screens show the
// links in a row and never the button (site.css); without scripts a phone shows them wrapped.
// The header's language picker follows the page's address (language_links.js).

import { followAddress } from "./language_links.js";

/** @param {HTMLElement | null} header  the page's .site-header */
export function foldMenu(header) {
  const button = header?.querySelector(".site-menu-button");
  if (!header || !(button instanceof HTMLButtonElement)) return;
  const set = (open) => {
    header.dataset.menu = open ? "open" : "closed";
    button.setAttribute("aria-expanded", String(open));
  };
  set(false);
  button.hidden = false;
  button.addEventListener("click", () => set(header.dataset.menu !== "open"));
  header.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || header.dataset.menu !== "open") return;
    set(false);
    button.focus();
  });
}

foldMenu(document.querySelector(".site-header"));
followAddress(document.querySelector(".site-header .site-language"));
