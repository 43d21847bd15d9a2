"""``probe``: the value of a position and of each of its moves, its table built first when missing
or damaged (and the tables its captures lead to). A FEN is a position of the 8x8 board's tables,
either side holding the men; a board in the 3D lab's notation (``[###,...]`` or its URL form,
``--turn`` to move) a position of the cube's tables."""

from __future__ import annotations

import json

from ..cube.endgames import from_board
from ..cube.endgames import probe as cube_probe
from ..core.cube_notation import CubePosition
from ..mates import parse_position, probe
from .store import table_store


def run(args) -> int:
    store = table_store(args.dir, kbnk_path=args.table)
    if "[" in args.position or "," in args.position:  # never in a FEN
        position = from_board(CubePosition.parse(args.position), args.turn)
        store.build_now(position.table, check=True)
        answer = cube_probe(store.table, position)
        side = "white" if args.turn == "w" else "black"
        name = lambda move: f"{move['piece']:<3} {_cube(move['from'])}-{_cube(move['to'])}"  # noqa: E731
    else:
        table = parse_position(args.position).position.table
        if table.material.pieces:
            store.build_now(table, check=True)
        answer = probe(store.table, args.position)
        side = "white" if args.position.replace("_", " ").split()[1:2] in ([], ["w"]) else "black"
        name = lambda move: f"{move['san']:<8} {move['uci']:<6}"  # noqa: E731
    if args.json:
        print(json.dumps(answer, indent=2))
        return 0
    print(f"{side} to move: {_describe(answer)}")
    for move in answer["moves"]:
        print(f"  {name(move)} {_describe(move)}")
    return 0


def _cube(coords) -> str:
    return "(" + ",".join(map(str, coords)) + ")"


def _describe(value: dict) -> str:
    flags = [name for name in ("checkmate", "stalemate", "insufficient_material") if value[name]]
    dtm = "" if value["dtm"] is None else f" dtm {value['dtm']:+d}"
    return f"{value['category']}{dtm}" + (f" ({', '.join(flags)})" if flags else "")
