"""What building and verifying the two-man 3D tables took, per board size, as the results file
recorded it (``build --record``, ``verify --record``): the table ``python -m tablebase results
--costs`` prints for docs/3d-endgames.md#larger-boards. Sizes without a measured build are
estimated from the largest measured one, per entry, and say so."""

from __future__ import annotations

from ...retrograde import Material
from .results import Results, entries

GB = 1e9


def _span(values: list[float], text) -> str:
    low, high = min(values), max(values)
    return text(low) if text(low) == text(high) else f"{text(low)}–{text(high)}"


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min" if seconds >= 60 else f"{seconds:.0f} s"


def _gigabytes(count: float) -> str:
    return f"{count / GB:.2f} GB"


def _bytes(count: float) -> str:
    return _gigabytes(count) if count >= GB else f"{count / 1e6:.1f} MB"


def _two_men(results: Results) -> dict[int, list[dict]]:
    """The two-man tables with a measured build, by board size."""
    found: dict[int, list[dict]] = {}
    for entry in results.tables.values():
        if len(Material.parse(entry["material"]).pieces) == 2 and "cpu_seconds" in entry.get("build", {}):
            found.setdefault(entry["n"], []).append(entry)
    return found


def _measured_row(n: int, tables: list[dict]) -> str:
    builds = [entry["build"] for entry in tables]
    checks = [entry["verified"] for entry in tables if entry.get("verified", {}).get("cpu_seconds")]
    verify = (f"{_span([c['cpu_seconds'] for c in checks], _minutes)} · "
              f"{_span([c['peak_bytes'] for c in checks], _gigabytes)} ({len(checks)})") if checks else "—"
    return (f"| {n}×{n}×{n} | {tables[0]['entries']:,} | {len(tables)} | "
            f"{_span([b['cpu_seconds'] for b in builds], _minutes)} | "
            f"{_span([b['peak_bytes'] for b in builds], _gigabytes)} | "
            f"{_span([b['file_bytes'] for b in builds], _bytes)} | {verify} |")


def costs_markdown(results: Results, sizes: range = range(7, 11)) -> str:
    """A row per board size of ``sizes``: the measured range over the two-man tables built on it
    (CPU, peak memory, file; verify's CPU and peak, with how many were verified), or an estimate
    from the largest size measured: its most memory and CPU per entry times the entries."""
    measured = _two_men(results)
    lines = ["| two men on | entries | tables built | build: CPU | build: peak | file | verify: CPU · peak (tables) |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    basis = max((n for n in measured if n in sizes), default=None)
    for n in sizes:
        if n in measured:
            lines.append(_measured_row(n, sorted(measured[n], key=lambda entry: entry["material"])))
        elif basis is not None:
            size = entries(Material.parse("KQRK"), n)
            per_entry = [entry["build"]["peak_bytes"] / entry["entries"] for entry in measured[basis]]
            cpu = [entry["build"]["cpu_seconds"] / entry["entries"] for entry in measured[basis]]
            lines.append(f"| {n}×{n}×{n} | {size:,} | estimated from {basis}×{basis}×{basis} | "
                         f"~{_span([c * size for c in cpu], _minutes)} | ~{_gigabytes(max(per_entry) * size)} | "
                         f"— | — |")
    return "\n".join(lines) + "\n"


def sizes_markdown(results: Results, smallest: int = 7) -> str:
    """A row per two-man table of ``smallest`` or more with a file size recorded (``build
    --record``, or ``compress --record`` for a file converted): its entries, its file's bytes
    and their share of the entries (a byte each before compression), the file before ``compress``
    where it was converted."""
    lines = ["| table | entries | file | of its entries | before `compress` |", "| --- | --- | --- | --- | --- |"]
    rows = [entry for entry in results.tables.values() if entry["n"] >= smallest
            and "file_bytes" in entry.get("build", {}) and len(Material.parse(entry["material"]).pieces) == 2]
    for entry in sorted(rows, key=lambda entry: (entry["n"], entry["material"])):
        n, size = entry["n"], entry["build"]["file_bytes"]
        before = entry["build"].get("compressed", {}).get("file_bytes_before")
        lines.append(f"| {entry['material']} {n}×{n}×{n} | {entry['entries']:,} | {size:,} bytes | "
                     f"{size / entry['entries']:.1%} | {'—' if before is None else f'{before:,} bytes'} |")
    return "\n".join(lines) + "\n"
