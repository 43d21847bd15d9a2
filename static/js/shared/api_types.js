// @ts-check
// Typedefs of the API's schemas (webapp/openapi_schemas.py, as /openapi.json shows them),
// written by `python -m webapp.typedefs`: do not edit; write them again after a schema changes.

/**
 * @typedef {Object} Words
 * @property {string} [id]  the English text, placeholders named %(name)s: the catalogue's message id
 * @property {Object<string, number | string | Words>} [params]  each placeholder's value
 * @property {string} [plural]  a counted message's plural; n is the count (the placeholder num)
 * @property {number} [n]
 * @property {boolean} [lower]  shown inside a sentence: lowered
 * @property {boolean} [capital]  begins a sentence: its first letter raised
 * @property {number} [number]  instead of id: a count, its thousands grouped as the page's language groups them
 * @property {number} [decimal]  instead of id: a number with places decimals, as the page's language writes it
 * @property {number} [places]
 * @property {string} [sep]  with join: what the words are joined by
 * @property {string} [san]  instead of id: a move in standard notation, which a page writes with its language's piece letters
 * @property {Words[]} [and]  instead of id: words listed with 'and'
 * @property {Words[]} [join]  instead of id: words joined by sep
 */

/**
 * @typedef {Object} Error
 * @property {string} error  a stable code: bad_request, bad_input, bad_board, bad_record, bad_material, bad_piece, bad_move, bad_range, bad_difficulty, bad_lesson_position, illegal_position, illegal_move, too_hard, too_few_pieces, host_not_allowed (400); cross_site_build, cross_site (403); not_in_table, not_found (404); method_not_allowed (405); too_large (413); uri_too_long (414); unsupported_media_type (415); build_queue_full (429); headers_too_large (431); server_data_damaged, table_storage, table_build_failed, out_of_time, heavy_lane_full (503)
 * @property {string} message  what was wrong, quoting the input (shortened)
 * @property {Words} [says]  an input error's message as words, for a page to translate: filled in English it is the message (before any shortening)
 */

/**
 * @typedef {Object} TableBuilding
 * @property {string} material  like 'KRNK'
 * @property {number} n  the board's size (8 for the 2D tables)
 * @property {string} size  like '8x8' or '4x4x4'
 * @property {"queued" | "building"} state
 * @property {string} stage  the build's current stage (empty while queued)
 * @property {number} fraction
 */

/**
 * @typedef {Object} Health
 * @property {"ok"} status
 * @property {string} version
 * @property {{loaded: true, longest_mate: number}} table
 */

/**
 * @typedef {Object} ProbeMove
 * @property {string} uci  the move in UCI: b1c3
 * @property {string} san  the move in SAN: Nc3, Kxd2, Qb7#
 * @property {"win" | "loss" | "draw"} category  category after the move, for the side then to move
 * @property {number | null} dtm  dtm after the move, for the side then to move
 * @property {number | null} mate_in  mate_in after the move, for the side then to move
 * @property {boolean} checkmate  checkmate after the move, for the side then to move
 * @property {boolean} stalemate  stalemate after the move, for the side then to move
 * @property {boolean} insufficient_material  as the position's, after the move (a capture may leave KK, KBK or KNK)
 * @property {boolean} check  the move gives check
 * @property {boolean} zeroing  the move is a capture (lichess's name: it resets the fifty-move count)
 * @property {number} halfmove_clock  the halfmove clock after the move: 0 after a capture
 * @property {boolean} fifty_move_draw  the move reaches the fifty-move draw: the clock reaches 100 and the move does not mate
 * @property {string} from
 * @property {string} to
 * @property {string} fen  the position after the move, its clocks counted on
 * @property {Object<string, string>} pieces  the pieces after the move
 */

/**
 * @typedef {Object} Probe
 * @property {"win" | "loss" | "draw"} category  for the side to move: the tables are exact, so none of lichess's maybe-, cursed- or blessed- values occurs (the fifty-move rule is reported apart, in the fifty_move fields)
 * @property {number | null} dtm  distance to mate in plies, signed: positive when the side to move mates, negative when it is mated (0: checkmated now); null for draws
 * @property {number | null} mate_in  the same in moves, whichever side mates (0: checkmated now); null for draws
 * @property {boolean} checkmate
 * @property {boolean} stalemate
 * @property {boolean} insufficient_material  drawn by insufficient material, python-chess's and lichess's rule: KK, KBK, KNK and bishops all on one square colour; not KNNK (a mate exists, though none is forced)
 * @property {boolean} check  the side to move is in check
 * @property {number} halfmove_clock  the FEN's halfmove clock: plies since the last capture (these endings have no pawns)
 * @property {boolean} fifty_move_draw  the clock has reached 100 and the side to move is not checkmated: drawn by the fifty-move rule (lichess ends the game so)
 * @property {number} fifty_move_plies_left  plies before that draw (0 once reached)
 * @property {number} fifty_move_count  the strong side's moves counted so far (its moves since the last capture: half the clock, rounded up when the lone king is to move)
 * @property {number} fifty_move_moves_left  the strong side's moves left before the draw
 * @property {boolean} fifty_move_draws_first  the table's mate needs more plies than are left: the rule draws first, whatever is played
 * @property {"w" | "b"} turn
 * @property {"w" | "b"} strong  the side holding the men (White when only kings stand)
 * @property {Object<string, string>} pieces  the pieces by square, colour then kind: {"e4": "wK", ...}
 * @property {ProbeMove[]} moves  every legal move, best first for the side to move: its wins quickest first, then draws, then its losses slowest first; equal moves in a fixed order
 */

/**
 * @typedef {Probe & {fen: string}} RandomProbe
 */

/**
 * @typedef {Object} Mainline
 * @property {string} fen  the FEN as asked
 * @property {({uci: string, san: string, dtm: number | null})[]} mainline  best play to mate, the winner mating fastest and the loser resisting longest, ties broken by UCI; empty for a draw or a position already mated (at most 200 plies)
 */

/**
 * @typedef {Object} Board2D
 * @property {string} fen  the FEN written back in full
 * @property {"w" | "b"} turn
 * @property {"w" | "b"} strong  the side holding the men (White when only kings stand)
 * @property {Object<string, string>} pieces  the pieces by square, colour then kind: {"e4": "wK", ...}
 * @property {number} fullmove  the move number, for a game's record
 */

/**
 * @typedef {Object} Heatmap
 * @property {string} fen  the map's key: the strong side's king and men alone, that side to move
 * @property {"w" | "b"} strong  the side holding the men (White when only kings stand)
 * @property {Object<string, {category: "win" | "loss" | "draw" | "illegal", dtm: number | null, mate_in: number | null, checkmate: boolean, stalemate: boolean}>} squares  all 64 squares, a1 first: the value with the lone king there and to move (illegal where it cannot stand: on a man or on or next to the strong king)
 */

/**
 * @typedef {Object} KbnCoachFacts
 * @property {string[]} mating_corners  the two corners of the bishop's square colour, the only ones where mate can be forced
 * @property {string} target_corner  the mating corner nearest the lone king
 * @property {string[]} region  the lone king's box: the squares it could reach by king steps if the strong side's men stayed where they stand, entering only empty squares the strong side does not attack (attacks taken with the lone king lifted off the board), plus its own square unless it is attacked; rank by rank from the first, a to h. A good move shrinks it. Given only where it is shown (box_shown), else empty
 * @property {number} region_size  the box's squares
 * @property {string} advice  what to do, in words
 * @property {Words[]} [advice_words]  the advice as messages, for a page to translate
 * @property {string} lone_king  the lone king's square
 * @property {boolean} [box_shown]  the box means something here (a won position of a method that measures by it)
 * @property {string} [phase_name]  the phase in words
 * @property {({claim: string, king?: string, corner?: string, right?: string, square?: string, edge?: string, men?: string[][], material?: string, size?: number, steps?: number, right_steps?: number, mating?: boolean, was?: number | string, now?: number | string, forward?: boolean})[]} [claims]  the claims the words make, each with what it names (squares, edges, numbers)
 * @property {boolean} [won]  the table says the side with the men mates
 * @property {{kind: "progress" | "setback" | "steady", text: string, words?: Words[], claims: ({claim: string, king?: string, corner?: string, right?: string, square?: string, edge?: string, men?: string[][], material?: string, size?: number, steps?: number, right_steps?: number, mating?: boolean, was?: number | string, now?: number | string, forward?: boolean})[]}} [defence]  the same facts for the lone king's side (defence mode)
 * @property {{kind: "progress" | "setback" | "steady", text: string, words?: Words[], claims: ({claim: string, king?: string, corner?: string, right?: string, square?: string, edge?: string, men?: string[][], material?: string, size?: number, steps?: number, right_steps?: number, mating?: boolean, was?: number | string, now?: number | string, forward?: boolean})[], box_changed: boolean}} [note]  with ?before=: the move's note, from the position before it
 * @property {"drive-to-edge" | "drive-to-corner" | "w-manoeuvre" | "mate-net" | "drawn"} phase  the KBN method's stage: mate-net (the lone king within two steps of the mating corner nearest it, the strong king within three but farther from it: it shuts the corner from outside), drive-to-edge (the lone king two or more steps from every edge), w-manoeuvre (near an edge but nearer a corner of the other colour: the knight's W walks it out), drive-to-corner (herd it into the mating corner)
 */

/**
 * @typedef {KbnCoachFacts & {fen: string}} Coach
 */

/**
 * @typedef {Object} MateCoachFacts
 * @property {string} material  the strong side's material: KQK ... KNNK
 * @property {string[]} region  the lone king's box: the squares it could reach by king steps if the strong side's men stayed where they stand, entering only empty squares the strong side does not attack (attacks taken with the lone king lifted off the board), plus its own square unless it is attacked; rank by rank from the first, a to h. A good move shrinks it. Given only where it is shown (box_shown), else empty
 * @property {number} region_size  the box's squares
 * @property {string} advice  what to do, in words
 * @property {Words[]} [advice_words]  the advice as messages, for a page to translate
 * @property {string} lone_king  the lone king's square
 * @property {boolean} [box_shown]  the box means something here (a won position of a method that measures by it)
 * @property {string} [phase_name]  the phase in words
 * @property {({claim: string, king?: string, corner?: string, right?: string, square?: string, edge?: string, men?: string[][], material?: string, size?: number, steps?: number, right_steps?: number, mating?: boolean, was?: number | string, now?: number | string, forward?: boolean})[]} [claims]  the claims the words make, each with what it names (squares, edges, numbers)
 * @property {boolean} [won]  the table says the side with the men mates
 * @property {{kind: "progress" | "setback" | "steady", text: string, words?: Words[], claims: ({claim: string, king?: string, corner?: string, right?: string, square?: string, edge?: string, men?: string[][], material?: string, size?: number, steps?: number, right_steps?: number, mating?: boolean, was?: number | string, now?: number | string, forward?: boolean})[]}} [defence]  the same facts for the lone king's side (defence mode)
 * @property {{kind: "progress" | "setback" | "steady", text: string, words?: Words[], claims: ({claim: string, king?: string, corner?: string, right?: string, square?: string, edge?: string, men?: string[][], material?: string, size?: number, steps?: number, right_steps?: number, mating?: boolean, was?: number | string, now?: number | string, forward?: boolean})[], box_changed: boolean}} [note]  with ?before=: the move's note, from the position before it
 * @property {"shrink-box" | "bring-king" | "waiting-move" | "mate-net" | "ladder" | "diagonal-barrier" | "drive-to-corner" | "no-forced-mate" | "drive-to-edge" | "w-manoeuvre" | "drawn"} phase  the stage of the material's method. One queen or rook, alone or with a minor (KQK, KRK, KQBK, KQNK, KRBK, KRNK): shrink-box, bring-king, waiting-move (KRK, the kings a knight's move apart), mate-net. Two queens or rooks (KQQK, KQRK, KRRK): ladder, mate-net. Bishops on both colours (KBBK): diagonal-barrier, drive-to-corner, mate-net. No forced mate (KBK, KNK, KNNK, bishops on one colour): no-forced-mate. KBNK: the KBN method's drive-to-edge, drive-to-corner, w-manoeuvre, mate-net
 * @property {string[]} [mating_corners]  the two corners of the bishop's square colour, the only ones where mate can be forced (KBNK only)
 * @property {string} [target_corner]  the mating corner nearest the lone king (KBNK only)
 */

/**
 * @typedef {MateCoachFacts & {fen: string}} MateCoach
 */

/**
 * @typedef {Probe & {lesson: number, fen: string, coach: KbnCoachFacts}} Lesson
 */

/**
 * @typedef {Probe & {lesson: number, ending: string, fen: string, coach: MateCoachFacts}} MatesLesson
 */

/**
 * @typedef {Object} LessonIdea
 * @property {number} lesson
 * @property {string} id  the lesson's lasting name
 * @property {string} idea  the idea in words
 * @property {"net" | "box" | "w"} shows  what the frames mark: net, the squares around the lone king free or taken; box, the lone king's box; w, the knight's next hops (blue arrows) and the corner it is driven to. KBNK's ideas also outline the mating corners (corner)
 * @property {number} mate_in  the moves to mate from the first frame
 * @property {IdeaFrame[]} frames  the line of best play, one frame per position
 */

/**
 * @typedef {Object} IdeaFrame
 * @property {string} fen
 * @property {"w" | "b"} turn
 * @property {Object<string, string>} pieces  the pieces by square, colour then kind: {"e4": "wK", ...}
 * @property {number} mate_in  the men's moves to mate (0: mated)
 * @property {IdeaMove | null} move  the move that led here
 * @property {IdeaMove | null} next  the move played from here
 * @property {Object<string, ("free" | "taken" | "box" | "corner")[]>} marks  the squares marked, by name: free, taken, box, corner
 * @property {({from: string, to: string, brush: "green" | "red" | "blue"})[]} arrows  the next move (green: the men's, red: the lone king's) and the knight's next hops (blue)
 * @property {string | null} check  the lone king's square when in check
 * @property {string} caption  the move and the fact the idea shows, in words
 * @property {Words} [caption_words]  the caption as a message, for a page to translate
 */

/**
 * @typedef {Object} IdeaMove
 * @property {string} uci
 * @property {string} san
 * @property {string} from
 * @property {string} to
 * @property {"men" | "king"} by
 */

/**
 * a list: [["W", "K", 5, 1], ...] (colour, piece, file 1-8, rank 1-8)
 * @typedef {((string | number)[])[]} Pieces2D
 */

/**
 * @typedef {Object} Verdict2D
 * @property {boolean} valid
 * @property {string} reason  why, in words
 * @property {string} move_words  the move asked about, in words: 'the white pawn on a7 to a8', 'a white pawn to a8'
 * @property {{square: string, valid: boolean, reason: string}[]} pieces  each piece that could make the move, judged
 * @property {{reason?: Words, move?: Words}} [words]  the reason and the move as messages, for a page to translate
 * @property {string} [after]  a valid UCI move: the board once played (FEN placement)
 * @property {Object<string, string>} [after_board]  a valid UCI move: the board once played
 */

/**
 * @typedef {Object} Position2D
 * @property {string} fen  the board's FEN placement
 * @property {Pieces2D} pieces
 * @property {Object<string, string>} board  the pieces by square, colour then kind: {"e4": "wK", ...}
 * @property {{w: string[], b: string[]}} checkers  by colour, the pieces giving check to that colour's king
 * @property {string[]} in_check  the squares of the kings in check
 * @property {{square: string, by: string}[]} pins  each piece pinned against its own king, and the piece pinning it
 * @property {Object<string, string[]>} destinations  every piece's legal destinations, by its square
 */

/**
 * an n×n board, n up to 8: a string of n² characters ('.' empty, K Q R B N P), rows top to bottom; or a list of row lists or list of [piece, x, y] (with 'n' when not 4×4)
 * @typedef {string | any[]} SolitaireBoard
 */

/**
 * @typedef {Object} Solution
 * @property {boolean} solvable
 * @property {number} count
 * @property {number[][][][]} solutions
 * @property {number} n
 * @property {string} board
 */

/**
 * @typedef {Object} SolitaireState
 * @property {string} board
 * @property {number} n
 * @property {number} pieces
 * @property {"solved" | "playing" | "stuck"} status
 * @property {((number | string)[])[]} coordinates  each piece as [x, y, kind], [0, 0] bottom-left
 * @property {number[][][]} captures
 */

/**
 * @typedef {Object} Hint
 * @property {number[][] | null} move
 * @property {string} message
 */

/**
 * @typedef {Object} Puzzle
 * @property {string} board
 * @property {number} n
 * @property {number} pieces
 * @property {number} solutions
 * @property {string} difficulty
 */

export {};
