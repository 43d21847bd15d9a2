// @ts-check
// The board component's shapes (board.js): its options, callbacks, render state and methods.
// Types only, no code; modelled on chessground's types.ts and config.ts.

/**
 * A board key: "e4" on one layer (a..p files, rank 1 at the bottom), "x,y,z" on a stack of layers
 * (SPEC's cube: x column left to right, y row with 0 = the back row, z layer with 0 = the top board).
 * @typedef {string} Key
 */

/** @typedef {string} PieceCode  colour then kind: "wK", "bN" (kinds K Q R B N P) */

/** @typedef {"green" | "blue" | "red" | "yellow"} Brush */

/** @typedef {{from: Key, to: Key, brush?: Brush | string}} Arrow */

/**
 * Spare pieces to drag or click onto the board, drawn into ``element`` (default: below the board).
 * @typedef {{kinds?: string, colors?: string, element?: HTMLElement}} Palette
 */

/** @typedef {string | string[]} Marks  "checker" | "pinned" | "attacked" | "good" | "bad", or several */

/** @typedef {number | string | {text?: string | number, dtm?: number, tone?: string}} Badge */

/**
 * What a board draws; every field may be given as an option or in a render state (which wins).
 * @typedef {Object} BoardConfig
 * @property {number} [layers]  1 (default): a 2D board; more: a stack of n×n layers
 * @property {number} [files]  8 by default
 * @property {number} [ranks]  8 by default
 * @property {"square" | "cube" | null} [keys]  the key style (default: by layers)
 * @property {"layers" | "stack" | "space"} [view]  (3D) layers side by side, stacked in perspective,
 *   or planes in one 3D space the user turns (drag empty space, Shift+arrows)
 * @property {"z" | "y" | "x"} [axis]  (3D) the layers are levels, ranks or files of the cube
 * @property {number | null} [only]  (3D) show that layer alone (the 3D view dims the others)
 * @property {boolean} [rays]  in the 3D view, draw the selected piece's moves as lines through space
 * @property {"white" | "black"} [orientation]  "black" turns every layer by 180 degrees
 * @property {boolean} [coordinates]  file letters and rank numbers on the edge, Roman layer labels
 * @property {boolean} [movable]  pieces can be picked up (click or drag); true by default
 * @property {"w" | "b" | null} [movableColor]  only pieces of this colour can be picked up (null: both)
 * @property {boolean} [freeMoves]  any target square goes to onMove, not only dests (editors)
 * @property {boolean} [editable]  dragging a piece off the board calls onRemove
 * @property {Palette | null} [palette]
 * @property {string} [label]  the accessible name ("Chess board")
 */

/**
 * What the user did; each is optional. Without onSelect / onSpareSelect the board keeps
 * ``selected`` / ``spare`` itself.
 * @typedef {Object} BoardCallbacks
 * @property {(key: Key, at: {piece: PieceCode | null, selected: Key | null, spare: PieceCode | null}) => boolean | void} [onSquareClick]
 *   a click or Enter on a square: return true to consume it
 * @property {(key: Key | null) => void} [onSelect]  a piece was picked (or the selection dropped)
 * @property {(from: Key, to: Key, piece: PieceCode) => void} [onMove]  drag-drop, click-click or
 *   keyboard; the page decides
 * @property {(from: Key, to: Key, piece: PieceCode) => void} [onRefused]  a piece dropped on a
 *   square that is not one of its dests
 * @property {(piece: PieceCode, key: Key) => void} [onDropNew]  a palette piece dropped (or clicked) onto a square
 * @property {(key: Key, piece: PieceCode) => void} [onRemove]  a piece dragged off the board (editable only)
 * @property {(piece: PieceCode | null) => void} [onSpareSelect]  a palette piece armed for click placement (or disarmed)
 * @property {(layer: number) => void} [onLayer]  with ``only`` set: a swipe or PageUp/PageDown asks for that layer
 * @property {(camera: Camera) => void} [onCamera]  the 3D view's camera is another one (turned, zoomed, a preset)
 */

/** @typedef {{spin: number, tilt: number, zoom: number}} Camera  the 3D view's: tilt 0 = from straight above */

/** @typedef {BoardConfig & BoardCallbacks} BoardOptions */

/**
 * What the page shows now, given to render() after every change (all optional).
 * @typedef {Object} BoardDrawn
 * @property {Object<Key, PieceCode> | Map<Key, PieceCode>} [pieces]
 * @property {Key | null} [selected]
 * @property {Key[] | null} [dests]  the selected piece's targets (null: unknown, any drop is offered)
 * @property {Key[] | null} [lastMove]  [from, to]
 * @property {Key | Key[] | null} [check]  red glow
 * @property {PieceCode | null} [spare]  the armed palette piece
 * @property {Object<Key, Marks> | null} [marks]
 * @property {Object<Key, number | string> | null} [heat]  0..1 (green..red) or a CSS colour
 * @property {Object<Key, Badge> | null} [badges]
 * @property {Arrow[]} [arrows]
 */

/** @typedef {BoardConfig & BoardDrawn} BoardState */

/**
 * The board's methods.
 * @typedef {Object} Board
 * @property {(state?: BoardState) => void} render
 * @property {(text: string) => void} announce  says ``text`` in the board's live region
 * @property {() => void} focus
 * @property {(key: Key) => HTMLElement | null} squareElement
 * @property {(key: Key) => string} label  the square's name, e.g. "c2(I)" on a cube
 * @property {() => Key[]} keys  every key
 * @property {(layer: number) => string} layerName
 * @property {(key: Key) => number | null} layerOf
 * @property {(dSpin: number, dTilt: number) => void} orbit  turns the 3D view (dTilt < 0: the eye higher),
 *   within bounds where every layer still faces the viewer
 * @property {(factor: number) => void} zoomBy
 * @property {() => void} resetView
 * @property {(name: "above" | "front" | "side" | "corner") => void} preset  a preset view, as near as the bounds allow
 * @property {(camera: Camera, axis: string) => boolean} setCamera  a camera for the slicing axis (false: out of bounds)
 * @property {{spin: number, tilt: number, zoom: number}} camera
 * @property {HTMLElement} element
 * @property {() => void} destroy
 */

export {};
