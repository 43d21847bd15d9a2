"""``python -m tablebase`` (or ``tablebase``): one set of verbs for every table, in one folder.

    build  [TABLE] [--n N] [--out FILE] [--scheduler ADDR]   build tables (KBNK by default)
    verify [TABLE|FILE] [--n N]                              re-check every entry
    stats  [TABLE|FILE] [--n N] [--faces]                    what the tables hold
    probe  POSITION [--turn w|b] [--json] [--table FILE]     a FEN, or a 3D board
    export --u8 DIR [TABLE|FILE]                             both sides of an 8x8 table, as bytes
    compress [TABLE|FILE] [--n N]                            old table files compressed in place

TABLE is a material (KBNK, KRNK, ...), several separated by commas, or one, two or all; on the 8x8
board, or with ``--n`` (a size or a range like 3-6) on the n*n*n cube: ``verify KRNK --n 5``. Every
verb takes ``--dir`` (the table folder: $KBN_TABLES, else data/tables; the KBNK table may live at
$KBNK_TABLE). Kept from before: ``build3d``, ``verify3d``, ``endgames3d`` (``--material``, n = 3).
"""

from __future__ import annotations

import logging
import sys

from .store import table_store
from .verbs import parser

__all__ = ["main", "table_store"]


def main(argv: list[str] | None = None) -> int:
    args = parser(__doc__).parse_args(argv)
    if getattr(args, "material_option", None):  # ``build --material KAK`` as ``build KAK``
        args.material = args.material_option
    heard = logging.StreamHandler(sys.stderr)  # the store says what it builds, and why
    heard.setFormatter(logging.Formatter("%(message)s"))
    logger = logging.getLogger("tablebase")
    logger.setLevel(logging.INFO)
    logger.addHandler(heard)
    try:
        return args.run(args)
    except FileNotFoundError as error:
        print(f"error: no such file: {error.filename!r}", file=sys.stderr)
        return 1
    except OSError as error:  # a folder where a file should be, no permission, a full disk
        print(f"error: {error.strerror}: {error.filename!r}", file=sys.stderr)
        return 1
    except ValueError as error:  # bad FEN, illegal position, bad table file: the message quotes it
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        logger.removeHandler(heard)
