"""The command line's verbs, one set for every table, and the names kept from before every verb
took any table: ``build3d``, ``verify3d`` and ``endgames3d`` (``build``, ``verify`` and ``stats``
of the cube's tables, every material and n = 3 unless told)."""

from __future__ import annotations

import argparse

from ..cube.endgames.results import DEFAULT_PATH
from . import build, compress, probe, results, stats, verify

TABLE = ("a material like KBNK (the default) or KRNK, several separated by commas, or one, two or all "
         "(one or two men besides the king), or three (Raumschach's 20 three-man materials, on the cube); on the "
         "8x8 board, or on the n*n*n cube with --n")
FILE = "or the path of the KBNK table's file"


def parser(description: str) -> argparse.ArgumentParser:
    """The command line's parser: every verb, then the names kept from before.

    >>> parser("tables").parse_args(["stats", "KQK", "--n", "3"]).material
    'KQK'
    """
    found = argparse.ArgumentParser(prog="python -m tablebase", description=description,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
    verbs = found.add_subparsers(dest="command", required=True)
    _build_and_verify(verbs)
    _results_verb(verbs)
    _compress_and_stats(verbs)
    _probe_verb(verbs)
    _export_verb(verbs)
    _aliases(verbs)
    return found


def _verb(verbs, name: str, run, help: str, table: str | None = TABLE, n: str | None = None):
    """A verb taking ``TABLE`` (or, for an alias, ``--material``), ``--n`` and ``--dir``."""
    command = verbs.add_parser(name, help=help)
    if table is not None:
        command.add_argument("material", metavar="TABLE", nargs="?", default="KBNK", help=table)
        command.add_argument("--material", dest="material_option", metavar="TABLE", help="TABLE, named so")
    else:
        command.add_argument("--material", default="all",
                             help="KQK, KRNK, ... (comma-separated), 'one', 'two' or 'all' (default)")
    command.add_argument("--n", default=n, help="the cube's size, or a range like 3-6"
                         + (f" (default {n})" if n else " (without it: the 8x8 board)"))
    command.add_argument("--dir", help="table folder (default: $KBN_TABLES or data/tables)")
    command.add_argument("--piece", action="append", metavar="LETTER=ATOMS",
                         help="a custom piece the material's letter names, like U=011* or A=111*,012 (three "
                              "digits an atom on the cube, two on 8x8; * a rider); repeat for several")
    command.set_defaults(run=run)
    return command


def _json_lines(command) -> None:
    command.add_argument("--json", action="store_true", help="the cube's tables as JSON, one object a line: "
                         "material, pieces, n, positions, won, longest, checkmates")


def _record(command, what: str) -> None:
    command.add_argument("--record", nargs="?", const=str(DEFAULT_PATH), metavar="FILE",
                         help=f"write {what} into the results file (default results/3d.json in the checkout)")


def _scheduler(command) -> None:
    command.add_argument("--scheduler", help="build on Dask distributed, split by the White king's square: 'local' "
                         "(a cluster of 2 processes here) or a scheduler's address like tcp://host:8786")


def _build_and_verify(verbs) -> None:
    command = _verb(verbs, "build", build.run, "build tables (smaller materials first) and write their files")
    command.add_argument("--out", help="the KBNK table's file to write (default: $KBNK_TABLE, or KBNK-8x8.tbl in "
                                       "the folder)")
    _scheduler(command)
    _record(command, "what each cube's build took (time, CPU, peak memory)")
    command = _verb(verbs, "verify", verify.run, "re-check every entry of tables against its successors", TABLE + ", " + FILE)
    _record(command, "each cube's table that passes, with its figures read off the verified entries")


def _compress_and_stats(verbs) -> None:
    command = _verb(verbs, "compress", compress.run, "convert table files of format version 2, or in an older layout, "
                    "into the current one in place, every entry checked", TABLE + ", " + FILE)
    _record(command, "each cube's table converted, with its file's new size")
    command = _verb(verbs, "stats", stats.run, "legal, won, drawn counts and DTM histograms (8x8); won share and "
                    "longest mate (cube)", TABLE + ", " + FILE)
    command.add_argument("--faces", action="store_true",
                         help="also the won positions by the lone king's distance to the nearest face (cube)")
    _json_lines(command)


def _export_verb(verbs) -> None:
    command = _verb(verbs, "export", stats.export, "write wtm.u8 and btm.u8: both sides' values of every placement "
                    "of a table of the 8x8 board (KBNK: 64^4 bytes each)", TABLE + ", " + FILE)
    command.add_argument("--u8", required=True, metavar="DIR", help="directory to write into")
    command.add_argument("--table", help="the KBNK table's file")


def _results_verb(verbs) -> None:
    command = verbs.add_parser("results", help="print the results file's verified 3D tables as the markdown table "
                               "of docs/3d-endgames.md")
    command.add_argument("--file", default=str(DEFAULT_PATH), help="the results file (default results/3d.json)")
    shown = command.add_mutually_exclusive_group()
    shown.add_argument("--costs", action="store_true", help="what building and verifying the two-man tables "
                       "took per board size (the table of docs/3d-endgames.md#larger-boards)")
    shown.add_argument("--sizes", action="store_true", help="the files of the two-man tables from 7x7x7 (the "
                       "table of docs/table-service.md#measured)")
    shown.add_argument("--three", action="store_true", help="Raumschach's 20 three-man materials on 3x3x3 to 5x5x5: "
                       "which force mate from every position, most, fewer than half or never (the table of "
                       "docs/3d-endgames.md#published-claims-about-raumschachs-pieces)")
    command.add_argument("--into", metavar="DOC", help="write it into DOC's block marked with this command "
                         "(<!-- results: python -m tablebase results ... -->) instead of printing it")
    command.set_defaults(run=results.run)


def _probe_verb(verbs) -> None:
    command = verbs.add_parser("probe", help="value of a position and of each of its moves (any table)")
    command.add_argument("position", help="a FEN (8x8), or a 3D board in the lab's notation")
    command.add_argument("--turn", default="w", choices=("w", "b"), help="the side to move on a 3D board")
    command.add_argument("--json", action="store_true", help="print the lichess-style JSON")
    command.add_argument("--table", help="the KBNK table's file (built there when missing)")
    command.add_argument("--dir", help="table folder (default: $KBN_TABLES or data/tables)")
    command.set_defaults(run=probe.run)


def _aliases(verbs) -> None:
    """The names kept from before every verb took any table: the cube's tables, every material."""
    command = _verb(verbs, "build3d", build.run, "build 3D endgame tables: build --n N", table=None, n="3")
    _scheduler(command)
    _record(command, "what each build took")
    command.set_defaults(out=None)
    command = _verb(verbs, "verify3d", verify.run, "re-check 3D endgame tables: verify --n N", table=None, n="3")
    _record(command, "each table that passes, with its figures")
    command = _verb(verbs, "endgames3d", stats.run, "won share and longest mate of the built 3D tables: stats --n N",
                    table=None, n="3")
    command.add_argument("--faces", action="store_true",
                         help="also the won positions by the lone king's distance to the nearest face")
    _json_lines(command)
