"""``python -m tablebase``: build, verify, probe, stats and export the KBNK table; build, verify
and list the 3D endgame tables."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path


def _table_arg(path: str | None) -> Path:
    from .kbnk.location import table_path

    return Path(path) if path else table_path()


def _build(args) -> int:
    from .kbnk import build_table, save_table
    from .kbnk.progress import ProgressBar
    from .kbnk.tablefile import table_target

    table_target(_table_arg(args.out))  # refuse a folder before building
    started = time.perf_counter()
    bar = ProgressBar(sys.stderr)
    table = build_table(progress=bar)
    bar.close()
    path = save_table(table, _table_arg(args.out))
    elapsed = time.perf_counter() - started
    print(f"wrote {path} ({path.stat().st_size} bytes, longest mate {table.longest} moves) "
          f"in {elapsed:.2f} s")
    return 0


def _load(path: Path):
    from .kbnk import load_table

    return load_table(path)


def _verify(args) -> int:
    from .kbnk import expand, verify

    path = _table_arg(args.path)
    started = time.perf_counter()
    report = verify(table := _load(path), expand(table))
    for name, count in report.faults.items():
        print(f"{'ok   ' if not count else 'FAULT'} {name}: {count}")
    for fen in report.examples:
        print(f"      e.g. {fen}")
    verdict = "passes" if report.ok else "FAILS"
    print(f"{path}: {verdict} ({report.checked} positions, {time.perf_counter() - started:.1f} s)")
    return 0 if report.ok else 1


def _probe(args) -> int:
    from .kbnk import ensure_table, probe

    table = ensure_table(_table_arg(args.table), announce=lambda m: print(m, file=sys.stderr))
    answer = probe(table, args.fen)
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
    from .kbnk import expand, side_stats
    from .kbnk.board import is_light

    table = _load(_table_arg(args.path))
    full = expand(table)
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
    from .kbnk import expand, export_u8

    table = _load(_table_arg(args.table))
    for path in export_u8(expand(table), args.u8):
        print(f"wrote {path}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tablebase", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="generate the KBNK table and write the table file")
    build.add_argument("--out", help="table file to write (default: $KBNK_TABLE or data/kbnk.bin)")
    build.set_defaults(run=_build)
    check = commands.add_parser("verify", help="re-check every entry against its successors")
    check.add_argument("path", nargs="?", help="table file (default: $KBNK_TABLE or data/kbnk.bin)")
    check.set_defaults(run=_verify)
    probe = commands.add_parser("probe", help="value of a position and of each of its moves")
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


if __name__ == "__main__":
    sys.exit(main())
