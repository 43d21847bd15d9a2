"""The engine on Dask distributed: one material's passes split by the White king's square.

Each king slice of the region is a task state kept on one worker: passes 1 and 2 run there
(``mark_illegal`` and ``mark_mates`` over that slice), then pass 3 is one round of tasks per depth,
each running ``Depths.step`` on its slice with the packed frontiers, made at the last round, of
the slices its White king steps read, each seen through the symmetry the step needs. The worker
holding a slice turns its frontier once per such symmetry (``FrontierViews``), and Dask moves each
view to the workers whose slices read it. The driver only sees each round's counts, and gathers
the DTM slices at the end: ``DaskSolver`` is a ``solve``.

A slice's state is changed in place by its own tasks, one at a time (the driver waits for every
round): it is pinned to its worker and never recomputed, so a worker lost during a build fails
it. Dask is imported here only, on use (the ``cluster`` extra)."""

from __future__ import annotations

import re
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Iterator, Mapping

import numpy as np

from .depths import Depths, Progress, run_depths
from .masks import mark_illegal
from .material import Material
from .solver import Solution, mark_mates
from .space import Space
from .unmoves import FrontierViews

LOCAL = "local"
LOCAL_WORKERS = 2
LOCAL_MEMORY = 0.4  # of the machine's memory, per local worker: Dask spills, then pauses, near it
ADDRESS = re.compile(r"^[a-z][a-z0-9+]*://[^\s/]+:\d+$")


class SchedulerError(ValueError):
    """A ``--scheduler`` that is neither ``local`` nor a scheduler's address."""


def check_scheduler(scheduler: str) -> str:
    if scheduler != LOCAL and not ADDRESS.match(scheduler):
        raise SchedulerError(f"the scheduler must be 'local' or an address like tcp://host:8786, not {scheduler!r}")
    return scheduler


def _open_slice(space: Space, smaller: Mapping[Material, np.ndarray], king: int) -> Depths:
    marks = mark_illegal(space, smaller, range(king, king + 1))
    return Depths(space, marks, *mark_mates(space, marks))


@dataclass(frozen=True)
class _Opened:
    """What the driver learns of a slice just opened."""

    legal: np.ndarray  # per lone king square: legal White-to-move entries
    mates: int
    moved: bool  # has a frontier: checkmates
    reads: frozenset[tuple[int, int]]  # (other slice, symmetry): the frontiers its White king steps read
    last_capture: int  # the longest capture's value (every slice has all captures)


def _opened(depths: Depths) -> _Opened:
    king = depths.marks.kings.start
    return _Opened(depths.marks.white_count[0].copy(), int(depths.mate_count[0]), depths.moved(),
                   frozenset((target, t) for target, t in depths.unmoves.reads() if target != king),
                   depths.marks.captures.last)


def _views(depths: Depths, symmetries: list[int]) -> dict[int, np.ndarray]:
    """The slice's frontier through each symmetry other slices read it with (copies: the next
    round overwrites the state's own); empty when the frontier is."""
    views = FrontierViews(depths.space.board, depths.frontier[0])
    return {} if views.empty else {t: views(t).copy() if t == 0 else views(t) for t in symmetries}


def _step(depths: Depths, depth: int, moved: bool, read: dict[tuple[int, int], np.ndarray], symmetries: list[int]):
    """One depth of a slice, given the frontiers of the other slices it reads through their
    symmetries (an empty one is left out): (its new frontier's views, wins, whether it has one)."""
    king, board = depths.marks.kings.start, depths.space.board
    own = FrontierViews(board, depths.frontier[0])
    won = depths.step(depth, moved, lambda target, t: own(t) if target == king else read.get((target, t)))
    return _views(depths, symmetries), won, depths.moved()


def _finish(depths: Depths) -> np.ndarray:
    return depths.finish()


@dataclass
class Round:
    """One depth of a distributed build, as the bench prints it."""

    depth: int
    seconds: float
    won: int
    exchanged: int  # bytes of frontier views a worker fetched from another, all workers together


@dataclass
class DaskSolver:
    """``solve`` on a Dask client: ``DaskSolver(client)(space, smaller, progress)``."""

    client: object
    rounds: list[Round] = field(default_factory=list)  # the last build's

    def __call__(self, space: Space, smaller: Mapping[Material, np.ndarray], progress: Progress | None = None
                 ) -> Solution:
        client, kings = self.client, space.flat_shape[0]
        client.wait_for_workers(1)
        workers = sorted(client.nthreads())  # every worker's address
        home = [workers[k * len(workers) // kings] for k in range(kings)]  # neighbouring slices together

        def submit(function, king, *args):
            return client.submit(function, *args, workers=[home[king]], allow_other_workers=False, pure=False)

        [tables] = client.scatter([dict(smaller)], broadcast=True, hash=False)
        states = [submit(_open_slice, k, space, tables, k) for k in range(kings)]
        opened = client.gather([submit(_opened, k, states[k]) for k in range(kings)])
        if progress:
            progress("mark mates", 0.0)
        wanted = [sorted({t for o in opened for target, t in o.reads if target == k}) for k in range(kings)]
        frontier_bytes = int(np.prod(space.packed_shape[1:]))

        def views(results: list) -> dict[tuple[int, int], object]:
            """Each slice's frontier views, one future each, kept where they were made."""
            return {(k, t): submit(itemgetter(t), k, results[k]) for k in range(kings)
                    for t in wanted[k] if has_frontier[k]}

        has_frontier = [o.moved for o in opened]
        frontiers = views([submit(_views, k, states[k], wanted[k]) for k in range(kings)])
        self.rounds = []

        def step(depth: int, moved: bool) -> tuple[int, bool]:
            nonlocal frontiers, has_frontier
            started = time.perf_counter()
            read = [sorted(r for r in opened[k].reads if has_frontier[r[0]]) if moved else [] for k in range(kings)]
            results = [submit(_step, k, states[k], depth, moved, {r: frontiers[r] for r in read[k]}, wanted[k])
                       for k in range(kings)]
            counts = client.gather([submit(itemgetter(1, 2), k, results[k]) for k in range(kings)])
            has_frontier = [c[1] for c in counts]
            frontiers = views([submit(itemgetter(0), k, results[k]) for k in range(kings)])
            # A worker fetches a view once, however many of its slices read it.
            fetched = {(home[k], r) for k in range(kings) for r in read[k] if home[r[0]] != home[k]}
            won = sum(c[0] for c in counts)
            self.rounds.append(Round(depth, time.perf_counter() - started, won, frontier_bytes * len(fetched)))
            return won, any(has_frontier)

        legal = np.array([o.legal for o in opened])
        run_depths(space, opened[0].last_capture, any(has_frontier), step, progress, int(legal.sum()))
        dtm = np.concatenate(client.gather([submit(_finish, k, states[k]) for k in range(kings)]))
        return Solution(dtm, legal, np.array([o.mates for o in opened]))


@contextmanager
def dask_solver(scheduler: str) -> Iterator[DaskSolver]:
    """A ``DaskSolver`` on a scheduler's address, or on a cluster of LOCAL_WORKERS processes of
    this machine (``local``), closed on leaving."""
    check_scheduler(scheduler)
    from dask.distributed import Client, LocalCluster

    cluster = None
    if scheduler == LOCAL:
        cluster = LocalCluster(n_workers=LOCAL_WORKERS, threads_per_worker=1, processes=True,
                               memory_limit=LOCAL_MEMORY, dashboard_address=":0")
    client = Client(cluster if cluster is not None else scheduler)
    try:
        yield DaskSolver(client)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
