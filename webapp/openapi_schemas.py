"""The JSON schemas of the API's bodies and answers (OpenAPI 3.1 components, JSON Schema 2020-12).
They state types, every field an answer holds and the limits the server enforces; what a schema
cannot state (a FEN that parses but is no legal position, a board past the solver's budget) is a
documented 400 or 404. ``tests/app/test_app_openapi_answers.py`` holds real answers to them: a
field a route answers that is not here fails it."""

from __future__ import annotations

from tablebase.core.cube_notation import MAX_N, MIN_N
from tablebase.solitaire.board import MAX_SIDE as SOLITAIRE_MAX_SIDE


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def array(items: dict, **limits) -> dict:
    return {"type": "array", "items": items, **limits}


def obj(required: list[str] | tuple = (), **properties) -> dict:
    """An object with these properties; others may be added later without breaking clients."""
    found = {"type": "object", "properties": properties}
    if required:
        found["required"] = list(required)
    return found


def said(schema: dict, description: str) -> dict:
    return {**schema, "description": description}


INT = {"type": "integer"}
BOOL = {"type": "boolean"}
STR = {"type": "string"}
NUM = {"type": "number"}
NULLABLE_INT = {"type": ["integer", "null"]}
COLOR = {"type": "string", "enum": ["w", "b"]}
CUBE = array(INT, minItems=3, maxItems=3, description=(
    "[x, y, z]: x the column, left to right; y the row as listed, 0 = Black's side; z the board as listed, "
    "0 = the top board. Its label is like c2(I): file a + x, rank n − y, level n − z in Roman numerals, "
    "I being the bottom board"))
SQUARE = array(INT, minItems=2, maxItems=2, description="[x, y], [0, 0] bottom-left")
SOLITAIRE_MOVE = array(SQUARE, minItems=2, maxItems=2, description="[from, to]")
SQUARE_NAME = {"type": "string", "pattern": "^[a-h][1-8]$"}

PIECES = {"type": "object", "propertyNames": SQUARE_NAME,
          "additionalProperties": {"type": "string", "pattern": "^[wb][KQRBNP]$"},
          "description": 'the pieces by square, colour then kind: {"e4": "wK", ...}'}
_CUSTOM_LETTERS = ("a material with custom men only: the letter of each on the boards written (U, then V, ...) "
                   "and its atoms")
PIECES_3D = {"type": "object", "propertyNames": {"type": "string", "pattern": "^[0-9],[0-9],[0-9]$"},
             "additionalProperties": {"type": "string", "pattern": "^[wb][A-Z]$"},
             "description": 'the pieces by cube "x,y,z", colour then kind: {"1,1,0": "wK", ...}'}
STRONG = said(COLOR, "the side holding the men (White when only kings stand)")
NOTATION_3D = said(STR, "the move in the record's notation: the piece, the cube it leaves, - or x (a capture), the "
                        "cube it reaches, + (check) or # (mate): 'Qc2(I)-c5(IV)+'")

# The value of a position, lichess's conventions: for the side to move, or after a move for the
# side then to move.
CATEGORY = said({"type": "string", "enum": ["win", "loss", "draw"]},
                "for the side to move: the tables are exact, so none of lichess's maybe-, cursed- or blessed- "
                "values occurs (the fifty-move rule is reported apart, in the fifty_move fields)")
DTM = said(NULLABLE_INT, "distance to mate in plies, signed: positive when the side to move mates, negative when "
                         "it is mated (0: checkmated now); null for draws")
MATE_IN = said({"type": ["integer", "null"], "minimum": 0},
               "the same in moves, whichever side mates (0: checkmated now); null for draws")
VALUE = {"category": CATEGORY, "dtm": DTM, "mate_in": MATE_IN, "checkmate": BOOL, "stalemate": BOOL}
INSUFFICIENT = said(BOOL, "drawn by insufficient material, python-chess's and lichess's rule: KK, KBK, KNK and "
                          "bishops all on one square colour; not KNNK (a mate exists, though none is forced)")
INSUFFICIENT_3D = said(BOOL, "always false: the 3D tables apply no such rule (a material that cannot mate is "
                             "drawn by its table)")
MOVE_VALUE = {name: said(schema, f"{name} after the move, for the side then to move") for name, schema in VALUE.items()}
VALUE_REQUIRED = ["category", "dtm", "mate_in", "checkmate", "stalemate", "insufficient_material", "check"]

FIFTY = {
    "halfmove_clock": said({**INT, "minimum": 0}, "the FEN's halfmove clock: plies since the last capture (these "
                                                  "endings have no pawns)"),
    "fifty_move_draw": said(BOOL, "the clock has reached 100 and the side to move is not checkmated: drawn by the "
                                  "fifty-move rule (lichess ends the game so)"),
    "fifty_move_plies_left": said({**INT, "minimum": 0}, "plies before that draw (0 once reached)"),
    "fifty_move_count": said({**INT, "minimum": 0}, "the strong side's moves counted so far (its moves since the last "
                                                    "capture: half the clock, rounded up when the lone king is to move)"),
    "fifty_move_moves_left": said({**INT, "minimum": 0}, "the strong side's moves left before the draw"),
    "fifty_move_draws_first": said(BOOL, "the table's mate needs more plies than are left: the rule draws first, "
                                         "whatever is played"),
}
BEST_FIRST = ("every legal move, best first for the side to move: its wins quickest first, then draws, then its "
              "losses slowest first; equal moves in a fixed order")
BOX = array(SQUARE_NAME, description=(
    "the lone king's box: the squares it could reach by king steps if the strong side's men stayed where they "
    "stand, entering only empty squares the strong side does not attack (attacks taken with the lone king "
    "lifted off the board), plus its own square unless it is attacked; rank by rank from the first, a to h. A good "
    "move shrinks it. Given only where it is shown (box_shown), else empty"))
KBN_PHASES = ["drive-to-edge", "drive-to-corner", "w-manoeuvre", "mate-net", "drawn"]
MATE_PHASES = ["shrink-box", "bring-king", "waiting-move", "mate-net", "ladder", "diagonal-barrier",
               "drive-to-corner", "no-forced-mate", "drive-to-edge", "w-manoeuvre", "drawn"]
CLAIMS = array(obj(
    ["claim"], claim=said(STR, "its kind: checkmate, stalemate, hanging, drawn, no-forced-mate, forced-here, box, "
                               "caught, loose, held, edge-steps, middle, corner-steps, wrong-corner, king-steps, "
                               "king-corner, knight-apart; of a move: box-change, box-now, escaped, win-gone, phase-change"),
    king=SQUARE_NAME, corner=SQUARE_NAME, right=SQUARE_NAME,
    square=said(SQUARE_NAME, "loose: the square of its box farthest from the corner"), edge=said(STR, "'the a-file', 'the 8th rank'"),
    men=array(array(STR), description="[kind letter, square] of each man named"), material=STR, size=INT, steps=INT,
    right_steps=INT, mating=BOOL, was={"type": ["integer", "string"]}, now={"type": ["integer", "string"]},
    forward=BOOL), description="the claims the words make, each with what it names (squares, edges, numbers)")
_TONE = {"type": "string", "enum": ["progress", "setback", "steady"]}
# A sentence as a message of the pages' catalogue (tablebase/core/message.py; docs/translations.md): its English
# id with %(name)s placeholders and their values (plain, or words again); the pages translate it.
WORDS = array(ref("Words"), description=(
    "the sentences as messages of the pages' catalogue; filled in English they are the text beside them"))
_WORDS = obj([], id=said(STR, "the English text, placeholders named %(name)s: the catalogue's message id"),
             params={"type": "object", "additionalProperties": {
                 "anyOf": [INT, STR, ref("Words")], "description": "a placeholder's value: a number, a name, or words"},
                 "description": "each placeholder's value"},
             plural=said(STR, "a counted message's plural; n is the count (the placeholder num)"), n=INT,
             lower=said(BOOL, "shown inside a sentence: lowered"),
             capital=said(BOOL, "begins a sentence: its first letter raised"),
             number=said(INT, "instead of id: a count, its thousands grouped as the page's language groups them"),
             decimal=said(NUM, "instead of id: a number with places decimals, as the page's language writes it"), places=INT,
             sep=said(STR, "with join: what the words are joined by"),
             san=said(STR, "instead of id: a move in standard notation, which a page writes with its language's "
                           "piece letters"),
             **{"and": array(ref("Words"), description="instead of id: words listed with 'and'"),
                "join": array(ref("Words"), description="instead of id: words joined by sep")})
COACH_NOTE = obj(["kind", "text", "claims", "box_changed"], kind=_TONE, text=STR, words=WORDS, claims=CLAIMS,
                 box_changed=said(BOOL, "the box shown is not the one shown before"))
COACH_DEFENCE = obj(["kind", "text", "claims"], kind=_TONE, text=STR, words=WORDS, claims=CLAIMS)
_KBN_FACTS = {
    "mating_corners": array(SQUARE_NAME, minItems=2, maxItems=2, description=(
        "the two corners of the bishop's square colour, the only ones where mate can be forced")),
    "target_corner": said(SQUARE_NAME, "the mating corner nearest the lone king"),
}
_COACH = {"region": BOX, "region_size": said(INT, "the box's squares"), "advice": said(STR, "what to do, in words"),
          "advice_words": said(WORDS, "the advice as messages, for a page to translate"),
          "lone_king": said(SQUARE_NAME, "the lone king's square"),
          "box_shown": said(BOOL, "the box means something here (a won position of a method that measures by it)"),
          "phase_name": said(STR, "the phase in words"), "claims": CLAIMS,
          "won": said(BOOL, "the table says the side with the men mates"),
          "defence": said(COACH_DEFENCE, "the same facts for the lone king's side (defence mode)"),
          "note": said(COACH_NOTE, "with ?before=: the move's note, from the position before it")}

# What a table's file says of it (3D tables): the overview's counts.
_COUNTS = {
    "positions": said(INT, "legal White-to-move positions on the whole board (two like men swapped counted once)"),
    "won": said(INT, "of which White wins"),
    "drawn": INT,
    "longest": said({"type": ["integer", "null"], "minimum": 1}, "the longest mate, in moves; null when nothing is won"),
    "histogram": array(INT, description="won White-to-move positions mating in 1, 2, ... moves"),
    "checkmates": said(INT, "Black-to-move checkmate positions"),
    "won_by_face_distance": {
        "type": ["array", "null"], "items": ref("FaceDistanceCount"),
        "description": "per distance of the lone king to the nearest face (0: on a face), nearest first; null "
                       "for a table file written before it was recorded"},
}
_COUNTS_REQUIRED = list(_COUNTS)
_TABLE = {"material": said(STR, "like 'KRNK'"), "n": said(INT, "the board's size (8 for the 2D tables)"),
          "size": said(STR, "like '8x8' or '4x4x4'")}
_PROGRESS = {"stage": said(STR, "the build's current stage (empty while queued)"),
             "fraction": {"type": "number", "minimum": 0, "maximum": 1}}

SCHEMAS: dict[str, dict] = {
    "Words": _WORDS,
    "Error": obj(["error", "message"],
                 error={"type": "string", "description": (
                     "a stable code: bad_request, bad_input, bad_board, bad_record, bad_material, bad_piece, bad_move, "
                     "bad_range, bad_difficulty, bad_lesson_position, illegal_position, illegal_move, too_hard, "
                     "too_few_pieces, host_not_allowed (400); cross_site_build, cross_site (403); not_in_table, "
                     "not_found (404); method_not_allowed (405); too_large (413); uri_too_long (414); "
                     "unsupported_media_type (415); build_queue_full (429); headers_too_large (431); "
                     "server_data_damaged, table_storage, table_build_failed, out_of_time, heavy_lane_full (503)")},
                 message={"type": "string", "maxLength": 400,
                          "description": "what was wrong, quoting the input (shortened)"},
                 says=said(ref("Words"), "an input error's message as words, for a page to translate: filled in "
                                         "English it is the message (before any shortening)")),
    "TableBuilding": obj(["material", "n", "size", "state", "stage", "fraction"], **_TABLE,
                         state={"type": "string", "enum": ["queued", "building"]}, **_PROGRESS),
    "TablesBuilding": obj(["n", "state", "tables"], n=INT, state={"const": "building"},
                          tables=array(ref("TableBuilding"), description="the tables of n not built yet")),
    "Health": obj(["status", "version", "table"], status={"const": "ok"}, version=STR,
                  table=obj(["loaded", "longest_mate"], loaded={"const": True},
                            longest_mate=said(INT, "the KBNK table's longest mate, in moves"))),
    "ProbeMove": obj(["uci", "san", *VALUE_REQUIRED, "zeroing", "halfmove_clock", "fifty_move_draw", "from", "to",
                      "fen", "pieces"],
                     uci=said(STR, "the move in UCI: b1c3"), san=said(STR, "the move in SAN: Nc3, Kxd2, Qb7#"),
                     **MOVE_VALUE, insufficient_material=said(
                         BOOL, "as the position's, after the move (a capture may leave KK, KBK or KNK)"),
                     check=said(BOOL, "the move gives check"),
                     zeroing=said(BOOL, "the move is a capture (lichess's name: it resets the fifty-move count)"),
                     halfmove_clock=said({**INT, "minimum": 0}, "the halfmove clock after the move: 0 after a capture"),
                     fifty_move_draw=said(BOOL, "the move reaches the fifty-move draw: the clock reaches 100 and the "
                                                "move does not mate"),
                     **{"from": SQUARE_NAME, "to": SQUARE_NAME},
                     fen=said(STR, "the position after the move, its clocks counted on"),
                     pieces=said(PIECES, "the pieces after the move")),
    "Probe": obj([*VALUE_REQUIRED, *FIFTY, "turn", "strong", "pieces", "moves"], **VALUE,
                 insufficient_material=INSUFFICIENT, check=said(BOOL, "the side to move is in check"), **FIFTY,
                 turn=COLOR, strong=STRONG, pieces=PIECES, moves=array(ref("ProbeMove"), description=BEST_FIRST)),
    "RandomProbe": {"allOf": [ref("Probe"), obj(["fen"], fen=said(STR, "the position drawn, White to move"))]},
    "Mainline": obj(["fen", "mainline"], fen=said(STR, "the FEN as asked"), mainline=array(
        obj(["uci", "san", "dtm"], uci=STR, san=STR, dtm=said(NULLABLE_INT, "after the move: plies, lichess's signs")),
        description="best play to mate, the winner mating fastest and the loser resisting longest, ties broken by "
                    "UCI; empty for a draw or a position already mated (at most 200 plies)")),
    "Board2D": obj(["fen", "turn", "strong", "pieces", "fullmove"], fen=said(STR, "the FEN written back in full"),
                   turn=COLOR, strong=STRONG, pieces=PIECES,
                   fullmove={**INT, "description": "the move number, for a game's record"}),
    "Heatmap": obj(["fen", "strong", "squares"], fen={
        **STR, "description": "the map's key: the strong side's king and men alone, that side to move"},
        strong=STRONG, squares={
        "type": "object", "propertyNames": SQUARE_NAME, "description": (
            "all 64 squares, a1 first: the value with the lone king there and to move (illegal where it cannot "
            "stand: on a man or on or next to the strong king)"),
        "additionalProperties": obj(list(VALUE), **{**VALUE, "category": said(
            {"type": "string", "enum": ["win", "loss", "draw", "illegal"]}, "for the lone king, to move")})}),
    "KbnCoachFacts": obj(["mating_corners", "region", "region_size", "phase", "advice", "lone_king",
                          "target_corner"], **_KBN_FACTS, **_COACH, phase={
        "type": "string", "enum": KBN_PHASES, "description": (
            "the KBN method's stage: mate-net (the lone king within two steps of the mating corner nearest it, "
            "the strong king within three but farther from it: it shuts the corner from outside), drive-to-edge "
            "(the lone king two or more steps from every edge), "
            "w-manoeuvre (near an edge but nearer a corner of the other colour: the knight's W walks it out), "
            "drive-to-corner (herd it into the mating corner)")}),
    "Coach": {"allOf": [ref("KbnCoachFacts"), obj(["fen"], fen=said(STR, "the FEN as asked"))]},
    "MateCoachFacts": obj(["material", "region", "region_size", "phase", "advice", "lone_king"],
                          material=said(STR, "the strong side's material: KQK ... KNNK"), **_COACH, phase={
        "type": "string", "enum": MATE_PHASES, "description": (
            "the stage of the material's method. One queen or rook, alone or with a minor (KQK, KRK, KQBK, "
            "KQNK, KRBK, KRNK): shrink-box, bring-king, waiting-move (KRK, the kings a knight's move apart), "
            "mate-net. Two queens or rooks (KQQK, KQRK, KRRK): ladder, mate-net. Bishops on both colours "
            "(KBBK): diagonal-barrier, drive-to-corner, mate-net. No forced mate (KBK, KNK, KNNK, bishops on "
            "one colour): no-forced-mate. KBNK: the KBN method's drive-to-edge, drive-to-corner, w-manoeuvre, "
            "mate-net")}, **{name: said(schema, schema["description"] + " (KBNK only)")
                             for name, schema in _KBN_FACTS.items()}),
    "MateCoach": {"allOf": [ref("MateCoachFacts"), obj(["fen"], fen=said(STR, "the FEN as asked"))]},
    "Lesson": {"allOf": [ref("Probe"), obj(["lesson", "fen", "coach"], lesson=INT, fen=STR,
                                           coach=ref("KbnCoachFacts"))]},
    "MatesLesson": {"allOf": [ref("Probe"), obj(["lesson", "ending", "fen", "coach"], lesson=INT,
                                                ending=said(STR, "the lesson's ending, like 'KRK'"), fen=STR,
                                                coach=ref("MateCoachFacts"))]},
    "LessonIdea": obj(["lesson", "id", "idea", "shows", "mate_in", "frames"], lesson=INT,
                      id=said(STR, "the lesson's lasting name"), idea=said(STR, "the idea in words"),
                      shows={"type": "string", "enum": ["net", "box", "w"], "description": (
                          "what the frames mark: net, the squares around the lone king free or taken; box, the "
                          "lone king's box; w, the knight's next hops (blue arrows) and the corner it is driven "
                          "to. KBNK's ideas also outline the mating corners (corner)")},
                      mate_in=said(INT, "the moves to mate from the first frame"),
                      frames=array(ref("IdeaFrame"), description="the line of best play, one frame per position")),
    "IdeaFrame": obj(["fen", "turn", "pieces", "mate_in", "move", "next", "marks", "arrows", "check", "caption"],
                     fen=STR, turn=COLOR, pieces=PIECES, mate_in=said(INT, "the men's moves to mate (0: mated)"),
                     move=said({"anyOf": [ref("IdeaMove"), {"type": "null"}]}, "the move that led here"),
                     next=said({"anyOf": [ref("IdeaMove"), {"type": "null"}]}, "the move played from here"),
                     marks={"type": "object", "propertyNames": SQUARE_NAME,
                            "additionalProperties": array({"type": "string",
                                                           "enum": ["free", "taken", "box", "corner"]}),
                            "description": "the squares marked, by name: free, taken, box, corner"},
                     arrows=array(obj(["from", "to", "brush"], **{"from": SQUARE_NAME, "to": SQUARE_NAME},
                                      brush={"type": "string", "enum": ["green", "red", "blue"]}),
                                  description="the next move (green: the men's, red: the lone king's) and the "
                                              "knight's next hops (blue)"),
                     check=said({"anyOf": [SQUARE_NAME, {"type": "null"}]}, "the lone king's square when in check"),
                     caption=said(STR, "the move and the fact the idea shows, in words"),
                     caption_words=said(ref("Words"), "the caption as a message, for a page to translate")),
    "IdeaMove": obj(["uci", "san", "from", "to", "by"], uci=STR, san=STR, **{"from": SQUARE_NAME, "to": SQUARE_NAME},
                    by={"type": "string", "enum": ["men", "king"]}),
    "Board3D": {"description": f"an n×n×n board, {MIN_N} ≤ n ≤ {MAX_N}: the board notation "
                               "'[###,n##,#rr],[...]' (boards top to bottom, each board's rows from Black's side, "
                               "each row left to right; KQRBN White, kqrbn Black, # or . empty), its URL form "
                               "'3,n2,1rr/...' (a run of empty cubes as its length), or an array of boards of "
                               "row strings or of characters. Several kings of one colour: 400 illegal_position",
                "oneOf": [{"type": "string", "minLength": 1, "examples": ["3,n2,1rr/1b1,3,3/3,3,bRK"]},
                          array({"type": ["string", "array"]}, minItems=1)]},
    "CustomPieces": {"type": "object", "propertyNames": {"type": "string", "pattern": "^[AC-JLMOPS-Zac-jlmops-z]$"},
                     "additionalProperties": {"type": "string", "pattern": "^[0-9]{3}\\*?(,[0-9]{3}\\*?)*$"},
                     "description": (
                         "pieces besides K Q R B N, by letter (upper or lower case alike; on the board upper case "
                         "White, lower case Black): each its atoms, three digits in ascending order (every "
                         "permutation and sign implied) and * for a rider, comma-separated: {\"U\": \"011*\", "
                         "\"A\": \"111*,012\"}. A bad letter or atom: 400 bad_piece naming it"),
                     "examples": [{"U": "011*"}]},
    "Analysis3D": obj(["n", "check", "checkmate", "stalemate", "checkers"], n=INT, check=BOOL, checkmate=BOOL,
                      stalemate=BOOL, checkers=array(CUBE, description="the pieces giving check")),
    "Position3D": obj(["n", "turn", "url", "pieces", "custom_pieces", "kings", "kings_touch", "problems", "check",
                       "checkmate", "stalemate", "checkers", "attacks", "moves"], n=INT, turn=COLOR,
                      url=said(STR, "the board's URL form"), pieces=PIECES_3D,
                      custom_pieces=said(ref("CustomPieces"), "the custom pieces, each in its canonical text"),
                      kings=obj(["w", "b"], w={"oneOf": [CUBE, {"type": "null"}]}, b={"oneOf": [CUBE, {"type": "null"}]}),
                      kings_touch=said(BOOL, "the two kings stand on neighbouring cubes"),
                      problems=array(STR, description=(
                          "what keeps the board from being a game position, in words: a king of either colour "
                          "missing, the kings touching, the side not to move in check; empty when none")),
                      problems_words=said(WORDS, "the problems as messages, for a page to translate"),
                      check=BOOL, checkmate=BOOL, stalemate=BOOL,
                      checkers=array(CUBE, description="the side to move's status (all false and empty when it "
                                                       "has no king)"),
                      attacks=obj(["w", "b"], w=array(CUBE), b=array(CUBE)),
                      moves=array(obj(["from", "to"], **{"from": CUBE, "to": array(CUBE)}),
                                  description="every piece of either colour and its legal destinations")),
    "Move3D": obj(["from", "to", "piece", "notation", *VALUE_REQUIRED, "pieces"], **{"from": CUBE, "to": CUBE},
                  piece=said({"type": "string", "pattern": "^[wb][A-Z]$"}, "the piece moved (bK: the lone king)"),
                  notation=NOTATION_3D,
                  **MOVE_VALUE, insufficient_material=INSUFFICIENT_3D, check=said(BOOL, "the move gives check"),
                  pieces=said(PIECES_3D, "the pieces after the move")),
    "Probe3D": obj(["n", "material", "turn", *VALUE_REQUIRED, "moves"], n=INT,
                   material=said(STR, "White's material, like 'KRNK' ('KK' when White has no man)"), turn=COLOR,
                   **VALUE, insufficient_material=INSUFFICIENT_3D, check=said(BOOL, "the side to move is in check"),
                   moves=array(ref("Move3D"), description=BEST_FIRST)),
    "EndgamePosition": {"allOf": [ref("Probe3D"), obj(["board"], board=said(STR, "the position, in the notation"),
                                                       custom_pieces=said(ref("CustomPieces"), _CUSTOM_LETTERS))]},
    "EndgameSummary": obj(["material", *_COUNTS_REQUIRED, "example", "explanation", "source"], material=STR,
                          **_COUNTS,
                          example=said({"type": ["string", "null"]}, (
                              "a position of one of the longest mates, White to move, in the 3D notation; null "
                              "when nothing is won")),
                          explanation=array(STR, description="what the numbers mean, in sentences"),
                          explanation_words=said(WORDS, "the same sentences as messages, for a page to translate"),
                          source={"type": "string", "enum": ["table", "results"], "description": (
                              "table: read from the table's file on this server; results: the table is not here, "
                              "its verified figures come from the results file (results/3d.json)")},
                          verified=said(BOOL, "source table: the results file holds this table, verified"),
                          custom_pieces=said(ref("CustomPieces"), _CUSTOM_LETTERS),
                          table=said(ref("TableState"), "source results: the table's state on this server")),
    "BuildCost": obj(["entries", "memory_bytes", "cpu_seconds", "file_bytes", "measured", "basis"],
                     entries=said(INT, "the table's entries (a byte each in its file)"),
                     memory_bytes=said(INT, "the build's peak memory"), cpu_seconds={"type": "number"},
                     file_bytes=INT, measured=said(BOOL, "measured by build --record; else estimated"),
                     basis=said(STR, "'measured', or what the estimate is scaled from")),
    "RecordMove3D": obj(["from", "to", "piece", "notation", "capture", "check", "checkmate", "stalemate", "board",
                         "turn", "pieces"], **{"from": CUBE, "to": CUBE},
                        piece={"type": "string", "pattern": "^[wb][A-Z]$"}, notation=NOTATION_3D,
                        capture=BOOL, check=said(BOOL, "the side then to move is in check"), checkmate=BOOL,
                        stalemate=BOOL, board=said(STR, "the board after the move, in its URL form"),
                        turn=said(COLOR, "to move after it"), pieces=said(PIECES_3D, "the pieces after the move")),
    "Game3D": obj(["n", "board", "turn", "pieces", "custom_pieces", "moves", "result", "record", "url"], n=INT,
                  board=said(STR, "the start, in its URL form"), turn=said(COLOR, "to move at the start"),
                  custom_pieces=said(ref("CustomPieces"), "the custom pieces, each in its canonical text"),
                  pieces=said(PIECES_3D, "the pieces at the start"),
                  moves=array(ref("RecordMove3D"), description="the moves, each checked and written anew"),
                  result={"type": ["string", "null"], "enum": ["1-0", "0-1", "1/2-1/2", None],
                          "description": "once the last move mates or stalemates; else null"},
                  record=said(STR, 'the whole record to save: [Board "..."] and [Turn "White"] tags, then the '
                                   "numbered moves and the result"),
                  url=said(STR, "the moves for a URL query, without check marks: 'Qb3(I)-a3(I),Ka3(III)-a2(III)'")),
    "FaceDistanceCount": obj(["distance", "positions", "won"], distance={**INT, "minimum": 0},
                             positions={**INT, "description": "legal White-to-move positions"},
                             won={**INT, "description": "of which White wins"}),
    "Endgames": obj(["n", "endgames"], n=INT, endgames=array(ref("EndgameSummary")), not_built=array(
        ref("TableState"), description="without a material: the tables of n neither built here nor in the results "
                                       "file, with their states (nothing is queued: name a material to build one)")),
    "TableState": obj(["material", "n", "size", "state"], **_TABLE, state={
        "type": "string", "enum": ["ready", "building", "queued", "failed", "missing", "unavailable"],
        "description": "ready (with its counts), building or queued (with stage and fraction), failed (with its "
                       "reason), missing (not built, nothing queued), unavailable (beyond what this server builds, "
                       "and no file)"}, **_PROGRESS,
        reason=said(STR, "failed: why (a request a minute after the failure queues it again)"), **_COUNTS,
        verified=said(BOOL, "the results file holds this table, verified"),
        result=said(obj(["positions", "won", "longest", "checkmates"], **{k: _COUNTS[k] for k in (
            "positions", "won", "longest", "checkmates")}), "not ready: the results file's verified figures"),
        cost=said(ref("BuildCost"), "not ready: what building it takes"),
        buildable=said(BOOL, "not ready: whether this server builds it on request (within its limits)")),
    "TableStates": obj(["tables"], limits=said(STR, "the tables this server builds on demand"),
                       limits_words=said(ref("Words"), "limits as a message of the pages' catalogue"),
                       tables=array(ref("TableState"))),
    "Pieces2D": array(array({"type": ["string", "integer"]}, minItems=4, maxItems=4),
                      description='a list: [["W", "K", 5, 1], ...] (colour, piece, file 1-8, rank 1-8)'),
    "Verdict2D": obj(["valid", "reason", "move_words", "pieces"], valid=BOOL, reason=said(STR, "why, in words"),
                     move_words=said(STR, "the move asked about, in words: 'the white pawn on a7 to a8', "
                                          "'a white pawn to a8'"),
                     pieces=array(obj(["square", "valid", "reason"], square=SQUARE_NAME, valid=BOOL, reason=STR),
                                  description="each piece that could make the move, judged"),
                     words=said(obj([], reason=ref("Words"), move=ref("Words")),
                                "the reason and the move as messages, for a page to translate"),
                     after=said(STR, "a valid UCI move: the board once played (FEN placement)"),
                     after_board={**PIECES, "description": "a valid UCI move: the board once played"}),
    "Position2D": obj(["fen", "pieces", "board", "checkers", "in_check", "pins", "destinations"],
                      fen=said(STR, "the board's FEN placement"), pieces=ref("Pieces2D"), board=PIECES,
                      checkers=said(obj(["w", "b"], w=array(SQUARE_NAME), b=array(SQUARE_NAME)),
                                    "by colour, the pieces giving check to that colour's king"),
                      in_check=array(SQUARE_NAME, description="the squares of the kings in check"),
                      pins=array(obj(["square", "by"], square=SQUARE_NAME, by=SQUARE_NAME),
                                 description="each piece pinned against its own king, and the piece pinning it"),
                      destinations={"type": "object", "propertyNames": SQUARE_NAME,
                                    "additionalProperties": array(SQUARE_NAME),
                                    "description": "every piece's legal destinations, by its square"}),
    "SolitaireBoard": {"description": f"an n×n board, n up to {SOLITAIRE_MAX_SIDE}: a string of n² characters "
                                      "('.' empty, K Q R B N P), rows top to bottom; or a list of row "
                                      "lists or list of [piece, x, y] (with 'n' when not 4×4)",
                       "oneOf": [{"type": "string", "minLength": 1, "examples": [".....B..RP.....N"]},
                                 array({}, minItems=1)]},
    "Solution": obj(["solvable", "count", "solutions", "n", "board"], solvable=BOOL,
                    count={"type": "integer", "minimum": 0}, solutions=array(array(SOLITAIRE_MOVE)), n=INT, board=STR),
    "SolitaireState": obj(["board", "n", "pieces", "status", "coordinates", "captures"],
                          board=STR, n=INT, pieces=INT,
                          status={"type": "string", "enum": ["solved", "playing", "stuck"]},
                          coordinates=array(array({"type": ["integer", "string"]}, minItems=3, maxItems=3),
                                            description="each piece as [x, y, kind], [0, 0] bottom-left"),
                          captures=array(SOLITAIRE_MOVE)),
    "Hint": obj(["move", "message"], move={"oneOf": [SOLITAIRE_MOVE, {"type": "null"}]}, message=STR),
    "Puzzle": obj(["board", "n", "pieces", "solutions", "difficulty"], board=STR, n=INT, pieces=INT,
                  solutions=INT, difficulty=STR),
}
