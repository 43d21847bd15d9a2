// @ts-check
// Chess piece drawings as inline SVG markup, drawn for this site (viewBox 0 0 100 100).
// A piece code is colour + kind: "wK", "bN", ... (kinds K Q R B N P; any other capital letter is a
// piece the user defined, drawn as its letter in a circle and named as the user named it).

import { N_, t } from "../shared/i18n.js";

export const KIND_NAMES = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
export const COLOR_NAMES = { w: "white", b: "black" };

const BASE = '<rect x="20" y="78" width="60" height="11" rx="4"/>';

// Body outlines share the colour's fill and stroke; "detail" strokes are drawn in the contrast colour.
const SHAPES = {
  P: {
    body: `${BASE}
      <path d="M34 78 C34 62 41 54 45 46 H55 C59 54 66 62 66 78 Z"/>
      <rect x="38" y="41" width="24" height="7" rx="3.5"/>
      <circle cx="50" cy="29" r="12.5"/>`,
    detail: "",
  },
  R: {
    body: `${BASE}
      <rect x="26" y="70" width="48" height="9" rx="2"/>
      <path d="M32 70 L35 39 H65 L68 70 Z"/>
      <path d="M28 39 V19 H37 V26 H45 V19 H55 V26 H63 V19 H72 V39 Z"/>`,
    detail: '<path d="M36 46 H64 M34 63 H66" fill="none"/>',
  },
  B: {
    body: `${BASE}
      <path d="M36 78 C40 71 42 67 42 63 H58 C58 67 60 71 64 78 Z"/>
      <rect x="35" y="57" width="30" height="7" rx="3.5"/>
      <path d="M50 16 C37 27 32 40 36 50 C38.5 55 44 58 50 58 C56 58 61.5 55 64 50 C68 40 63 27 50 16 Z"/>
      <circle cx="50" cy="12" r="5"/>`,
    detail: '<path d="M57 29 L46 41" fill="none"/>',
  },
  N: {
    body: `${BASE}
      <path d="M34 78 C33 66 39 57 48 51 C42 50 37 52 31 56 C25 59 19 56 19 50 C19 43 29 36 35 30
               C39 24 44 19 49 17 L52 9 L58 16 C71 19 79 31 79 48 C79 60 75 70 73 78 Z"/>`,
    detail: `<circle cx="43" cy="30" r="2.6" stroke="none" class="fill-detail"/>
      <path d="M25 50 L27 49 M62 26 C70 34 72 46 70 62" fill="none"/>`,
  },
  Q: {
    body: `${BASE}
      <path d="M26 72 L17 33 L34 52 L33 25 L44 50 L50 21 L56 50 L67 25 L66 52 L83 33 L74 72 Z"/>
      <rect x="24" y="66" width="52" height="8" rx="3"/>
      <circle cx="17" cy="31" r="5"/><circle cx="33" cy="23" r="5"/><circle cx="50" cy="18" r="5"/>
      <circle cx="67" cy="23" r="5"/><circle cx="83" cy="31" r="5"/>`,
    detail: "",
  },
  K: {
    body: `${BASE}
      <path d="M27 74 C17 57 21 40 34 40 C42 40 47 46 50 53 C53 46 58 40 66 40 C79 40 83 57 73 74 Z"/>
      <path d="M50 31 C44 37 43 45 50 53 C57 45 56 37 50 31 Z"/>
      <rect x="25" y="67" width="50" height="8" rx="3"/>
      <path d="M47 8 H53 V14 H59 V20 H53 V29 H47 V20 H41 V14 H47 Z"/>`,
    detail: '<path d="M32 60 C42 56 58 56 68 60" fill="none"/>',
  },
};

const PALETTES = {
  w: { fill: "#fbfaf7", stroke: "#1b1b1b", detail: "#1b1b1b" },
  b: { fill: "#2c2b29", stroke: "#0b0b0a", detail: "#ecebe6" },
};

const cache = new Map();

/** @type {Object<string, string>} the names users gave their own pieces, by letter */
let customNames = {};

/** The names of the user's own pieces, {"U": "Raumschach bishop"} (an empty name: "piece U"). */
export function setCustomNames(names) {
  customNames = { ...names };
}

/** True for a code like "wK": colour w/b then an uppercase letter (a standard kind or a defined one). */
export function isPieceCode(code) {
  return typeof code === "string" && code.length === 2 && code[0] in PALETTES && /^[A-Z]$/.test(code[1]);
}

/** "white knight" for "wN", in the page's language; "white unicorn" for a piece the user named. */
export function pieceName(code) {
  if (!isPieceCode(code)) return "";
  if (code in PIECE_NAMES) return t(PIECE_NAMES[code]);
  const name = customNames[code[1]] || t("piece %(letter)s", { letter: code[1] });
  return code[0] === "w" ? t("white %(piece)s", { piece: name }) : t("black %(piece)s", { piece: name });
}

const PIECE_NAMES = {
  wK: N_("white king"), wQ: N_("white queen"), wR: N_("white rook"), wB: N_("white bishop"), wN: N_("white knight"), wP: N_("white pawn"),
  bK: N_("black king"), bQ: N_("black queen"), bR: N_("black rook"), bB: N_("black bishop"), bN: N_("black knight"), bP: N_("black pawn"),
};

/** The SVG markup of one piece; decorative (aria-hidden), the caller labels it. */
export function pieceSvg(code) {
  if (!isPieceCode(code)) return "";
  let svg = cache.get(code);
  if (!svg) {
    const shape = SHAPES[code[1]] || letterShape(code[1]);
    const colors = PALETTES[code[0]];
    svg =
      `<svg class="piece-svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">` +
      `<g fill="${colors.fill}" stroke="${colors.stroke}" stroke-width="3" stroke-linejoin="round">${shape.body}</g>` +
      `<g stroke="${colors.detail}" fill="${colors.detail}" stroke-width="3" stroke-linecap="round">${shape.detail}</g>` +
      `</svg>`;
    cache.set(code, svg);
  }
  return svg;
}

/** A kind with no drawing of its own: its letter in a circle (the letter is in the detail colour). */
function letterShape(letter) {
  return {
    body: `${BASE}<circle cx="50" cy="45" r="30"/>`,
    detail: `<text x="50" y="57" text-anchor="middle" font-size="34" font-family="sans-serif" font-weight="700"
      stroke="none" class="fill-detail">${letter}</text>`,
  };
}
