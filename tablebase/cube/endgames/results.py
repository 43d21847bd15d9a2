"""The results file (``results/3d.json`` in the repository): every 3D table verified with
``python -m tablebase verify TABLE --n N --record``, with its figures read off the verified entries
(won share, longest mate, checkmates, the DTM histogram, the wins by the lone king's distance to a
face, a longest mate's board), and what building and verifying it cost where it was measured
(``build --record``). Never written by hand: the page ``/3d/endgames`` shows it on a server that has
not built a table, and the README's table of results is printed from it (``python -m tablebase
results``).

    Results.read(path) -> Results; results.get(material, n) -> dict | None
    with updating(path) as results: results.verified(...) / results.built(...)   # read, changed, written
    markdown(results) -> the results as a markdown table
    cost(results, table_id) -> what building it takes, measured or estimated
"""

from __future__ import annotations

import datetime
import fcntl
import hashlib
import json
import math
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ...retrograde import Material
from ...tables import TableFile, TableId
from .explain import share
from .position import notation
from .won_positions import position_of

DEFAULT_PATH = Path(__file__).resolve().parents[3] / "results" / "3d.json"
ABOUT = ("Written by `python -m tablebase build|verify TABLE --n N --record` from tables built and verified "
         "by this project's engine and verifier; not edited by hand. `python -m tablebase results` prints it "
         "as the table of docs/3d-endgames.md.")
BYTES_PER_ENTRY = 2.0  # the build's peak per entry on large boards (docs/3d-endgames.md, "Larger boards")
BASE_BYTES = 60 << 20  # the interpreter and the engine's tables, below any build


def entries(material: Material, n: int) -> int:
    """A 3D table's entries: the White king's region (``C(ceil(n/2)+2, 3)`` squares) times a cube per
    other man and the lone king; worked out without building the table's space."""
    return math.comb((n + 1) // 2 + 2, 3) * n ** (3 * (len(material.pieces) + 1))


def _key(material: str, n: int) -> str:
    return f"{material}-{n}"


def _today() -> str:
    return datetime.date.today().isoformat()


@dataclass
class Results:
    tables: dict[str, dict] = field(default_factory=dict)  # "KQRK-7" -> its entry

    @classmethod
    def read(cls, path=DEFAULT_PATH) -> Results:
        """The file's results; none when it is not there."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls()
        found = json.loads(text)
        return cls({_key(t["material"], t["n"]): t for t in found.get("tables", [])})

    def get(self, material: str, n: int) -> dict | None:
        return self.tables.get(_key(material, n))

    def figures(self, material: str, n: int) -> dict | None:
        """The verified figures of a table (None: not verified)."""
        entry = self.get(material, n)
        return entry.get("figures") if entry and entry.get("verified") else None

    def _entry(self, table: TableId) -> dict:
        key = _key(table.material.name, table.n)
        return self.tables.setdefault(key, {"material": table.material.name, "n": table.n,
                                            "entries": entries(table.material, table.n)})

    def built(self, table: TableId, seconds: float, cpu: float, peak: int | None, file_bytes: int) -> None:
        """What building ``table`` took (measured by ``build --record``)."""
        self._entry(table)["build"] = {"seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3),
                                       "peak_bytes": peak, "file_bytes": file_bytes, "on": _today()}

    def compressed(self, table: TableId, before: int, after: int) -> None:
        """A table's file converted by ``compress --record``: its size now, the one before kept."""
        build = self._entry(table).setdefault("build", {})
        build["file_bytes"] = after
        build["compressed"] = {"file_bytes_before": before, "on": _today()}

    def verified(self, table: TableId, figures: dict, seconds: float, cpu: float, peak: int | None) -> None:
        """Records a table that passed ``verify``: its figures (``measured_figures``, from the verified
        entries and the verifier's counts) and what the check took."""
        entry = self._entry(table)
        entry["figures"] = figures
        entry["verified"] = {"seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3), "peak_bytes": peak,
                             "on": _today()}

    def write(self, path=DEFAULT_PATH) -> None:
        order = {m: i for i, m in enumerate(_materials())}
        rows = sorted(self.tables.values(), key=lambda t: (t["n"], order.get(t["material"], len(order)),
                                                           t["material"]))
        text = _json({"about": ABOUT, "tables": rows})
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(text + "\n", encoding="utf-8")
        temporary.replace(path)


def _json(value, indent: str = "") -> str:
    """JSON with a line per field, a list of numbers or a flat object on one line (short diffs)."""
    flat = lambda v: not isinstance(v, (list, dict)) or (  # noqa: E731
        all(not isinstance(x, (list, dict)) for x in (v.values() if isinstance(v, dict) else v)))
    if flat(value):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    inner = indent + "  "
    if isinstance(value, list):
        return "[\n" + ",\n".join(inner + _json(v, inner) for v in value) + "\n" + indent + "]"
    return "{\n" + ",\n".join(f"{inner}{json.dumps(k)}: {_json(v, inner)}" for k, v in value.items()) + "\n" + indent + "}"


@contextmanager
def updating(path=DEFAULT_PATH):
    """The results file read, changed by the caller and written back, while no other command does
    the same (builds and verifies may run side by side: each adds its tables, none is lost)."""
    name = hashlib.sha1(str(Path(path).resolve()).encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir()) / f"tablebase-results-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        results = Results.read(path)
        yield results
        results.write(path)


def _materials() -> list[str]:
    from . import ALL_MATERIALS  # the package imports this module

    return [m.name for m in ALL_MATERIALS]


def measured_figures(table: TableFile, dtm: np.ndarray, checkmates: int,
                     by_face: tuple[tuple[int, int], ...]) -> dict:
    """What the page and the README show of a table, from its entries (White to move, on the whole
    board, two like men swapped counted once) and the verifier's counts."""
    space = table.id.space
    kings = len(space.board.kings)
    rows = np.asarray(dtm).reshape(kings, -1)
    longest = int(rows.max(initial=0))
    per_king = np.stack([_counts(row, longest + 1) for row in rows])
    pairs = space.material.like_orderings
    histogram = [int(c) for c in (space.board.orbit_sizes @ per_king)[1:] // pairs]
    example = None
    if longest:
        entry = int(np.argmax(np.asarray(dtm).reshape(-1)))  # the first of the longest, as the build's summary
        example = notation(position_of(table, entry))
    return {
        "positions": sum(legal for legal, _ in by_face),
        "won": sum(won for _, won in by_face),
        "longest": longest or None,
        "histogram": histogram,
        "checkmates": checkmates,
        "won_by_face_distance": [{"distance": d, "positions": legal, "won": won}
                                 for d, (legal, won) in enumerate(by_face)],
        "example": example,
    }


def _counts(row: np.ndarray, values: int) -> np.ndarray:
    """``np.bincount`` of a king's row of entries a piece at a time (it widens what it counts to
    eight bytes an entry: a whole 5x5x5 three-man row would take 2 GB)."""
    counts = np.zeros(values, dtype=np.int64)
    for start in range(0, row.size, 1 << 24):
        counts += np.bincount(row[start:start + (1 << 24)], minlength=values)
    return counts


def cell(figures: dict | None) -> str:
    """A cell of the README's table: ``100% · #8``, ``0`` (nothing won), ``—`` (not verified)."""
    if figures is None:
        return "—"
    if not figures["won"]:
        return "0"
    return f"{share(figures['won'], figures['positions'])} · #{figures['longest']}"


def markdown(results: Results) -> str:
    """The results as the README's table: a row per material, a column per board size verified."""
    sizes = sorted({t["n"] for t in results.tables.values() if t.get("verified")})
    lines = ["| material |" + "".join(f" {n}³ |" for n in sizes), "| --- |" + " --- |" * len(sizes)]
    for material in _materials():
        lines.append(f"| {material} |" + "".join(f" {cell(results.figures(material, n))} |" for n in sizes))
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Cost:
    """What a build of one table takes: ``measured`` on this project's machines, else estimated
    (``basis`` says from what)."""
    entries: int
    peak_bytes: int
    seconds: float  # CPU seconds
    file_bytes: int
    measured: bool
    basis: str = ""

    def to_json(self) -> dict:
        return {"entries": self.entries, "memory_bytes": self.peak_bytes, "cpu_seconds": round(self.seconds, 1),
                "file_bytes": self.file_bytes, "measured": self.measured, "basis": self.basis}


def cost(results: Results, table: TableId) -> Cost:
    """The measured cost of building ``table`` when the results file has it; else an estimate: the
    memory at about 2 bytes per entry, the time scaled by the entries from the same material's
    largest measured build (or, failing that, any material's with as many men)."""
    size = entries(table.material, table.n)
    file_bytes = size + 4 * -(-size // 4096) + 4096
    entry = results.get(table.material.name, table.n)
    made = (entry or {}).get("build") or {}
    file_bytes = made.get("file_bytes") or file_bytes  # a file converted by ``compress --record`` without its build
    if "cpu_seconds" in made:
        return Cost(size, int(made.get("peak_bytes") or BASE_BYTES + BYTES_PER_ENTRY * size), made["cpu_seconds"],
                    file_bytes, True, "measured")
    memory = int(BASE_BYTES + BYTES_PER_ENTRY * size)
    men = len(table.material.pieces)
    known = [t for t in results.tables.values()
             if "cpu_seconds" in t.get("build", {}) and len(Material.parse(t["material"]).pieces) == men]
    same = [t for t in known if t["material"] == table.material.name]
    pool = same or known
    if not pool:
        return Cost(size, memory, 3e-8 * size * 20, file_bytes, False, "estimated")
    basis = max(pool, key=lambda t: t["entries"])
    seconds = basis["build"]["cpu_seconds"] * size / basis["entries"]
    return Cost(size, memory, seconds, file_bytes, False,
                f"estimated from the {basis['material']} {basis['n']}×{basis['n']}×{basis['n']} build")


__all__ = ["DEFAULT_PATH", "Cost", "Results", "cell", "cost", "entries", "markdown", "measured_figures", "updating"]
