"""The docs' blocks of ``bench/bench_table_sizes.py --record`` (docs/table-service.md#measured): the
table of sizes, build times, probes and exports against the commit before the compressed format
(``against``), and the paragraph of the codec's choice (``codecs``). Functions of the results file
only (bench/figures.py); a KB here is 1,000 bytes, as the bench's targets count them."""

from __future__ import annotations

KBNK_TARGET = "≤ 600 KB (Gaviota's KBNK DTM: 857 KB)"


def _kb(count: float) -> str:
    return f"{count / 1000:,.0f} KB"


def _span(values: list[float], unit: str = "", digits: int = 3) -> str:
    low, high = min(values), max(values)
    return f"{low:.{digits}f}–{high:.{digits}f}{unit}" if f"{low:.{digits}f}" != f"{high:.{digits}f}" \
        else f"{low:.{digits}f}{unit}"


def _ratios(pairs: list[list[float]]) -> str:
    return _span([now / before for now, before in pairs], "×", 2)


def _sum(groups: dict, prefix: str) -> list[int]:
    rows = [row for name, row in groups.items() if name.startswith(prefix)]
    return [sum(row[0] for row in rows), sum(row[1] for row in rows), sum(row[2] for row in rows)]


def against_block(results: dict) -> str:
    """The table: files, builds, probes and exports, this checkout beside ``against``."""
    run = results["runs"]["against"]
    rev, groups = run["revision"], run["sizes"]
    lines = [f"Its run of {run['on']} ({run['machine']}, a shared machine; medians; {run['rounds']} build rounds "
             f"in turn, {run['probes']} positions a material):", "",
             f"| | before ({rev}) | now | target |", "| --- | --- | --- | --- |"]

    def size_row(label: str, row: list[int], target: str = "") -> str:
        return f"| {label} | {row[1]:,} bytes | {row[0]:,} bytes ({row[0] / row[1]:.1%}) | {target} |"

    lines.append(size_row("`KBNK-8x8.tbl`", groups["KBNK-8x8.tbl"], KBNK_TARGET))
    flat, cube = _sum(groups, "8x8"), _sum(groups, "3D")
    lines.append(size_row(f"the {flat[2]} tables of the 8×8 board", flat))
    lines.append(size_row(f"the {cube[2]} 3D tables of one man and two men", cube))
    lines.append(size_row(f"all {groups['all'][2]} tables a default server builds", groups["all"], "≤ 20%"))
    if run.get("builds"):
        cpu = [run["builds"][m]["cpu"] for m in ("KBNK", "KQRK")]
        lines.append(f"| a build, CPU: KBNK · KQRK 5×5×5 ({run['rounds']} rounds in turn) | "
                     f"{cpu[0][1]:.2f} s · {cpu[1][1]:.2f} s | {cpu[0][0]:.2f} s · {cpu[1][0]:.2f} s "
                     f"({cpu[0][0] / cpu[0][1]:.2f}× · {cpu[1][0] / cpu[1][1]:.2f}×) | ≤ 1.1× |")
    if run.get("probe"):
        pairs = list(run["probe"].values())
        lines.append(f"| the probe with every move's value, {len(pairs)} materials of the 8×8 board | "
                     f"{_span([b for _, b in pairs], ' ms')} | {_span([n for n, _ in pairs], ' ms')} "
                     f"({_ratios(pairs)}) | ≤ 1.1× |")
    if run.get("cube_probe"):
        caches = sorted(run["cube_probe"], key=int)
        every = [pair for cache in caches for pair in run["cube_probe"][cache].values()]
        lines.append(f"| the same on the cube (KQK 8³, KQQK 4³, KQRK and KRNK 5³), a {' · '.join(c + ' MB' for c in caches)}"
                     f" cache | {_span([b for _, b in every], ' ms')} | {_span([n for n, _ in every], ' ms')} "
                     f"({' · '.join(_ratios(list(run['cube_probe'][c].values())) for c in caches)}) | ≤ 1.1× |")
    same, count = run["exports"]
    lines.append(f"| `export --u8` of the {count} tables of the 8×8 board | | {same} of {count} byte-identical | identical |")
    return "\n".join(lines) + "\n"


def codecs_block(results: dict) -> str:
    """The paragraph: each codec on KBNK's blocks, the fills, and the cube's wider blocks."""
    run = results["runs"]["codecs"]
    kbnk, cube = run["KBNK"], run["KQRK 5x5x5"]
    block = kbnk["block"]
    said = []
    for name in ("zstd 3", "zstd 6", "zstd 1", "zlib 6", "zlib 1", "zlib 9"):
        size, took, decode = kbnk["codecs"][f"{name} {block}"]
        said.append(f"{name} {_kb(size)} in {took * 1e3:.1f} ms, a block decoded in {decode * 1e6:.1f} µs")
    wide = block * 4
    size, _, decode = kbnk["codecs"][f"lzma 6 {wide}"]
    said.append(f"lzma 6 {_kb(size)} in blocks of {wide}, {decode * 1e6:.0f} µs a block")
    fills = kbnk["fills"]
    filled = fills["don't care filled"]
    narrow_cube, wide_cube = cube["codecs"][f"zstd 6 {cube['block']}"][0], cube["codecs"][f"zstd 6 {cube['block'] * 4}"][0]
    return (f"Measured on {run['on']} ({run['machine']}; CPU the best of 3): the codec and the block, on KBNK's "
            f"blocks of {block} entries: {'; '.join(said)}. The entries no probe reads (zstd 3): KBNK "
            f"{_kb(filled)} filled, "
            f"{_kb(fills['illegal left 0, twins filled'])} with the illegal ones left 0, "
            f"{_kb(fills['nothing filled'])} with nothing filled. On the cube, blocks of {cube['block'] * 4} entries "
            f"compress KQRK 5×5×5 {1 - wide_cube / narrow_cube:.0%} better than blocks of {cube['block']} (zstd 6: "
            f"{_kb(narrow_cube)} → {_kb(wide_cube)}).\n")


BLOCKS = {"against": against_block, "codecs": codecs_block}
