"""``python -m tablebase``: build, verify, probe, stats and export the KBNK table; build, verify
and list the 3D endgame tables. Every table lives in one folder (``table_store``)."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path


DEFAULT_FOLDER = Path("data") / "tables"  # beside where the command runs (the checkout)


def table_store(folder=None, kbnk_path=None):
    """The command line's store: ``folder``, else ``$KBN_TABLES``, else ``data/tables``; the KBNK
    table at ``kbnk_path``, else ``$KBNK_TABLE``, else in the folder. No server limits: the
    command line builds whatever it is asked for. Builds run in this process."""
    from .tables import Limits, TableStore
    from .mates import KBNK

    kbnk_path = kbnk_path or os.environ.get("KBNK_TABLE")
    if folder is None:
        folder = Path(kbnk_path).parent if kbnk_path else Path(os.environ.get("KBN_TABLES") or DEFAULT_FOLDER)
    paths = {KBNK: Path(kbnk_path)} if kbnk_path else {}
    return TableStore(folder, Limits.everything(), paths=paths, background=False)


def _kbnk(path=None, announce: bool = False):
    """The KBNK table's store, its table built first when missing or damaged."""
    from .mates import KBNK

    store = table_store(kbnk_path=path)
    store.build_now(KBNK, check=True)
    return store


def _build(args) -> int:
    from .mates import KBNK
    from .progress import ProgressBar

    store = table_store(kbnk_path=args.out)
    started = time.perf_counter()
    bar = ProgressBar(sys.stderr)
    table = store.build_now(KBNK, progress=bar, rebuild=True)
    bar.close()
    path = store.path(KBNK)
    elapsed = time.perf_counter() - started
    print(f"wrote {path} ({path.stat().st_size} bytes, longest mate {table.summary.longest} moves) "
          f"in {elapsed:.2f} s")
    return 0


def _opened(path):
    """The KBNK table's store, its table there and sound (no build)."""
    from .mates import KBNK

    store = table_store(kbnk_path=path)
    if store.opened(KBNK) is None:
        raise FileNotFoundError(2, "no such file", str(store.path(KBNK)))
    return store


def _verify(args) -> int:
    from .cube.endgames.verify import verify
    from .mates import KBNK

    store = _opened(args.path)
    started = time.perf_counter()
    smaller = {t.material: store.build_now(t).read_all() for t in KBNK.captures()}
    report = verify(KBNK, store.table(KBNK).read_all(), smaller)
    for name, count in report.faults.items():
        print(f"{'ok   ' if not count else 'FAULT'} {name}: {count}")
    for fen in report.examples:
        print(f"      e.g. {fen}")
    verdict = "passes" if report.ok else "FAILS"
    print(f"{store.path(KBNK)}: {verdict} ({report.checked} positions, {time.perf_counter() - started:.1f} s)")
    return 0 if report.ok else 1


def _probe(args) -> int:
    from .mates import parse_position, probe

    store = _kbnk(args.table, announce=True)
    table = parse_position(args.fen).position.table  # any 2D table: built here when missing
    if table.material.pieces:
        store.build_now(table)
    answer = probe(store.table, args.fen)
    if args.json:
        print(json.dumps(answer, indent=2))
        return 0
    side = "white" if args.fen.replace("_", " ").split()[1:2] in ([], ["w"]) else "black"
    print(f"{side} to move: {_describe(answer)}")
    for move in answer["moves"]:
        print(f"  {move['san']:<8} {move['uci']:<6} {_describe(move)}")
    return 0


def _describe(value: dict) -> str:
    flags = [name for name in ("checkmate", "stalemate", "insufficient_material") if value[name]]
    dtm = "" if value["dtm"] is None else f" dtm {value['dtm']:+d}"
    return f"{value['category']}{dtm}" + (f" ({', '.join(flags)})" if flags else "")


def _stats(args) -> int:
    from .core.geometry import is_light
    from .mates.expansion import expand, side_stats

    full = expand(_opened(args.path).table)
    scopes = [("all positions", None), ("light-squared bishop", [is_light(s) for s in range(64)])]
    for title, bishops in scopes:
        print(f"== {title}")
        for stats in side_stats(full, bishops):
            side = "white to move" if stats.side == "wtm" else "black to move"
            print(f"{side}: legal {stats.legal}, won {stats.won}, drawn {stats.drawn} "
                  f"({stats.drawn / stats.legal:.2%}), longest {stats.longest}")
            print("  dtm histogram (white moves: positions): " +
                  ", ".join(f"{n}: {c}" for n, c in enumerate(stats.histogram) if c))
    return 0


def _export(args) -> int:
    from .mates.expansion import expand, export_u8

    for path in export_u8(expand(_opened(args.table).table), args.u8):
        print(f"wrote {path}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tablebase", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="generate the KBNK table and write the table file")
    build.add_argument("--out", help="table file to write (default: $KBNK_TABLE, or KBNK-8x8.tbl in "
                                     "$KBN_TABLES or data/tables)")
    build.set_defaults(run=_build)
    check = commands.add_parser("verify", help="re-check every entry against its successors")
    check.add_argument("path", nargs="?", help="table file (default: as for build)")
    check.set_defaults(run=_verify)
    probe = commands.add_parser("probe", help="value of a position of any 2D table and of each of its moves")
    probe.add_argument("fen")
    probe.add_argument("--json", action="store_true", help="print the lichess-style JSON")
    probe.add_argument("--table", help="table file (built there when missing)")
    probe.set_defaults(run=_probe)
    stats = commands.add_parser("stats", help="legal, won, drawn counts and DTM histograms")
    stats.add_argument("path", nargs="?", help="table file")
    stats.set_defaults(run=_stats)
    export = commands.add_parser("export", help="write wtm.u8 and btm.u8 (64^4 bytes each)")
    export.add_argument("--u8", required=True, metavar="DIR", help="directory to write into")
    export.add_argument("--table", help="table file")
    export.set_defaults(run=_export)
    from .cube.endgames.commands import add_commands

    add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
