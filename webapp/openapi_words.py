"""The words of the OpenAPI document (webapp/openapi.py): the conventions every route shares (the
document's description) and what each route does beyond its schemas (each operation's
description), checked against the code they describe. Its own module so that the document's
structure stays readable."""

from __future__ import annotations

from tablebase.core.numbers import MAX_REAL_CHARS
from tablebase.solitaire.puzzles import DIFFICULTIES

from .jsonio import MAX_DEPTH, MAX_NUMBER_DIGITS

INTRO = "\n\n".join((
    "The tablebases of every basic mate on the 8×8 board (a king and up to two of Q R B N against a lone "
    "king, either colour holding the men: KBNK, KQK ... KNNK) in lichess's conventions, also under "
    "lichess's own paths /standard and /standard/mainline; the coaches and lessons of the KBN method and "
    "of every basic mate; the 3D piece lab and the 3D endgame tables; the 2D move checker; solitaire chess.",

    "Requests. POSTs take a JSON object, sent as Content-Type: application/json only (415 otherwise, so no "
    f"cross-site form can send one), of at most 256 KiB (413), nested at most {MAX_DEPTH} levels, its whole "
    f"numbers at most {MAX_NUMBER_DIGITS} digits (a decimal {MAX_REAL_CHARS} characters); a URL is at most "
    "8000 bytes (414); a query parameter given twice is "
    "a 400. A FEN may write its spaces as '_', as lichess URLs do. Every error of the API is "
    '{"error": code, "message": text} (the Error schema), an input error\'s also "says": its message as words '
    "a page translates; the pages answer theirs as HTML pages.",

    "Tables built on demand. A request that needs a table not built yet is answered at once with 202, the "
    "table's state and Retry-After: 1; builds run in the server's builder process, never in a request. The "
    "builder (one per table folder) builds the queue within this server's limits, one table at a time, "
    "smallest first (smaller boards, then fewer men, then by name), each after the tables its captures lead "
    "to. A request queues at most one build. The queue is shared: it holds a bounded number of builds, and "
    "one client address at most its share of them; a request that would queue one more is answered 429 "
    "build_queue_full with Retry-After, naming the limit. "
    "to. A build is queued by a request from this site's pages or by a client on no one's page (curl, "
    "another server); a request from another site (Sec-Fetch-Site, Origin or Referer naming it), GET or "
    "POST, reads the tables already built, and where a table is not built (or is being built) it is answered "
    "403 cross_site_build; its POST to any other route is answered 403 cross_site before any work. A Host "
    "that is not one of the server's names is a 400 host_not_allowed (DNS rebinding). The server's own faults are 503s naming the problem, never blaming the request: "
    "server_data_damaged (a damaged table file, being rebuilt), table_storage (the table folder missing, "
    "read-only or full), table_build_failed (a build failed, with its reason).",

    "Headers. Every answer carries security headers: Content-Security-Policy (default-src 'self', no "
    "inline script or style, no plugins, frame-ancestors 'none'), X-Content-Type-Options: nosniff, "
    "Referrer-Policy: strict-origin-when-cross-origin, X-Frame-Options: DENY, Cross-Origin-Opener-Policy: "
    "same-origin. The answers that depend on the URL alone (the 2D probe and main line, the heat map, the "
    "coaches, /api/mates/board) are cached for a year (Cache-Control: public, max-age=31536000, immutable) "
    "with an ETag: a request whose If-None-Match names it is answered 304 without a body. Text answers of "
    "500 bytes or more are compressed, br or gzip as Accept-Encoding prefers (Vary: Accept-Encoding); a "
    "compressed answer's ETag names its coding (\"<sha1>:br\").",

    "Other origins. Every answer of /api/tablebase*, /standard* and /api/3d/tablebase, errors included, "
    "carries Access-Control-Allow-Origin: *, so a lichess client on another origin can read the tables "
    "already built, and "
    "/api/3d/tablebase answers a browser's preflight (OPTIONS) for its JSON POST. No other route is open to "
    "other origins: a page elsewhere can read none of their answers, and cannot send their POSTs (a JSON "
    "POST needs a preflight, which grants it nothing).",

    "Requests that cannot be parsed as HTTP (a lowercase method, Content-Length: abc, both Content-Length "
    "and chunked, a request line or headers over the limits, a bad chunk size) never reach the app: the "
    "production server's workers answer them in the same JSON error shape with the same security headers "
    "(400 bad_request, 414 uri_too_long, 431 headers_too_large, 417, 501), Access-Control-Allow-Origin: * "
    "on the tablebase routes. Static files under /static/ (cached a year), and the HEAD and OPTIONS answers "
    "the framework gives the other routes, are not listed.",
))

PROBE = (
    "Any position of a basic mate on the 8×8 board: a king and up to two of Q R B N against a lone king, "
    "either colour holding the men, KK too (a draw). A pawn, three men or a man on each side: 404 "
    "not_in_table naming the limits; a side without exactly one king, the kings touching or the side not to "
    "move in check: 400 illegal_position. lichess's fields (category, dtm in signed plies, checkmate, "
    "stalemate, insufficient_material, check, the moves best first with zeroing, a capture), and beside "
    "them mate_in in moves, the fifty-move rule from the FEN's halfmove clock (the values ignore it: "
    "fifty_move_draw and fifty_move_draws_first say where it draws first), and what a page shows without "
    "reading a FEN: turn, strong, pieces, and per move from, to, and the fen and pieces after it.")
MAINLINE = (
    "Best play from the position (what /api/tablebase takes): the winner mates fastest, the loser resists "
    "longest, ties broken by UCI; each ply with its SAN and the dtm after it. Empty for a draw or a "
    "position already mated.")
_COACH_PHASES = (
    "one queen or rook, alone or with a minor piece (KQK, KRK, KQBK, KQNK, KRBK, KRNK): shrink-box, "
    "bring-king, waiting-move (KRK only), mate-net; two queens or rooks (KQQK, KQRK, KRRK): ladder, "
    "mate-net; two bishops on both square colours (KBBK): diagonal-barrier, drive-to-corner, mate-net; "
    "KBNK: drive-to-edge, drive-to-corner, w-manoeuvre, mate-net; no forced mate (KBK, KNK, KNNK, bishops "
    "all on one colour): no-forced-mate")
_LEVELS = "; ".join(f"{name}: {d.min_pieces}-{d.max_pieces} pieces on {d.n}×{d.n}"
                    + (f", at most {d.max_solutions} solutions" if d.max_solutions else "")
                    for name, d in DIFFICULTIES.items())

ABOUT = {
    "/api/tablebase": PROBE,
    "/standard": PROBE + " lichess's own path, so a lichess tablebase client can be pointed here.",
    "/api/tablebase/mainline": MAINLINE,
    "/standard/mainline": MAINLINE + " lichess's own path.",
    "/api/tablebase/random": (
        "A position of the ending, the side with the men (White) to move, drawn uniformly among the table's "
        "wins in min to max moves and turned by one of the board's symmetries (one that gives the bishop the "
        "colour asked); with its probe. A given ?seed= gives the same position every time. A range no position "
        "fits: 400 bad_range; an ending outside the tables: 404."),
    "/api/tablebase/heatmap": (
        "With the strong side's king and men where they stand: for each square, the value with the lone king "
        "there and to move. The lone king's square (the FEN may even lack it) and the side to move are "
        "ignored; the side with the men needs exactly one king (400), and the material must be one of the "
        "tables' (404). The answer's fen is the map's key: the strong side alone, that side to move."),
    "/api/kbn/coach": (
        "KBNK's coach (kept from before every mate had one): a KBNK position with both the bishop and the "
        "knight on the board, either colour holding them (otherwise 404). The mating corners, the lone "
        "king's box, the KBN method's phase and advice in words."),
    "/api/coach": (
        "The coach of every basic mate: any legal position of the 2D tables with at least one man (KK: 404). "
        "The material, the lone king's box (region: the squares it could reach by king steps were the strong "
        "side's men frozen, entering only empty squares the strong side does not attack, attacks taken with "
        "the lone king lifted off, plus its own square unless attacked; a good move shrinks it), given only where "
        "it means something (box_shown: a won position of a method that measures by it; KBNK's only when caught "
        "in a corner), the phase of the material's method (drawn where the table does not win) and advice in "
        "words, each claim in them listed under claims; the lone king's side of it under defence; for KBNK also "
        "the mating corners. With ?before= (the position the user last saw), the note of the move: the box "
        f"before and after, the win gone, the phase changed. The phases by material: {_COACH_PHASES}."),
    "/api/mates/move": (
        "Whether a move from one square to another is legal on a board (any FEN the reader takes), and why not, "
        "in a sentence from the rules: no piece there, not that side's turn, the kings side by side, a piece "
        "that does not move that way or is blocked, a king left in check. What the trainer says of a move it "
        "refused."),
    "/api/kbn/lesson": ("A random KBNK position fitting the lesson of /kbn/learn, drawn from the table by the "
                        "lesson's criteria, with its probe and the coach's facts."),
    "/api/mates/lesson": ("A random position for the lesson of the learning path (/mates/learn), drawn from its "
                          "ending's table, with its probe and the coach's facts."),
    "/api/kbn/lesson/idea": ("The idea of a lesson of /kbn/learn, shown before its drills: a line of best play from "
                             "a position the lesson's criteria choose (the same each time), each position with the "
                             "squares and arrows that show the idea and a caption of its facts."),
    "/api/mates/lesson/idea": ("The idea of a lesson of the learning path (/mates/learn): a line of best play with "
                               "the squares and arrows that show it and a caption per position."),
    "/api/mates/board": ("Any FEN the reader can parse, legal or not (the editor shows any board): the FEN "
                         "written back in full (its clocks kept), the side to move, the strong side and the "
                         "pieces. 400 with the reader's reason otherwise."),
    "/healthz": (
        "200 once this replica can answer: the KBNK table is open, the table folder can be written, and its "
        "disk has room for the largest table the server would still build on demand (none once every table "
        "within its limits is built). Otherwise a 503 naming the problem, so that a load balancer takes the "
        "replica out: table_storage (the folder missing or not writable, or its disk too full), "
        "server_data_damaged (the KBNK file damaged, being rebuilt); 202 while the KBNK table is being built."),
    "/api/3d/analyze": ("Check, checkmate and stalemate of the side to move (turn, White by default) and the "
                        "pieces giving check. The side to move needs a king (400)."),
    "/api/3d/moves": ("The legal destinations of the piece on from (its own king not left attacked), a piece "
                      "of either colour; given turn, a piece of the side not to move has none (an empty "
                      "list). An empty cube or one off the board: 400."),
    "/api/3d/position": (
        "The lab's one request per edit. Any board but one with several kings of one colour (400): problems "
        "says in words what keeps it from being a game position (a missing king, the kings touching, the "
        "side not to move in check), empty when none; check, checkmate, stalemate and checkers are the side "
        "to move's; attacks, every cube each colour attacks; moves, every piece's legal destinations."),
    "/api/3d/engine": (
        "The computer's move for the side to move in any position a game can start from (both kings, not "
        "touching, the side not to move not in check: else 400), custom pieces included. Where a table file "
        "for the material is on the server the answer is exact (source table: the fastest mate, the longest "
        "defence); no table is ever built for it. Otherwise the engine searches for the level's seconds "
        "(about 0.1, 0.5, 2 and 5; level 4 is heavy work); from level 3 no mate in two is missed."),
    "/api/3d/attacks": "Every cube the pieces of color (Black by default) attack.",
    "/api/3d/tablebase": (
        "White's king and one to three of Q R B N or custom men (\"pieces\": {\"U\": \"011*\"}, their tables "
        "named by their atoms: material 'KR(011*)K') against a lone black king (KK too: a draw), turn to move; "
        "three men only where their table's file is there (built with the command line). A "
        "black man or more than three white men: 404; a missing king, the kings touching or Black in check "
        "with White to move: 400; a size or material this server does not build and whose table file is not "
        "there: 404 naming the limits. The value and each move's, as the 2D probe's; a move by which the "
        "lone king captures a man is valued in the smaller material's table (KK: a draw). Readable from any "
        "origin; a browser's preflight is answered (OPTIONS)."),
    "/api/3d/endgames": (
        "Every material's table of size n that this server has: those within the limits it builds on demand, "
        "and beyond them any whose table file exists (built beforehand with the command line); material: "
        "that one only (404 naming the limits when it is neither). Each with its counts, longest mate, "
        "histogram, wins by the lone king's distance to the nearest face, example (a position of one of "
        "the longest mates, White to move, in the 3D notation; null when nothing is won) and explanation. "
        "A request queues at most one build: with a material, 202 while its table is not built (its build "
        "queued); without one, the tables neither here nor in the results file are listed under not_built "
        "with their states and none is queued (202 while some of the others are being built). 503 "
        "table_build_failed when one's build failed."),
    "/api/3d/endgames/status": (
        "Every table of one size (n) or of every size: ready (with its counts), building (stage, fraction), "
        "queued, failed (its reason), missing, or unavailable (beyond what this server builds, and no file). "
        "The same whichever worker answers; queues nothing."),
    "/api/3d/endgames/build": (
        "Queues the build of one table, material on n, within the limits (beyond them: 404 naming the "
        "command line that builds it; a failed build is queued again a minute after it failed) and answers "
        "at once with its state: 202 while it is queued or building, 200 when it is here (poll "
        "/api/3d/endgames/status). The build takes one place of this client address's share of the build "
        "queue until it is built: over the share, or with the queue full, 429 build_queue_full with "
        "Retry-After. The builder builds the queue one table at a time, smallest first."),
    "/api/3d/endgames/position": (
        "A won position of material on n, White to move: a random one mating in at least min moves (min "
        "capped at the longest), uniform over the table's entries, or with pick=longest one of the longest "
        "mates; turned by a random symmetry of the cube. A given ?seed= gives the same position every time. With its "
        "probe and its board in the 3D notation. A material that wins nothing at n: 404."),
    "/api/2d/validate": (
        "Is a move legal, and why, in words a learner understands. The board as pieces (a list), "
        "pieces_text (that list as the user typed it) or fen, one of them, with at most one king a colour; "
        "the move as move, a list [colour, piece, file, rank] (legal if any piece of that colour and kind "
        "can go there, each such piece judged in pieces), as UCI text in move or uci (that one piece), or as "
        "move_text, either as the user typed it (the list form when it starts with '['). The server reads "
        "the typed text; a 400 quotes what it cannot read. Either colour may move; no castling, no en passant; "
        "a king is never captured. A pawn reaching the last rank promotes to a queen unless the UCI move "
        "names the piece (a7a8n); a promotion letter on another move makes it invalid. A valid UCI move also "
        "answers the board once played (after, after_board)."),
    "/api/2d/position": (
        "The board (pieces, pieces_text or fen, as /api/2d/validate takes it) in both forms and by square, "
        "the pieces giving check to each colour's king, the kings in check, the pins, and every piece's legal "
        "destinations."),
    "/api/solitaire/solve": (
        "Every solution, counted exactly, up to limit listed (default 100). A board past the solver's work "
        "budget (counted work, not seconds: in practice 12 or 13 pieces on 4×4) is a 400 too_hard that says "
        "what is too big, the same answer whatever the load."),
    "/api/solitaire/state": ("The board after move (a capture [[x1, y1], [x2, y2]], if given; an illegal one "
                             "is a 400), piece by piece, its legal captures, and whether it is solved, still "
                             "playing or stuck."),
    "/api/solitaire/hint": ("A capture that still leads to a solution, or null with the message 'no solution "
                            "from here' (or 'solved'). 400 too_hard as for /api/solitaire/solve."),
    "/api/solitaire/puzzle": f"A generated puzzle with at least one solution; by difficulty: {_LEVELS}.",
}
