"""The heavy lane: CPU-bound requests run in a native thread of the gevent worker, so that its
loop (every other connection of the worker) goes on answering meanwhile.

A gevent worker runs its requests in one OS thread, one greenlet each; a greenlet gives the loop
back only when it waits for I/O. A CPU-bound request (a 3D position's report, a game, a custom
piece's table, a solitaire solve: up to a quarter of a second at its worst input within the work
budget) would hold the worker meanwhile, and a health probe or a page queued behind it waits.

A route declared heavy (``@api(..., heavy=True)``, webapp/api_routes.py) runs instead in the
worker's lane: ``threads`` native threads (gevent's ``ThreadPool``; one by default, as each
worker process already has a core's share) and at most ``waiting`` requests waiting their turn. The request's greenlet reads its body first (reading is
the loop's job: webapp/edge/body.py; the route's declaration checks it and weighs its work there,
``cost=``, so that a request past the work budget is refused without entering the lane), then hands the view to a thread with its Flask
context (``contextvars.copy_context().run``) and waits for the answer; the loop serves the other
connections in the gaps the thread leaves it: whenever it waits (NumPy, file reads) and at every
GIL switch interval, which the worker shortens (``SWITCH_INTERVAL``) so that each of the loop's
few system calls per light request waits a millisecond for the GIL rather than five. The lane's
threads run at a lower scheduling priority (``nice``, 10 by default: gunicorn.conf.py), so that on
a busy machine the kernel runs a worker's loop before another worker's heavy request; the heavy
work still gets every core the light requests leave. A request over the lane's bound is refused
at once: 503 ``heavy_lane_full`` naming the bound, with Retry-After. While every thread of its lane runs, a worker steps back from accepting connections
(webapp/edge/worker.py: one accept every ``STEP_BACK`` seconds), so that a worker whose lane is free
takes them and heavy requests spread over the processes, as they did when a busy worker's loop
could accept nothing.

The time limit (webapp/edge/time_limit.py) still holds: the waiting greenlet keeps the request's
deadline; past it, it raises an exception in the thread with ``PyThreadState_SetAsyncExc``, which
the thread's code meets at its next bytecode (as the worker's ``SIGALRM`` stops a request in the
loop's own thread: same reach, no check to sprinkle in ``tablebase``, which stays pure), and the
request is answered 503 ``out_of_time``. A request that waits for a thread past its deadline is
answered so without one. What runs in the thread must use no gevent primitive (a gevent lock or
sleep belongs to the loop's thread): the views of the lane read inputs, call ``tablebase`` (whose
locks are the standard library's; the worker does not patch threads) and serialize.

Without a lane (the development server, tests in process, ``KBN_HEAVY_THREADS=0``) a heavy view
runs where it is called, as any other.
"""

from __future__ import annotations

import contextvars
import ctypes
import functools
import logging
import os
import sys
import threading
import time

import gevent
from flask import Flask, current_app, has_app_context, request
from gevent._hub_local import get_hub_if_exists
from gevent.lock import Semaphore
from gevent.monkey import get_original
from gevent.threadpool import ThreadPool

from .body import read_body
from .time_limit import OutOfTime, current_limit

SWITCH_INTERVAL = 0.001  # seconds a thread holds the GIL while another waits for it (Python's default: 0.005)
RETRY_FULL_LANE = 1  # seconds a client refused for a full lane waits before asking again
FULL = ("the server is busy: this worker's heavy lane holds {held} requests, its limit ({threads} running and "
        "{waiting} waiting); ask again in a second")

log = logging.getLogger(__name__)
_thread_ident = get_original("_thread", "get_ident")
_native_lock = get_original("_thread", "allocate_lock")


def _set_async_exc(thread: int, exc: type[BaseException] | None) -> None:
    """``exc`` raised in ``thread`` at its next bytecode; None withdraws one not yet raised."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), None if exc is None else ctypes.py_object(exc))


class LaneFull(Exception):
    """Every thread of the lane busy and its waiting line full: 503 with Retry-After."""

    code = "heavy_lane_full"
    retry_after = RETRY_FULL_LANE

    def __init__(self, threads: int, waiting: int):
        super().__init__(FULL.format(held=threads + waiting, threads=threads, waiting=waiting))


class _Stopped(BaseException):
    """Raised in a lane thread at its request's deadline. A ``BaseException``, so that no
    ``except Exception`` of the view's code takes it for a fault of its own."""


class _Job:
    """One view's call in a lane thread, stoppable from the loop's thread until it leaves."""

    def __init__(self, call, nice: int = 0):
        self.call, self.context, self.nice = call, contextvars.copy_context(), nice
        self.lock, self.thread, self.stopped = _native_lock(), None, False

    def run(self):
        """In the lane's thread: (True, the view's answer), or (False, None) if it was stopped
        (before it began, too: the thread may start after the deadline)."""
        if self.nice:
            _lower_priority(self.nice)
        try:
            try:
                with self.lock:
                    if self.stopped:
                        return False, None
                    self.thread = _thread_ident()
                return True, self.context.run(self.call)
            finally:
                self._leave()
                _no_gevent_here()
        except _Stopped:
            self._leave()
            return False, None

    def _leave(self) -> None:
        with self.lock:
            if self.thread is not None:
                self.thread = None
                _set_async_exc(_thread_ident(), None)  # a stop asked for and not yet raised: withdrawn

    def stop(self) -> None:
        """From the loop's thread: raise ``_Stopped`` in the thread if the call is in it; one not
        begun yet will not begin."""
        with self.lock:
            if not self.stopped:
                self.stopped = True
                if self.thread is not None:
                    _set_async_exc(self.thread, _Stopped)


def _no_gevent_here() -> None:
    """In a lane thread after a view: a gevent primitive used there (a gevent lock, sleep or
    patched socket) made the thread a hub of its own; said in the log, and the hub let go."""
    hub = get_hub_if_exists()
    if hub is not None:
        log.error("a heavy view used gevent in the heavy lane's thread (%s): its code must use the standard "
                  "library's threads and locks only (webapp/edge/lane.py)", hub)
        hub.destroy(destroy_loop=True)


_this_thread = threading.local()  # the standard library's: the worker patches no thread


def _lower_priority(nice: int) -> None:
    """This thread's scheduling priority lowered by ``nice`` (Linux: a thread's own niceness), once."""
    if not getattr(_this_thread, "lowered", False):
        _this_thread.lowered = True
        ident = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, ident, os.getpriority(os.PRIO_PROCESS, ident) + nice)


class Lane:
    """A worker's heavy lane: ``threads`` native threads, ``waiting`` requests waiting their turn."""

    def __init__(self, threads: int, waiting: int, nice: int = 0):
        self.threads, self.waiting, self.nice = threads, waiting, nice
        self.pool = ThreadPool(threads)
        self.turns = Semaphore(threads)
        self.held = 0  # requests running or waiting in the lane
        self.hub = gevent.get_hub()  # the loop's, in the worker's main thread
        self.running = 0
        self.listeners: list = []  # the worker's listening servers: they step back while every thread runs

    def in_loop(self, call):
        """``call()`` run by a greenlet of the loop, from a lane thread that waits for it: for the
        few things a heavy view may ask that are gevent's in the worker (starting the table
        builder's process: gevent's ``subprocess`` watches its children from the loop)."""
        done, found = _native_lock(), {}
        done.acquire()

        def run():
            try:
                found["value"] = call()
            except BaseException as error:  # handed to the caller's thread
                found["error"] = error
            finally:
                done.release()

        self.hub.loop.run_callback_threadsafe(gevent.spawn, run)
        done.acquire()
        if "error" in found:
            raise found["error"]
        return found["value"]

    def run(self, call, seconds: float | None, deadline: float | None):
        """``call()`` in a thread of the lane, from a request's greenlet; OutOfTime past ``deadline``."""
        if self.held >= self.threads + self.waiting:
            raise LaneFull(self.threads, self.waiting)
        self.held += 1
        try:
            if not self.turns.acquire(timeout=_left(deadline)):
                raise OutOfTime(seconds)
            self._take_turn()
            try:
                return self._in_thread(_Job(call, self.nice), seconds, deadline)
            finally:
                self._end_turn()
        finally:
            self.held -= 1

    def _take_turn(self) -> None:
        self.running += 1
        if self.running == self.threads:  # every thread busy: let the workers whose lane is free accept first
            for listener in self.listeners:
                listener.step_back()

    def _end_turn(self) -> None:
        self.running -= 1
        self.turns.release()
        if self.running < self.threads:
            for listener in self.listeners:
                listener.step_forward()

    @property
    def busy(self) -> bool:
        return self.running >= self.threads

    def _in_thread(self, job: _Job, seconds: float | None, deadline: float | None):
        result = self.pool.spawn(job.run)
        try:
            answered, value = result.get(timeout=_left(deadline))
        except gevent.Timeout:
            job.stop()
            answered, value = result.get()  # the thread stops at its next bytecode
        finally:
            if not result.ready():  # this greenlet was stopped (the worker's exit): so is its thread
                job.stop()
        if not answered:
            raise OutOfTime(seconds)
        return value


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def heavy(view):
    """Declares a view CPU-bound: it runs in the worker's heavy lane when there is one."""

    @functools.wraps(view)
    def in_the_lane(*args, **kwargs):
        lane = current_app.extensions.get("heavy_lane")
        if lane is None:
            return view(*args, **kwargs)
        if request.mimetype == "application/json":
            read_body()  # here, in the loop's thread: the lane's thread never touches the client's socket
        limit = current_limit()
        if limit is None:
            return lane.run(functools.partial(view, *args, **kwargs), None, None)
        with limit.handed_over() as deadline:
            return lane.run(functools.partial(view, *args, **kwargs), limit.seconds, deadline)

    in_the_lane.heavy = True
    return in_the_lane


def in_loop(call):
    """``call()`` in the worker's loop: at once when called there (or with no lane), else from a
    lane thread through ``Lane.in_loop``."""
    lane = current_app.extensions.get("heavy_lane") if has_app_context() else None
    if lane is None or _thread_ident() == lane.hub.thread_ident:
        return call()
    return lane.in_loop(call)


def install(app: Flask, threads: int, waiting: int, nice: int = 0) -> Lane | None:
    """Opens ``app``'s heavy lane in this worker process (gunicorn.conf.py's ``post_worker_init``,
    after the fork, in the loop's thread); 0 threads: none, heavy views run in the loop."""
    if threads <= 0:
        return None
    sys.setswitchinterval(SWITCH_INTERVAL)
    app.extensions["heavy_lane"] = lane = Lane(threads, max(0, waiting), nice)
    return lane
