"""``stats``: what the tables hold. On the 8x8 board, from both sides' values of every placement
(``mates.expansion``): legal, won and drawn positions and the DTM histogram per side to move, also
with the bishop on light squares alone where the material has one bishop. On the cube, a line
per material of each size's won share and longest mate (``--faces``: also the wins by the lone
king's distance to the nearest face, and the checkmates; ``--json``: a JSON object per table).
``export --u8``: the 8x8 values as files."""

from __future__ import annotations

import json

from ..core.geometry import is_light
from ..cube.endgames.faces import wins_by_face
from ..cube.endgames.summary import summary
from ..mates.expansion import expand, export_u8, side_stats
from ..tables import TableId, TableStore
from .store import chosen, opened


def run(args) -> int:
    store, tables = chosen(args)
    flat = [t for t in tables if t.dim == 2]
    for table in flat:
        if len(flat) > 1:
            print(f"=== {table.material.name}")
        _flat_stats(store, table)
    cubes = [t for t in tables if t.dim == 3]
    if cubes and getattr(args, "json", False):
        for table in cubes:
            print(json.dumps(table_json(store, table)), flush=True)
    elif cubes:
        _overview(store, cubes, args.faces)
    return 0


def table_json(store: TableStore, table: TableId) -> dict:
    """One table's line of ``--json``: its material, White's men as atoms, size and counts (a
    table not built: its counts null)."""
    found = store.opened(table)
    facts = found.summary if found is not None else None
    pieces = [table.board.rules.definitions[kind].text for kind in table.material.pieces]
    return {"material": table.material.name, "pieces": pieces, "n": table.n,
            "positions": facts.positions if facts else None, "won": facts.won if facts else None,
            "longest": (facts.longest or None) if facts else None, "checkmates": facts.checkmates if facts else None}


def _flat_stats(store: TableStore, table: TableId) -> None:
    opened(store, table)  # there and sound: no build
    full = expand(store.table, table)
    scopes = [("all positions", None)]
    if table.material.pieces.count("B") == 1:
        scopes.append(("light-squared bishop", [is_light(s) for s in range(64)]))
    for title, bishops in scopes:
        print(f"== {title}")
        for stats in side_stats(full, bishops):
            side = "white to move" if stats.side == "wtm" else "black to move"
            print(f"{side}: legal {stats.legal}, won {stats.won}, drawn {stats.drawn} "
                  f"({stats.drawn / stats.legal:.2%}), longest {stats.longest}")
            print("  dtm histogram (white moves: positions): " +
                  ", ".join(f"{n}: {c}" for n, c in enumerate(stats.histogram) if c))


def _overview(store: TableStore, tables: list[TableId], faces: bool) -> None:
    """A row per material, a column per size: the won share and the longest mate."""
    sizes = sorted({t.n for t in tables})
    materials = list(dict.fromkeys(t.material for t in tables))
    print("material " + " ".join(f"{'n=' + str(n):>14}" for n in sizes))
    for material in materials:
        cells = []
        for n in sizes:
            table = store.opened(TableId.cube(material, n))
            if table is None:
                cells.append("not built")
                continue
            row = summary(table)
            won = row["won"] / row["positions"] if row["positions"] else 0
            cells.append(f"{won:6.1%} {('#' + str(row['longest'])) if row['longest'] else '-':>4}")
        print(f"{material.name:<8} " + " ".join(f"{c:>14}" for c in cells))
    if faces:
        _faces(store, tables)


def _faces(store: TableStore, tables: list[TableId]) -> None:
    print("won positions by the lone king's distance to the nearest face (0: on a face); checkmates")
    for table_id in tables:
        table = store.opened(table_id)
        if table is not None and table.summary.won:
            recorded = table.summary.by_face_distance
            found = wins_by_face(table) if recorded is None else [c.won for c in recorded]
            print(f"{table_id.material.name} n={table_id.n}: " + ", ".join(f"{d}: {c}" for d, c in enumerate(found))
                  + f"; checkmates {table.summary.checkmates}", flush=True)


def export(args) -> int:
    """``export --u8 DIR``: ``wtm.u8`` and ``btm.u8`` of one table of the 8x8 board."""
    if args.table:
        args.material = args.table  # --table FILE: the KBNK table's file
    store, tables = chosen(args)
    if len(tables) != 1 or tables[0].dim != 2:
        raise ValueError(f"export writes the files of one table of the 8x8 board, not {args.material!r}")
    opened(store, tables[0])
    for path in export_u8(expand(store.table, tables[0]), args.u8):
        print(f"wrote {path}")
    return 0
