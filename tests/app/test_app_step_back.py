"""A worker whose heavy lane is busy steps back from accepting (``webapp/edge/worker._Listener``):
it takes one waiting connection, then none for ``STEP_BACK`` seconds, so that a worker whose lane
is free takes the others. gevent's accept loop takes up to ``max_accept`` connections in one turn;
the listener ends that turn once it stepped back, and a free lane takes every waiting connection.
Run in process, on gevent's loop, with a stand-in lane."""

from __future__ import annotations

import socket
import time

import gevent
import pytest

from webapp.edge import worker
from webapp.edge.worker import STEP_BACK, _Listener


class StandInLane:
    def __init__(self, busy: bool):
        self.busy = busy
        self.listeners: list = []


def _accepted_in_a_turn_then_after_the_lane_frees(busy: bool, waiting: int = 3) -> tuple[int, int]:
    """Connections taken while the step back lasts (made long here, so that a loaded machine's
    scheduling cannot end it), then after the lane frees a thread (``step_forward``)."""
    handled: list[float] = []
    server = _Listener(StandInLane(busy), ("127.0.0.1", 0), lambda sock, address: handled.append(time.monotonic()))
    server.init_socket()
    clients = [socket.create_connection(server.address) for _ in range(waiting)]
    try:
        for client in clients:
            client.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        time.sleep(0.05)  # every connection waits in the backlog before the server starts
        server.start()
        gevent.sleep(0.1)
        taken = len(handled)
        server.step_forward()
        gevent.sleep(0.1)
        return taken, len(handled)
    finally:
        server.stop()
        for client in clients:
            client.close()


def test_a_busy_worker_takes_one_waiting_connection_then_steps_back(monkeypatch):
    monkeypatch.setattr(worker, "STEP_BACK", 30.0)
    taken, then = _accepted_in_a_turn_then_after_the_lane_frees(busy=True)
    assert (taken, then) == (1, 2)  # the lane still busy: it steps back again after each one


def test_a_free_worker_takes_every_waiting_connection_at_once(monkeypatch):
    monkeypatch.setattr(worker, "STEP_BACK", 30.0)
    assert _accepted_in_a_turn_then_after_the_lane_frees(busy=False) == (3, 3)


@pytest.mark.parametrize("busy", [True, False])
def test_a_stepped_back_listener_accepts_again_when_the_lane_frees(busy):
    server = _Listener(StandInLane(True), ("127.0.0.1", 0), lambda sock, address: None)
    server.start()
    try:
        server.step_back()
        assert server._watcher is None  # accepting nothing
        if busy:
            gevent.sleep(STEP_BACK * 3)  # the step back ends by itself
        else:
            server.step_forward()  # the lane freed a thread: at once
        assert server._watcher is not None
    finally:
        server.stop()
