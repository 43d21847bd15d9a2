"""The JSON schemas of the API's bodies and answers (OpenAPI 3.1 components, JSON Schema 2020-12).
They state types and the limits the server enforces; what a schema cannot state (a FEN that parses
but is no legal position, a board past the solver's budget) is a documented 400 or 404."""

from __future__ import annotations

from tablebase.cube.board import MAX_N, MIN_N
from tablebase.solitaire.board import MAX_N as SOLITAIRE_MAX_N


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


INT = {"type": "integer"}
BOOL = {"type": "boolean"}
STR = {"type": "string"}
NUM = {"type": "number"}
NULLABLE_INT = {"type": ["integer", "null"]}
CATEGORY = {"type": "string", "enum": ["win", "loss", "draw", "illegal", "maybe-win", "maybe-loss",
                                       "cursed-win", "blessed-loss", "unknown"]}
COLOR = {"type": "string", "enum": ["w", "b"]}
CUBE = array(INT, minItems=3, maxItems=3, description="[x, y, z]: column, row (0 = Black's side), board (0 = top)")
SQUARE = array(INT, minItems=2, maxItems=2, description="[x, y], [0, 0] bottom-left")
SOLITAIRE_MOVE = array(SQUARE, minItems=2, maxItems=2, description="[from, to]")
SQUARE_NAME = {"type": "string", "pattern": "^[a-h][1-8]$"}

PIECES = {"type": "object", "propertyNames": SQUARE_NAME,
          "additionalProperties": {"type": "string", "pattern": "^[wb][KQRBNP]$"},
          "description": 'the pieces by square, colour then kind: {"e4": "wK", ...}'}
STRONG = {**COLOR, "description": "the side holding the men (White when only kings stand)"}

_VALUE = {"category": CATEGORY, "dtm": NULLABLE_INT, "checkmate": BOOL, "stalemate": BOOL}

SCHEMAS: dict[str, dict] = {
    "Error": obj(["error", "message"],
                 error={"type": "string", "description": "a stable code: bad_request, bad_board, not_in_table, ..."},
                 message={"type": "string", "description": "what was wrong, quoting the input (shortened)"}),
    "TableBuilding": obj(["state"], state={"type": "string", "enum": ["queued", "building"]},
                         fraction={"type": "number", "minimum": 0, "maximum": 1}, stage=STR),
    "Health": obj(["status", "version", "table"], status={"const": "ok"}, version=STR,
                  table=obj(["loaded"], loaded=BOOL, longest_mate=INT)),
    "ProbeMove": obj(["uci", "san", "category", "dtm"], uci=STR, san=STR, **_VALUE,
                     insufficient_material=BOOL, check=BOOL, zeroing=BOOL, halfmove_clock=INT,
                     **{"from": SQUARE_NAME, "to": SQUARE_NAME},
                     fen={**STR, "description": "the position after the move, with its clocks"},
                     pieces={**PIECES, "description": "the pieces after the move"}),
    "Probe": obj(["category", "dtm", "checkmate", "stalemate", "moves"], **_VALUE, insufficient_material=BOOL,
                 check=BOOL, turn=COLOR, strong=STRONG, pieces=PIECES, moves=array(ref("ProbeMove"))),
    "RandomProbe": {"allOf": [ref("Probe"), obj(["fen"], fen=STR)]},
    "Mainline": obj(["fen", "mainline"], fen=STR,
                    mainline=array(obj(["uci", "san", "dtm"], uci=STR, san=STR, dtm=NULLABLE_INT))),
    "Board2D": obj(["fen", "turn", "strong", "pieces", "fullmove"], fen=STR, turn=COLOR, strong=STRONG,
                   pieces=PIECES, fullmove={**INT, "description": "the move number, for a game's record"}),
    "Heatmap": obj(["fen", "strong", "squares"], fen={
        **STR, "description": "the map's key: the strong side's king and men alone, that side to move"},
        strong=STRONG, squares={
        "type": "object", "propertyNames": SQUARE_NAME, "additionalProperties": obj(["category"], **_VALUE)}),
    "Coach": obj(["fen", "mating_corners", "region", "phase", "advice"], fen=STR,
                 mating_corners=array(SQUARE_NAME), region=array(SQUARE_NAME), region_size=INT,
                 phase={"type": ["string", "null"]}, advice=STR, lone_king={"type": ["string", "null"]},
                 target_corner={"type": ["string", "null"]}),
    "Lesson": {"allOf": [ref("Probe"), obj(["lesson", "fen", "coach"], lesson=INT, fen=STR, coach={"type": "object"})]},
    "MateCoach": obj(["fen", "region", "phase", "advice"], fen=STR, mating_corners=array(SQUARE_NAME),
                     region=array(SQUARE_NAME), region_size=INT, phase={"type": ["string", "null"]}, advice=STR,
                     lone_king={"type": ["string", "null"]}),
    "MatesLesson": {"allOf": [ref("Probe"), obj(["lesson", "ending", "fen", "coach"], lesson=INT, ending=STR, fen=STR,
                                                coach={"type": "object"})]},
    "Board3D": {"description": f"an n×n×n board, {MIN_N} ≤ n ≤ {MAX_N}: the seed's notation "
                               "'[###,n##,#rr],[...]', its URL form '3,n2,1rr/...', or an array of layers of "
                               "row strings or of characters",
                "oneOf": [{"type": "string", "minLength": 1, "examples": ["3,n2,1rr/1b1,3,3/3,3,bRK"]},
                          array({"type": ["string", "array"]}, minItems=1)]},
    "Analysis3D": obj(["n", "check", "checkmate", "stalemate", "checkers"], n=INT, check=BOOL, checkmate=BOOL,
                      stalemate=BOOL, checkers=array(CUBE)),
    "Position3D": obj(["n", "turn", "url", "kings", "problems", "moves"], n=INT, turn=COLOR, url=STR,
                      kings=obj(["w", "b"], w={"oneOf": [CUBE, {"type": "null"}]}, b={"oneOf": [CUBE, {"type": "null"}]}),
                      problems=array(STR), check=BOOL, checkmate=BOOL, stalemate=BOOL, checkers=array(CUBE),
                      attacks=obj(["w", "b"], w=array(CUBE), b=array(CUBE)),
                      moves=array(obj(["from", "to"], **{"from": CUBE, "to": array(CUBE)}))),
    "Move3D": obj(["from", "to", "piece", "category", "dtm"], **{"from": CUBE, "to": CUBE}, piece=STR, **_VALUE,
                  check=BOOL, pieces={"type": "object", "additionalProperties": {"type": "string"},
                                      "description": 'the pieces after the move by cube: {"x,y,z": "wK", ...}'}),
    "Probe3D": obj(["category", "dtm", "moves"], n=INT, material=STR, turn=COLOR, **_VALUE, moves=array(ref("Move3D"))),
    "EndgamePosition": {"allOf": [ref("Probe3D"), obj(["board"], board=STR)]},
    "EndgameSummary": obj(["material", "positions", "won", "drawn", "longest", "histogram", "checkmates"],
                          material=STR, positions=INT, won=INT, drawn=INT, longest=NULLABLE_INT,
                          histogram=array(INT, description="won White-to-move positions mating in 1, 2, ... moves"),
                          checkmates={**INT, "description": "Black-to-move checkmate positions"},
                          won_by_face_distance={
                              "type": ["array", "null"], "items": ref("FaceDistanceCount"),
                              "description": "per distance of the lone king to the nearest face (0: on a face), "
                                             "nearest first; null for a table file written before it was recorded"},
                          example={"type": ["string", "null"]},
                          explanation=array(STR, description="what the numbers mean, in sentences")),
    "FaceDistanceCount": obj(["distance", "positions", "won"], distance={**INT, "minimum": 0},
                             positions={**INT, "description": "legal White-to-move positions"},
                             won={**INT, "description": "of which White wins"}),
    "Endgames": obj(["n", "endgames"], n=INT, endgames=array(ref("EndgameSummary"))),
    "TableState": obj(["material", "n", "state"], material=STR, n=INT, state={
        "type": "string", "enum": ["ready", "building", "queued", "missing", "unavailable"]},
        stage=STR, fraction=NUM),
    "TableStates": obj(["tables"], limits=STR, tables=array(ref("TableState"))),
    "Pieces2D": array(array({"type": ["string", "integer"]}, minItems=4, maxItems=4),
                      description='the seed\'s form: [["W", "K", 5, 1], ...] (colour, piece, file 1-8, rank 1-8)'),
    "Verdict2D": obj(["valid", "reason"], valid=BOOL, reason=STR,
                     pieces=array(obj(["square", "valid", "reason"], square=SQUARE_NAME, valid=BOOL, reason=STR)),
                     after=STR, after_board={**PIECES, "description": "the board once played"}),
    "Position2D": obj(["fen", "pieces", "board", "destinations"], fen=STR, pieces=ref("Pieces2D"), board=PIECES,
                      checkers=obj(w=array(SQUARE_NAME), b=array(SQUARE_NAME)), in_check=array(STR),
                      pins=array({"type": "object"}),
                      destinations={"type": "object", "propertyNames": SQUARE_NAME,
                                    "additionalProperties": array(SQUARE_NAME)}),
    "SolitaireBoard": {"description": f"an n×n board, n up to {SOLITAIRE_MAX_N}: a string of n² characters "
                                      "('.' empty, K Q R B N P), rows top to bottom; or the seed's list of row "
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
