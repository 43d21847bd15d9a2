"""Compressed table files (issue 29), this checkout beside another commit's code (``--against``,
default 9cdab05, the last before the compressed format), in one run:

0. The choice of codec, block size and fill, on KBNK and KQRK 5x5x5 (this checkout's layout and
   "don't care" entries; ``--choice`` alone runs nothing else): each codec's bytes, CPU to compress
   the table, and CPU to decode one block; the fills of the entries no probe reads.
1. Sizes: every table a server builds within the default limits (the 14 tables of the 8x8 board,
   the 3D tables of one man for n <= 10 and of two men for n <= 5), built by each checkout in a
   folder of its own; KBNK-8x8.tbl (target <= 600 KB), the whole set (target <= 20% of the other's
   bytes), by group.
2. The 3D tables of two men on larger cubes (``--cubes 6,7``, KQRK, KQQK and KRNK: the densest,
   men of one kind, a sparse one): built by the other commit, then converted by this one's
   ``compress`` (the same encoder a build runs, every entry checked); the ratio per size and its
   trend to 8x8x8, an estimate. 2b: the big tables found in ``--big`` (default data/tables: the
   8x8x8 ones built by hand, 2.7 GB a byte per entry; target <= 15%).
3. Build time: KBNK and KQRK on 5x5x5 built anew by each checkout, rounds in turn (target: <= 1.1x
   the other's), CPU and wall; the machine is shared, so each figure is a median.
4. ``export --u8`` of every table of the 8x8 board, each checkout from its own files: byte-identical.
5. The probe with every move's value per material (``bench_mates_probe.py``; target <= 1.1x).
6. The same on the cube (``cube_probe_child.py``): won positions of KQK 8x8x8, KQQK 4x4x4, KQRK and
   KRNK 5x5x5, with the server's block cache (32 MB, smaller than the four tables: blocks are
   decoded again) and with one that holds them all (128 MB).

Run: ``.venv/bin/python bench/bench_table_sizes.py [--against REV] [--cubes 6,7] [--rounds 5]
[--probes 200] [--old-tables DIR] [--old-cubes DIR] [--record]`` (folders of the other commit's tables,
built beforehand, read rather than built again; ``--cubes ''``, ``--rounds 0`` and ``--probes 0`` leave
parts out). ``--record`` keeps sections 0, 1 and 3 to 6 in ``results/bench_table_sizes.json`` and writes
the docs' blocks (bench/figures.py; ``--choice --record`` the codecs' alone; bench/table_sizes_figures.py).
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))

BEFORE = "9cdab05"  # the last commit before the compressed format (with the same probe answers)
CHILD = str(Path(__file__).with_name("table_build_child.py"))
BENCH = "bench/bench_table_sizes.py"
ABOUT = ("Written by `bench/bench_table_sizes.py --record`: `codecs`, each codec's bytes, CPU to compress (s) and to "
         "decode a block (s) by block size, and the fills' bytes; `against`, the files' bytes by group [now, before, "
         "tables], the builds' median CPU and wall (s) [now, before], the probes' medians (ms) [now, before], the "
         "exports [identical, tables].")

from table_sizes_choice import choice  # noqa: E402  (the codecs tried, the fills)
from table_sizes_figures import BLOCKS  # noqa: E402  (the docs' blocks of this bench's results)


def checkout(revision: str, directory: Path) -> Path:
    """The ``tablebase`` package of ``revision``, extracted into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", revision, "tablebase"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(directory)], input=archive.stdout, check=True)
    return directory


def build(code: Path, folder: Path, *names: str) -> list[dict]:
    """The child's JSON lines: each table named built by ``code`` in ``folder``."""
    done = subprocess.run([sys.executable, CHILD, str(code), str(folder), *names], check=True, capture_output=True,
                          text=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def _group(row: dict) -> str:
    men = len(row["material"]) - 2
    return f"8x8, {men} man" if row["dim"] == 2 else f"3D, {men} man"


def sizes(old: dict, new: dict) -> dict:
    """Prints the files' bytes by group; returns ``{group: [bytes now, bytes before, tables]}``
    (``"all"`` and ``"KBNK-8x8.tbl"`` among them)."""
    print("1. table files a server builds within the default limits (bytes)")
    print(f"{'':<16} {'now':>13} {'before':>13} {'now/before':>11}")
    groups: dict[str, list[int]] = {}
    for key, row in new.items():
        total = groups.setdefault(_group(row), [0, 0, 0])
        total[0] += row["bytes"]
        total[1] += old[key]["bytes"]
        total[2] += 1
    for name, (now, before, count) in sorted(groups.items()):
        print(f"{name + f' ({count})':<16} {now:13,} {before:13,} {now / before:11.1%}")
    now, before = sum(r["bytes"] for r in new.values()), sum(r["bytes"] for r in old.values())
    print(f"{'all (' + str(len(new)) + ')':<16} {now:13,} {before:13,} {now / before:11.1%}   target <= 20%")
    groups["all"] = [now, before, len(new)]
    kbnk, kbnk_before = new[(2, 8, "KBNK")]["bytes"], old[(2, 8, "KBNK")]["bytes"]
    print(f"{'KBNK-8x8.tbl':<16} {kbnk:13,} {kbnk_before:13,} {kbnk / kbnk_before:11.1%}   target <= 600 KB "
          f"({'met' if kbnk <= 600_000 else 'MISSED'})")
    groups["KBNK-8x8.tbl"] = [kbnk, kbnk_before, 1]
    print("per table: " + ", ".join(f"{k[2]}{'' if k[0] == 2 else f' n={k[1]}'} {r['bytes'] / old[k]['bytes']:.1%}"
                                    for k, r in sorted(new.items())))
    return groups


def cubes(code: Path, old_code: Path, directory: Path, sizes_: list[int], old_tables: Path | None) -> None:
    print("\n2. 3D tables of two men: built by the other commit, compressed by this one (every entry checked)")
    ratios: dict[str, list[tuple[int, float]]] = {}
    for n in sizes_:
        folder = directory / f"cubes-{n}"
        folder.mkdir(exist_ok=True)
        for material in ("KQRK", "KQQK", "KRNK"):
            name = f"{material}-{n}x{n}x{n}.tbl"
            if old_tables is not None and (old_tables / name).exists():
                shutil.copy(old_tables / name, folder / name)
            else:
                build(old_code, folder, f"{material}:{n}")
            before = (folder / name).stat().st_size
            subprocess.run([sys.executable, "-m", "tablebase", "compress", material, "--n", str(n), "--dir",
                            str(folder)], cwd=ROOT, check=True, capture_output=True)
            now = (folder / name).stat().st_size
            ratios.setdefault(material, []).append((n, now / before))
            print(f"{material} n={n}: {before:14,} -> {now:12,} bytes ({now / before:.1%})", flush=True)
        shutil.rmtree(folder)
    for material, found in ratios.items():
        if len(found) >= 2:  # the ratio's trend, log-linear in n, carried to n = 8
            (n1, r1), (n2, r2) = found[-2], found[-1]
            estimate = r2 * math.exp((math.log(r2) - math.log(r1)) / (n2 - n1) * (8 - n2))
            print(f"{material} n=8 (estimated from n={n1}, {n2}): {estimate:.1%}   target <= 15%")


def big_files(folder: Path) -> None:
    """The cube's two-man tables of 7x7x7 and more found in ``folder`` (built by hand: ``build
    --n 8``, then ``compress``): bytes against a byte per entry."""
    from tablebase.errors import TableFileError
    from tablebase.tables import TableFile

    print(f"\n2b. the cube's big two-man tables in {folder} (bytes; a byte per entry before)")
    for path in sorted(folder.glob("K*-*x*x*.tbl")):
        try:
            found = TableFile(path)
        except TableFileError:  # a custom piece's table opens once its material is named
            continue
        table, header = found.id, found.header
        if table.n < 7 or len(table.material.pieces) != 2:
            continue
        size = path.stat().st_size
        print(f"{table.material.name} n={table.n}: {size:13,} bytes, {size / header.entries:6.1%} of "
              f"{header.entries:,} entries (layout {header.layout}, flags {header.flags}, level {header.level})"
              f"{'   target <= 15%' if table.n == 8 else ''}")
        found.close()


def builds(code: Path, old_code: Path, directory: Path, rounds: int) -> dict:
    """Prints the median build times; returns ``{material: {"cpu": [now, before], "wall": [now, before]}}``."""
    print(f"\n3. build time, {rounds} rounds in turn (each table built anew; median)")
    per: dict[tuple[str, str], dict[str, list[float]]] = {}
    for side, path in (("now", code), ("before", old_code)):
        build(path, directory / side, "KBK", "KNK", "KQK:5", "KRK:5")  # the tables their captures lead to
    for _ in range(rounds):
        for side, path in (("now", code), ("before", old_code)):
            for row in build(path, directory / side, "KBNK", "KQRK:5"):
                found = per.setdefault((row["material"], side), {"cpu": [], "wall": []})
                found["cpu"].append(row["cpu"])
                found["wall"].append(row["wall"])
    print(f"{'table':<10} {'cpu now':>9} {'before':>9} {'ratio':>6} | {'wall now':>9} {'before':>9} {'ratio':>6}")
    found: dict = {}
    for material in ("KBNK", "KQRK"):
        now, before = per[(material, "now")], per[(material, "before")]
        cells = []
        for kind in ("cpu", "wall"):
            a, b = statistics.median(now[kind]), statistics.median(before[kind])
            found.setdefault(material, {})[kind] = [a, b]
            cells.append(f"{a:8.2f}s {b:8.2f}s {a / b:6.2f}")
        print(f"{material + ('' if material == 'KBNK' else ' n=5'):<10} {cells[0]} | {cells[1]}   target <= 1.1")
    return found


def exports(code: Path, old_code: Path, folder: Path, old_folder: Path, directory: Path) -> list[int]:
    """Prints how many tables' exports are byte-identical; returns ``[identical, tables]``."""
    print("\n4. export --u8 of the 8x8 board's tables, each checkout from its own files")
    from tablebase.mates import MATERIALS

    differ = []
    for table in MATERIALS:
        name = table.material.name
        found = []
        for side, path, tables in (("now", code, folder), ("before", old_code, old_folder)):
            out = directory / f"u8-{side}"
            subprocess.run([sys.executable, "-m", "tablebase", "export", "--u8", str(out), name, "--dir", str(tables)],
                           cwd=path, check=True, capture_output=True)
            found.append([(out / f).read_bytes() for f in ("wtm.u8", "btm.u8")])
        if found[0] != found[1]:
            differ.append(name)
    same = len(MATERIALS) - len(differ)
    print(f"{same} of {len(MATERIALS)} byte-identical" + (f"; DIFFER: {differ}" if differ else ""))
    return [same, len(MATERIALS)]


def cube_probes(revision: str, old_code: Path, directory: Path, count: int, rounds: int = 5,
                cache_mb: int = 32) -> dict[str, list[float]]:
    """Section 6: the cube's probe with every move's value, each checkout on its own files, with a
    block cache of ``cache_mb`` MB (the server's default: 32; the four tables hold 45 M entries);
    returns ``{"KQK 8": [ms now, ms before]}``."""
    import numpy as np

    from bench_mates_probe import children_in_turn

    from tablebase.cube.endgames.won_positions import won_position
    from tablebase.tables import Limits, TableId, TableStore

    store = TableStore(directory / "positions", Limits.everything(), background=False)  # drawn by this checkout
    rng = np.random.default_rng(29)
    lines = []
    for material, n in (("KQK", 8), ("KQQK", 4), ("KQRK", 5), ("KRNK", 5)):
        table = store.build_now(TableId.cube(material, n))
        for _ in range(count // 4):
            at = won_position(table, rng)
            lines.append(f"{material} {n} {at.king} {at.lone} " + " ".join(str(s) for _, s in at.men))
    child = Path(__file__).with_name("cube_probe_child.py")
    per = children_in_turn(child, [(label, code, directory / label, [str(cache_mb)])
                                   for label, code in (("now", ROOT), (revision, old_code))],
                           lines, rounds, lambda line: " ".join(line.split()[:2]))
    print(f"\n6. the cube's probe with all moves, side by side ({rounds} rounds in turn, a cache of {cache_mb} MB)")
    print(f"{'table':<8} {'now':>9} {revision:>12} {'now/' + revision:>12}   target <= 1.1")
    found = {}
    for key, times in per["now"].items():
        now, before = statistics.median(times), statistics.median(per[revision][key])
        print(f"{key.replace(' ', ' n='):<8} {now:6.3f} ms {before:9.3f} ms {now / before:12.2f}")
        found[key] = [now, before]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=BEFORE, help="the commit to compare with")
    parser.add_argument("--cubes", default="6", help="larger cube sizes of the two-man tables (e.g. 6,7; '' none)")
    parser.add_argument("--rounds", type=int, default=5, help="build rounds in turn (0: no build times)")
    parser.add_argument("--probes", type=int, default=200, help="positions per material of the probe (0: none)")
    parser.add_argument("--choice", action="store_true", help="the choice of codec, block size and fill alone")
    parser.add_argument("--old-tables", type=Path, help="a folder of the default tables the other commit built")
    parser.add_argument("--old-cubes", type=Path, help="a folder of larger cubes' tables the other commit built")
    parser.add_argument("--big", type=Path, default=ROOT / "data" / "tables",
                        help="a folder holding big cube tables built by hand (7x7x7 and more), to measure")
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' blocks")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-table-sizes-") as name:
        directory = Path(name)
        measured = {"codecs": choice(directory)}
        if not args.choice:
            measured["against"] = compare(args, directory)
    if args.record:
        import figures  # bench/figures.py

        results = figures.record(BENCH, measured, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path.relative_to(ROOT)}")


def compare(args, directory: Path) -> dict:
    """Sections 1 to 6, this checkout against ``args.against``: the figures kept by ``--record``."""
    old_code = checkout(args.against, directory / "against")
    new = {(r["dim"], r["n"], r["material"]): r for r in build(ROOT, directory / "now-defaults", "defaults")}
    if args.old_tables is not None:
        old = {}
        for key in new:
            dim, n, material = key
            size = "x".join([str(n)] * dim)
            old[key] = {"dim": dim, "n": n, "material": material,
                        "bytes": (args.old_tables / f"{material}-{size}.tbl").stat().st_size}
    else:
        built = build(old_code, directory / "old-defaults", "defaults")
        old = {(r["dim"], r["n"], r["material"]): r for r in built}
    print(f"this checkout against {args.against}\n")
    run = {"revision": args.against, "rounds": args.rounds, "probes": args.probes, "sizes": sizes(old, new)}
    if args.cubes:
        cubes(ROOT, old_code, directory, [int(n) for n in args.cubes.split(",")], args.old_cubes)
    if args.big and args.big.is_dir():
        big_files(args.big)
    if args.rounds:
        run["builds"] = builds(ROOT, old_code, directory, args.rounds)
    run["exports"] = exports(ROOT, old_code, directory / "now-defaults", args.old_tables or directory / "old-defaults",
                             directory)
    if args.probes:
        print("\n5. ", end="")
        import bench_mates_probe
        from tablebase.mates import MATERIALS
        from tablebase.tables import Limits, TableStore

        store = TableStore(directory / "tables", Limits(), background=False)
        for table in MATERIALS:
            store.build_now(table)
        (directory / "probe").mkdir()
        run["probe"] = bench_mates_probe.side_by_side(args.against, bench_mates_probe.positions(store, args.probes), 5,
                                                      directory / "probe")
        run["cube_probe"] = {str(cache_mb): cube_probes(args.against, directory / "probe" / "against",
                                                        directory / f"cube-probe-{cache_mb}", args.probes, cache_mb=cache_mb)
                             for cache_mb in (32, 128)}
    return run


if __name__ == "__main__":
    main()
