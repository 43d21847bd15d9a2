// @ts-check
// Typedefs of the API's schemas that only the 3D routes use (webapp/openapi_schemas.py, as /openapi.json shows them),
// written by `python -m webapp.typedefs`: do not edit; write them again after a schema changes.

/** @typedef {import("./api_types.js").TableBuilding} TableBuilding */
/** @typedef {import("./api_types.js").Words} Words */

/**
 * @typedef {Object} TablesBuilding
 * @property {number} n
 * @property {"building"} state
 * @property {TableBuilding[]} tables  the tables of n not built yet
 */

/**
 * an n×n×n board, 2 ≤ n ≤ 10: the board notation '[###,n##,#rr],[...]' (boards top to bottom, each board's rows from Black's side, each row left to right; KQRBN White, kqrbn Black, # or . empty), its URL form '3,n2,1rr/...' (a run of empty cubes as its length), or an array of boards of row strings or of characters. Several kings of one colour: 400 illegal_position
 * @typedef {string | (string | any[])[]} Board3D
 */

/**
 * pieces besides K Q R B N, by letter (upper or lower case alike; on the board upper case White, lower case Black): each its atoms, three digits in ascending order (every permutation and sign implied) and * for a rider, comma-separated: {"U": "011*", "A": "111*,012"}. A bad letter or atom: 400 bad_piece naming it
 * @typedef {Object<string, string>} CustomPieces
 */

/**
 * @typedef {Object} Analysis3D
 * @property {number} n
 * @property {boolean} check
 * @property {boolean} checkmate
 * @property {boolean} stalemate
 * @property {number[][]} checkers  the pieces giving check
 */

/**
 * @typedef {Object} Position3D
 * @property {number} n
 * @property {"w" | "b"} turn
 * @property {string} url  the board's URL form
 * @property {Object<string, string>} pieces  the pieces by cube "x,y,z", colour then kind: {"1,1,0": "wK", ...}
 * @property {CustomPieces} custom_pieces  the custom pieces, each in its canonical text
 * @property {{w: number[] | null, b: number[] | null}} kings
 * @property {boolean} kings_touch  the two kings stand on neighbouring cubes
 * @property {string[]} problems  what keeps the board from being a game position, in words: a king of either colour missing, the kings touching, the side not to move in check; empty when none
 * @property {Words[]} [problems_words]  the problems as messages, for a page to translate
 * @property {boolean} check
 * @property {boolean} checkmate
 * @property {boolean} stalemate
 * @property {number[][]} checkers  the side to move's status (all false and empty when it has no king)
 * @property {{w: number[][], b: number[][]}} attacks
 * @property {{from: number[], to: number[][]}[]} moves  every piece of either colour and its legal destinations
 */

/**
 * @typedef {Object} Move3D
 * @property {number[]} from  [x, y, z]: x the column, left to right; y the row as listed, 0 = Black's side; z the board as listed, 0 = the top board. Its label is like c2(I): file a + x, rank n − y, level n − z in Roman numerals, I being the bottom board
 * @property {number[]} to  [x, y, z]: x the column, left to right; y the row as listed, 0 = Black's side; z the board as listed, 0 = the top board. Its label is like c2(I): file a + x, rank n − y, level n − z in Roman numerals, I being the bottom board
 * @property {string} piece  the piece moved (bK: the lone king)
 * @property {string} notation  the move in the record's notation: the piece, the cube it leaves, - or x (a capture), the cube it reaches, + (check) or # (mate): 'Qc2(I)-c5(IV)+'
 * @property {"win" | "loss" | "draw"} category  category after the move, for the side then to move
 * @property {number | null} dtm  dtm after the move, for the side then to move
 * @property {number | null} mate_in  mate_in after the move, for the side then to move
 * @property {boolean} checkmate  checkmate after the move, for the side then to move
 * @property {boolean} stalemate  stalemate after the move, for the side then to move
 * @property {boolean} insufficient_material  always false: the 3D tables apply no such rule (a material that cannot mate is drawn by its table)
 * @property {boolean} check  the move gives check
 * @property {Object<string, string>} pieces  the pieces after the move
 */

/**
 * @typedef {Object} Probe3D
 * @property {number} n
 * @property {string} material  White's material, like 'KRNK' ('KK' when White has no man)
 * @property {"w" | "b"} turn
 * @property {"win" | "loss" | "draw"} category  for the side to move: the tables are exact, so none of lichess's maybe-, cursed- or blessed- values occurs (the fifty-move rule is reported apart, in the fifty_move fields)
 * @property {number | null} dtm  distance to mate in plies, signed: positive when the side to move mates, negative when it is mated (0: checkmated now); null for draws
 * @property {number | null} mate_in  the same in moves, whichever side mates (0: checkmated now); null for draws
 * @property {boolean} checkmate
 * @property {boolean} stalemate
 * @property {boolean} insufficient_material  always false: the 3D tables apply no such rule (a material that cannot mate is drawn by its table)
 * @property {boolean} check  the side to move is in check
 * @property {Move3D[]} moves  every legal move, best first for the side to move: its wins quickest first, then draws, then its losses slowest first; equal moves in a fixed order
 */

/**
 * @typedef {Probe3D & {board: string, custom_pieces?: CustomPieces}} EndgamePosition
 */

/**
 * @typedef {Object} EndgameSummary
 * @property {string} material
 * @property {number} positions  legal White-to-move positions on the whole board (two like men swapped counted once)
 * @property {number} won  of which White wins
 * @property {number} drawn
 * @property {number | null} longest  the longest mate, in moves; null when nothing is won
 * @property {number[]} histogram  won White-to-move positions mating in 1, 2, ... moves
 * @property {number} checkmates  Black-to-move checkmate positions
 * @property {FaceDistanceCount[] | null} won_by_face_distance  per distance of the lone king to the nearest face (0: on a face), nearest first; null for a table file written before it was recorded
 * @property {string | null} example  a position of one of the longest mates, White to move, in the 3D notation; null when nothing is won
 * @property {string[]} explanation  what the numbers mean, in sentences
 * @property {Words[]} [explanation_words]  the same sentences as messages, for a page to translate
 * @property {"table" | "results"} source  table: read from the table's file on this server; results: the table is not here, its verified figures come from the results file (results/3d.json)
 * @property {boolean} [verified]  source table: the results file holds this table, verified
 * @property {CustomPieces} [custom_pieces]  a material with custom men only: the letter of each on the boards written (U, then V, ...) and its atoms
 * @property {TableState} [table]  source results: the table's state on this server
 */

/**
 * @typedef {Object} BuildCost
 * @property {number} entries  the table's entries (a byte each in its file)
 * @property {number} memory_bytes  the build's peak memory
 * @property {number} cpu_seconds
 * @property {number} file_bytes
 * @property {boolean} measured  measured by build --record; else estimated
 * @property {string} basis  'measured', or what the estimate is scaled from
 */

/**
 * @typedef {Object} RecordMove3D
 * @property {number[]} from  [x, y, z]: x the column, left to right; y the row as listed, 0 = Black's side; z the board as listed, 0 = the top board. Its label is like c2(I): file a + x, rank n − y, level n − z in Roman numerals, I being the bottom board
 * @property {number[]} to  [x, y, z]: x the column, left to right; y the row as listed, 0 = Black's side; z the board as listed, 0 = the top board. Its label is like c2(I): file a + x, rank n − y, level n − z in Roman numerals, I being the bottom board
 * @property {string} piece
 * @property {string} notation  the move in the record's notation: the piece, the cube it leaves, - or x (a capture), the cube it reaches, + (check) or # (mate): 'Qc2(I)-c5(IV)+'
 * @property {boolean} capture
 * @property {boolean} check  the side then to move is in check
 * @property {boolean} checkmate
 * @property {boolean} stalemate
 * @property {string} board  the board after the move, in its URL form
 * @property {"w" | "b"} turn  to move after it
 * @property {Object<string, string>} pieces  the pieces after the move
 */

/**
 * @typedef {Object} Game3D
 * @property {number} n
 * @property {string} board  the start, in its URL form
 * @property {"w" | "b"} turn  to move at the start
 * @property {CustomPieces} custom_pieces  the custom pieces, each in its canonical text
 * @property {Object<string, string>} pieces  the pieces at the start
 * @property {RecordMove3D[]} moves  the moves, each checked and written anew
 * @property {"1-0" | "0-1" | "1/2-1/2" | null} result  once the last move mates or stalemates; else null
 * @property {string} record  the whole record to save: [Board "..."] and [Turn "White"] tags, then the numbered moves and the result
 * @property {string} url  the moves for a URL query, without check marks: 'Qb3(I)-a3(I),Ka3(III)-a2(III)'
 */

/**
 * @typedef {Object} FaceDistanceCount
 * @property {number} distance
 * @property {number} positions  legal White-to-move positions
 * @property {number} won  of which White wins
 */

/**
 * @typedef {Object} Endgames
 * @property {number} n
 * @property {EndgameSummary[]} endgames
 * @property {TableState[]} [not_built]  without a material: the tables of n neither built here nor in the results file, with their states (nothing is queued: name a material to build one)
 */

/**
 * @typedef {Object} TableState
 * @property {string} material  like 'KRNK'
 * @property {number} n  the board's size (8 for the 2D tables)
 * @property {string} size  like '8x8' or '4x4x4'
 * @property {"ready" | "building" | "queued" | "failed" | "missing" | "unavailable"} state  ready (with its counts), building or queued (with stage and fraction), failed (with its reason), missing (not built, nothing queued), unavailable (beyond what this server builds, and no file)
 * @property {string} [stage]  the build's current stage (empty while queued)
 * @property {number} [fraction]
 * @property {string} [reason]  failed: why (a request a minute after the failure queues it again)
 * @property {number} [positions]  legal White-to-move positions on the whole board (two like men swapped counted once)
 * @property {number} [won]  of which White wins
 * @property {number} [drawn]
 * @property {number | null} [longest]  the longest mate, in moves; null when nothing is won
 * @property {number[]} [histogram]  won White-to-move positions mating in 1, 2, ... moves
 * @property {number} [checkmates]  Black-to-move checkmate positions
 * @property {FaceDistanceCount[] | null} [won_by_face_distance]  per distance of the lone king to the nearest face (0: on a face), nearest first; null for a table file written before it was recorded
 * @property {boolean} [verified]  the results file holds this table, verified
 * @property {{positions: number, won: number, longest: number | null, checkmates: number}} [result]  not ready: the results file's verified figures
 * @property {BuildCost} [cost]  not ready: what building it takes
 * @property {boolean} [buildable]  not ready: whether this server builds it on request (within its limits)
 */

/**
 * @typedef {Object} TableStates
 * @property {string} [limits]  the tables this server builds on demand
 * @property {Words} [limits_words]  limits as a message of the pages' catalogue
 * @property {TableState[]} tables
 */

export {};
