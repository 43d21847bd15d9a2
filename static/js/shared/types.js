// @ts-check
// The shapes shared by the games against a tablebase (the 2D trainer and lessons, the 3D endgames
// page) and their controller, table_game.js: types only, no code. Modelled on chessground's
// types.ts: one place to read what a game, an entry, a probe answer and a hook are.

/** @typedef {"w" | "b"} Color */

/**
 * A board as a page holds it: pieces by board key ("e4" on 8×8, "x,y,z" on a cube), the side to
 * move, and a 3D board's size ``n``.
 * @typedef {{pieces: Object<string, string>, turn: Color, n?: number}} Position
 */

/**
 * A sentence the server sends as words (tablebase/core/message.py ``as_json``), which
 * shared/i18n.js ``say`` fills in the page's language.
 * @typedef {import("./api_types.js").Words} Words
 */

/**
 * One shape of two: the fields both have, of either's type, and the fields only one has, optional.
 * @template A, B
 * @typedef {{[K in keyof A & keyof B]: A[K] | B[K]} & {[K in Exclude<keyof A, keyof B>]?: A[K]}
 *   & {[K in Exclude<keyof B, keyof A>]?: B[K]}} OneOf
 */

/**
 * One legal move of a probe answer, with the value after it for the side then to move (lichess's
 * conventions): the 2D tables' (named by ``uci`` and ``san``, ``zeroing`` a capture) or the 3D
 * tables' (named by cubes ``from``/``to`` and ``piece``), as /openapi.json describes them
 * (api_types.js and api_types_3d.js, written from the server's schemas).
 * @typedef {OneOf<import("./api_types.js").ProbeMove, import("./api_types_3d.js").Move3D>} ProbeMove
 */

/**
 * The server's answer for one position (/api/tablebase, /api/3d/tablebase): its value for the
 * side to move, how the game stands, and every legal move best first. The fifty-move fields are
 * the 2D server's count (absent on 3D boards, where the rule is not played).
 * @typedef {Omit<OneOf<import("./api_types.js").Probe, import("./api_types_3d.js").Probe3D>, "moves">
 *   & {moves: ProbeMove[]}} ProbeAnswer
 */

/**
 * What an API request resolves to (shared/api.js): never a throw.
 * ``data`` is the server's JSON (its shape is the route's, documented in /openapi.json); a 202 is
 * a table being built (``data``: its state). A refusal's ``message`` is in the page's language
 * when the server sent it as words too (``says``: an input error), else the server's English.
 * @typedef {{ok: true, data: any, pending?: undefined}
 *   | {ok: false, status: number, error: string, message: string, says?: Words, pending?: undefined}
 *   | {ok: false, pending: true, status: 202, data: any, retryAfter: number, message: string, error?: undefined}} ApiResult
 */

/** @typedef {{from: string, to: string}} MoveKeys  a move's squares as board keys */

/**
 * A move played in the game: the probe's move, who played it, its name in the page's notation
 * and its squares on the board.
 * @typedef {ProbeMove & {by: "user" | "computer", name: string, keys: MoveKeys}} PlayedMove
 */

/**
 * How good a move was (shared/tablebase_play.js): ``kind`` "mate" | "optimal" | "slower" |
 * "lost" | "saved" | "neutral", a title and a sentence.
 * @typedef {{kind: string, title: string, text: string, now?: number, best?: number, by?: number}} Verdict
 */

/**
 * One position of the game. ``probe`` is null until the server has answered; ``move`` is the move
 * that led here (null for the start), ``verdict`` the judgement of a user's move. The 2D pages
 * add their own fields: through ``play`` (each position's ``fen``) and after the fact (the coach's
 * ``coachNote``).
 * @typedef {Object} Entry
 * @property {Position} position
 * @property {ProbeAnswer | null} probe
 * @property {PlayedMove | null} move
 * @property {Verdict | null} verdict
 * @property {string} [fen]  (2D) the position's FEN, with the clocks the server keeps
 * @property {number} [fullmove]  (2D, the first entry) the FEN's move number, as the server read it
 * @property {{kind: string, text: string}} [coachNote]  (2D trainer) the coach's word on the move
 */

/**
 * What a game starts from: the first entry's own fields (its position, and a 2D page's ``fen`` and
 * ``fullmove``).
 * @typedef {Pick<Entry, "position" | "fen" | "fullmove">} FirstEntry
 */

/**
 * The line of a game: ``entries[ply]`` is shown; entries after it are the redo line. ``role``
 * "pieces": the user plays the side with the men against the most stubborn defence; "king": the
 * user defends the lone king against the fastest mate. ``strong`` holds the men, ``user`` is the
 * user's colour.
 * @typedef {Object} Game
 * @property {"pieces" | "king"} role
 * @property {Color} strong
 * @property {Color} user
 * @property {Entry[]} entries
 * @property {number} ply
 */

/**
 * What the controller reports to the page: "start" (a new game), "move" (a move was played, its
 * probe not known yet), "probe" (the shown position's probe arrived), "ply" (another entry is
 * shown: undo, redo, a click in the move list), "select" (the selected square changed), "error"
 * (a probe failed: state.error says why).
 * @typedef {"start" | "move" | "probe" | "ply" | "select" | "error"} ChangeKind
 */

/**
 * The fifty-move rule at an entry, as the server counts it: the strong side's moves ``used`` and
 * ``left``, and ``first``: the rule draws before the table's mate could come.
 * @typedef {{used: number, left: number, first: boolean}} FiftyMoves
 */

/**
 * What the page tells the controller: how to ask the server about an entry, how a move changes
 * the page's position, how to name it and where it stands on the board, and what to do when
 * things happen. Nothing here is a chess rule: legal moves and values are the server's.
 * @typedef {Object} TableGameConfig
 * @property {(entry: Entry) => Promise<ApiResult>} probe  the entry's probe answer
 * @property {(before: Entry, move: ProbeMove) => {position: Position, fen?: string}} play  the next entry's own
 *   fields (at least its position) after a move of ``before``'s probe
 * @property {(move: ProbeMove) => string} name  the move in the page's notation
 * @property {(move: ProbeMove) => MoveKeys} keys  the move's squares as board keys
 * @property {() => number} [pause]  ms before the computer replies; negative: wait for playBest()
 * @property {() => boolean} [waits]  whether the computer replies by itself now (default: always)
 * @property {boolean} [drawEnds]  a drawn position ends the game (nothing left to practise)
 * @property {string} [lost]  ends "After <move> …" when a move throws the win away
 * @property {(kind: ChangeKind) => void} [onChange]  draw the page (and save the URL...)
 * @property {(entry: Entry, game: Game) => void} [onMoved]  a move was played and its position's probe is known
 */

/**
 * The page's state object: the controller owns these fields of it.
 * @typedef {Object} TableGameState
 * @property {Game | null} game
 * @property {string | null} selected  the selected square
 * @property {ProbeMove | null} hint
 * @property {ApiResult | null} error  a failed request of the game
 */

/**
 * The controller's methods (table_game.js). Moves are the shown probe's; each method does nothing
 * when it does not apply (not the user's turn, no game, the game over).
 * @typedef {Object} TableGame
 * @property {(first: FirstEntry, answer: ProbeAnswer, sides?: {role?: "pieces" | "king", strong?: Color}) => void} start
 * @property {() => Entry | null} current  the shown entry
 * @property {(entry?: Entry) => boolean} userToMove
 * @property {(entry?: Entry) => boolean} over
 * @property {() => boolean} canUserMove
 * @property {(move: ProbeMove) => void} userPlays
 * @property {(from: string, to: string) => void} boardMove  a drag or two clicks on the board
 * @property {(key: string | null) => void} select
 * @property {(key: string | null) => string[]} destsOf
 * @property {() => ProbeMove | null} bestMove
 * @property {() => void} playBest  the computer's reply on its turn, else the user's best move
 * @property {(ply: number | null) => void} setPly
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {() => void} restart
 * @property {() => void} scheduleReply
 * @property {() => void} cancelReply
 * @property {(entry?: Entry) => FiftyMoves} fiftyMoves
 * @property {() => {played: number, optimal: number | null, remaining: number | null}} counts
 * @property {() => Entry | null} lastUserEntry
 * @property {Game | null} game
 */

export {};
