"""The 3D tables of a server or of the command line: files in one folder, loaded once and
held in memory, built on first use (smaller materials first) with their progress on record, so a
page can show a build while it runs."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ...files import ExclusiveLock
from ...retrograde import Material, materials
from .build import build_table
from .limits import Limits
from .table import CubeTable
from .tablefile import TableFileError, load_table, read_header, save_table

ALL_MATERIALS = materials(1) + materials(2)


@dataclass(frozen=True)
class BuildState:
    material: str
    n: int
    state: str  # "ready", "building", "queued", "missing"
    stage: str = ""
    fraction: float = 0.0
    counts: dict | None = None  # when ready: positions, won, drawn, longest (from the file's header)


class TableStore:
    def __init__(self, folder, limits: Limits = Limits()):
        self.folder = Path(folder)
        self.limits = limits
        self._tables: dict[tuple[Material, int], CubeTable] = {}
        self._progress: dict[tuple[Material, int], BuildState] = {}
        self._lock = threading.Lock()  # guards the dicts above
        self._build_lock = threading.RLock()  # one build at a time: the machine's cores are shared
        self._queue: list[tuple[Material, int]] = []
        self._worker: threading.Thread | None = None

    def path(self, material: Material, n: int) -> Path:
        return self.folder / f"{material.name}-{n}.bin"

    def available(self, material: Material, n: int) -> bool:
        """Whether this store serves the table: within its limits, or built beforehand."""
        return self.limits.allows(material, n) or self.path(material, n).exists()

    def materials(self, n: int) -> list[Material]:
        return [m for m in ALL_MATERIALS if self.available(m, n)]

    def loaded(self, material: Material, n: int) -> CubeTable | None:
        """The table if it is in memory or on disk, without building it."""
        key = (material, n)
        with self._lock:
            table = self._tables.get(key)
        if table is None:
            try:
                table = load_table(self.path(material, n), material, n)
            except (FileNotFoundError, TableFileError):
                return None
            with self._lock:
                table = self._tables.setdefault(key, table)
        return table

    def table(self, material: Material, n: int, progress: Callable[[str, float], None] | None = None) -> CubeTable:
        """The table, loaded or built now (with every smaller table it needs). Raises
        OutOfTableError for a table outside the limits that was not built beforehand."""
        if not self.available(material, n):
            raise self.limits.refuse(material, n)
        table = self.loaded(material, n)
        if table is not None:
            return table
        with self._build_lock, ExclusiveLock(self.path(material, n)):  # one builder across processes
            table = self.loaded(material, n)  # another thread or process may have built it meanwhile
            if table is not None:
                return table
            smaller = {m: self.table(m, n, progress) for m in (material.without(i) for i in range(len(material.pieces)))
                       if m.pieces}
            self._record(material, n, "building", "mark illegal", 0.0)

            def report(stage: str, fraction: float):
                self._record(material, n, "building", stage, fraction)
                if progress:
                    progress(f"{material.name} {stage}", fraction)

            try:
                built = build_table(material, n, smaller, report)
                save_table(built, self.path(material, n))
                table = load_table(self.path(material, n), material, n)
            finally:
                with self._lock:
                    self._progress.pop((material, n), None)
            with self._lock:
                self._tables[(material, n)] = table
            return table

    def _record(self, material: Material, n: int, state: str, stage: str, fraction: float) -> None:
        with self._lock:
            self._progress[(material, n)] = BuildState(material.name, n, state, stage, fraction)

    # --- building in the background, for pages ----------------------------------------------

    def status(self, material: Material, n: int) -> BuildState:
        """The table's state, from memory or its file's header (its checksum is checked when the
        table is first used)."""
        with self._lock:
            table = self._tables.get((material, n))
            found = self._progress.get((material, n))
        if table is not None:
            return self._ready(material, n, table.positions, table.won, table.longest)
        if found is not None:
            return found
        try:
            header = read_header(self.path(material, n), material, n)
        except (FileNotFoundError, TableFileError):
            return BuildState(material.name, n, "missing")
        return self._ready(material, n, header.positions, header.won, header.longest)

    @staticmethod
    def _ready(material: Material, n: int, positions: int, won: int, longest: int) -> BuildState:
        counts = {"positions": positions, "won": won, "drawn": positions - won, "longest": longest or None}
        return BuildState(material.name, n, "ready", "", 1.0, counts)

    def request(self, material: Material, n: int) -> BuildState:
        """Queue a build (smaller sizes and materials go first) unless the table is there."""
        if not self.available(material, n):
            raise self.limits.refuse(material, n)
        current = self.status(material, n)
        if current.state != "missing":
            return current
        with self._lock:
            if (material, n) not in self._queue:
                self._queue.append((material, n))
                self._queue.sort(key=lambda key: (key[1], len(key[0].pieces), key[0]))
                self._progress[(material, n)] = BuildState(material.name, n, "queued")
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="cube-table-builds", daemon=True)
                self._worker.start()
            return self._progress[(material, n)]

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the queued builds are done; False if still building after ``timeout`` s."""
        with self._lock:
            worker = self._worker
        if worker is not None:
            worker.join(timeout)
            return not worker.is_alive()
        return True

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._worker = None
                    return
                material, n = self._queue.pop(0)
            try:
                self.table(material, n)
            except Exception:  # noqa: BLE001 - a failed build shows as missing; the next request retries
                pass
            with self._lock:
                self._progress.pop((material, n), None)
