"""The distributed build (Dask, split by the White king's square) writes the very files of the
single-process build. The cluster of most tests runs its 2 workers as threads of this process
(``processes=False``: started in a fraction of a second), on TCP so that ``--scheduler tcp://...``
reaches it as it would a real cluster; the command line's ``--scheduler local`` starts real worker
processes once."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from tablebase.cli import main
from tablebase.retrograde.depths import Depths, run_depths
from tablebase.retrograde.distributed import DaskSolver, SchedulerError, check_scheduler
from tablebase.retrograde.masks import mark_illegal
from tablebase.retrograde.solver import mark_mates
from tablebase.retrograde.unmoves import FrontierViews
from tablebase.tables import TableId, TableStore

pytestmark = pytest.mark.slow  # each test starts a Dask cluster

distributed = pytest.importorskip("dask.distributed")

TABLES = [("KQK", 3), ("KRRK", 3), ("KRNK", 3), ("KQK", 4), ("KRRK", 4), ("KRNK", 4)]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp://",
                                  dashboard_address=":0") as cluster:
        yield cluster


@pytest.fixture(scope="module")
def solver(cluster):
    with distributed.Client(cluster) as client:
        yield DaskSolver(client)


@pytest.fixture(scope="module")
def single(tmp_path_factory):
    """The single-process build's folder."""
    folder = tmp_path_factory.mktemp("single")
    store = TableStore(folder, background=False)
    for name, n in TABLES:
        store.build_now(TableId.cube(name, n))
    return folder


@pytest.mark.parametrize("name,n", TABLES)
def test_the_distributed_build_writes_the_single_process_files(solver, single, tmp_path, name, n):
    store = TableStore(tmp_path, background=False)
    table = TableId.cube(name, n)
    built = store.build_now(table, solver=solver)
    assert (tmp_path / table.file_name).read_bytes() == (single / table.file_name).read_bytes()
    for smaller in table.captures():  # built on the cluster too, smallest first
        assert (tmp_path / smaller.file_name).read_bytes() == (single / smaller.file_name).read_bytes()
    # Every depth was a round of tasks; their wins add up to the table's, the last round wins nothing.
    dtm = built.read_all()
    assert sum(r.won for r in solver.rounds) == np.count_nonzero(dtm)
    assert [r.depth for r in solver.rounds] == list(range(1, len(solver.rounds) + 1))
    assert len(solver.rounds) >= built.summary.longest


def test_slices_on_two_workers_exchange_their_frontiers(solver, tmp_path):
    table = TableId.cube("KRNK", 4)
    TableStore(tmp_path, background=False).build_now(table, solver=solver)
    slice_bytes = int(np.prod(table.space.packed_shape[1:]))  # one slice's packed frontier
    exchanged = [r.exchanged for r in solver.rounds]
    assert any(exchanged) and all(e % slice_bytes == 0 for e in exchanged)
    # At most one frontier view per White king step out of a slice on the other worker.
    assert max(exchanged) <= slice_bytes * len(table.space.board.king_links)


def test_the_command_line_builds_on_a_local_cluster_of_processes(single, tmp_path, capsys):
    folder = str(tmp_path)
    assert main(["build3d", "--material", "KRNK", "--n", "3", "--dir", folder, "--scheduler", "local"]) == 0
    assert "KRNK n=3:" in capsys.readouterr().out
    for name in ("KRNK", "KRK", "KNK"):
        path = TableId.cube(name, 3).file_name
        assert (tmp_path / path).read_bytes() == (single / path).read_bytes()


def test_the_command_line_builds_on_a_scheduler_by_its_address(cluster, single, tmp_path, capsys):
    address = cluster.scheduler_address
    assert address.startswith("tcp://")
    assert main(["build3d", "--material", "KRRK", "--n", "4", "--dir", str(tmp_path), "--scheduler", address]) == 0
    assert "KRRK n=4:" in capsys.readouterr().out
    path = TableId.cube("KRRK", 4).file_name
    assert (tmp_path / path).read_bytes() == (single / path).read_bytes()


@pytest.mark.parametrize("scheduler", ["nowhere", "tcp://host", "8786", "tcp://host:port", ""])
def test_a_bad_scheduler_is_refused_before_anything_starts(tmp_path, capsys, scheduler):
    with pytest.raises(SchedulerError, match="scheduler must be 'local' or an address"):
        check_scheduler(scheduler)
    assert issubclass(SchedulerError, ValueError)
    assert main(["build3d", "--material", "KQK", "--n", "3", "--dir", str(tmp_path), "--scheduler", scheduler]) == 1
    assert f"error: the scheduler must be 'local' or an address like tcp://host:8786, not {scheduler!r}" \
        in capsys.readouterr().err
    assert not list(tmp_path.glob("*.tbl"))


@pytest.mark.parametrize("scheduler", ["local", "tcp://127.0.0.1:8786", "tls://scheduler.example:8786"])
def test_a_scheduler_address_is_taken(scheduler):
    assert check_scheduler(scheduler) == scheduler


def test_slices_built_apart_and_pickled_between_depths_give_the_single_process_table(single):
    """The engine's per-slice state alone, as a worker holds it: each depth reads the other
    slices' frontier views, and each state survives being pickled (a worker spilling it)."""
    table = TableId.cube("KRNK", 3)
    space = table.space
    store = TableStore(single, background=False)
    smaller = {t.material: store.build_now(t).read_all() for t in table.captures()}
    states = []
    for king in range(space.flat_shape[0]):
        marks = mark_illegal(space, smaller, range(king, king + 1))
        states.append(Depths(space, marks, *mark_mates(space, marks)))

    def step(depth: int, moved: bool) -> tuple[int, bool]:
        nonlocal states
        views = [FrontierViews(space.board, s.frontier[0].copy()) for s in states]
        won = sum(s.step(depth, moved, lambda target, t: views[target](t)) for s in states)
        states = [pickle.loads(pickle.dumps(s)) for s in states]
        return won, any(s.moved() for s in states)

    run_depths(space, states[0].marks.captures.last, any(s.moved() for s in states), step)
    dtm = np.concatenate([s.finish() for s in states])
    assert dtm.tobytes() == store.opened(table).read_all().tobytes()
