"""Each request's time limit inside a worker: a request that runs past it is stopped and answered
503 ``out_of_time`` (JSON on the API), so the worker answers instead of being killed by gunicorn's
``timeout`` with the connection closed unanswered.

A request's work is held to a budget before it starts (tablebase/core/cube_work.py, the solitaire
solver's), so this is the net under it: ``request_time_limit`` seconds (gunicorn.conf.py, well
below gunicorn's ``timeout``), counted from the start of the request and paused while its body is
read (an upload whose bytes keep coming is read however long it takes: webapp/edge/reads.py).

One process timer (``SIGALRM``, ``setitimer``) serves every request of a gevent worker: each
request is a greenlet with its own deadline. When the timer fires, the request running at that
moment is stopped if its deadline has passed; one waiting for its client is not (it costs the
worker nothing), and the timer looks again soon. The exception is raised where the request's code
is running, so it unwinds through ``finally`` and ``with`` blocks as any exception does. Only in
the main thread (signals are delivered there): under the development server or threads, off."""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager

from flask import Flask, current_app
from greenlet import getcurrent

LOOK_AGAIN = 0.05  # seconds before the timer looks again at a request past its deadline that was waiting
OUT_OF_TIME = ("the server stopped this request after {seconds:g} s, its time limit per request; the request "
               "was accepted but took longer than it should, so try again, or send less")


class OutOfTime(Exception):
    """A request past its time limit. Not a ``ValueError`` (no input error): the rules' ``except
    ValueError`` must not swallow it."""

    code = "out_of_time"

    def __init__(self, seconds: float):
        super().__init__(OUT_OF_TIME.format(seconds=seconds))


class TimeLimit:
    def __init__(self, seconds: float):
        self.seconds = seconds
        self.deadlines: dict = {}  # greenlet of a request -> its deadline (time.monotonic())
        signal.signal(signal.SIGALRM, self._alarm)

    def start(self) -> None:
        self.deadlines[getcurrent()] = time.monotonic() + self.seconds
        self._arm()

    def stop(self) -> None:
        if self.deadlines.pop(getcurrent(), None) is not None:
            self._arm()

    def deadline(self) -> float | None:
        """The running request's deadline (``time.monotonic()``), None when it has none."""
        return self.deadlines.get(getcurrent())

    @contextmanager
    def handed_over(self):
        """The running request's deadline kept by someone else in the block (the heavy lane,
        webapp/edge/lane.py, which stops its thread at it): the timer does not look at it, and it is the
        same deadline after the block."""
        deadline = self.deadlines.pop(getcurrent(), None)
        try:
            yield deadline
        finally:
            if deadline is not None:
                self.deadlines[getcurrent()] = deadline
                self._arm()

    @contextmanager
    def paused(self):
        """The time in the block is not counted (the request's body being read); the limit starts
        again after it."""
        running = getcurrent() in self.deadlines
        self.stop()
        try:
            yield
        finally:
            if running:
                self.start()

    def _arm(self) -> None:
        if not self.deadlines:
            signal.setitimer(signal.ITIMER_REAL, 0)
            return
        wait = min(self.deadlines.values()) - time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, max(wait, LOOK_AGAIN))

    def _alarm(self, signum, frame) -> None:
        current = getcurrent()
        deadline = self.deadlines.get(current)
        if deadline is not None and time.monotonic() >= deadline:
            del self.deadlines[current]
            self._arm()
            raise OutOfTime(self.seconds)
        self._arm()


def install(app: Flask, seconds: float) -> TimeLimit | None:
    """Limits each request of ``app`` in this process to ``seconds`` (0: no limit); the worker calls
    it after the fork (gunicorn.conf.py's ``post_worker_init``)."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        return None
    app.extensions["time_limit"] = limit = TimeLimit(seconds)
    return limit


def current_limit() -> TimeLimit | None:
    """The app's time limit in this process, None when requests have none."""
    return current_app.extensions.get("time_limit")


@contextmanager
def not_counted():
    """A block of a request whose time is not counted (reading its body from the client)."""
    limit = current_limit()
    if limit is None:
        yield
        return
    with limit.paused():
        yield


def register(app: Flask) -> None:
    @app.before_request
    def start_the_clock():
        limit = current_limit()
        if limit is not None:
            limit.start()

    @app.after_request
    def stop_the_clock(response):
        limit = current_limit()
        if limit is not None:
            limit.stop()
        return response

    @app.teardown_request
    def stop_the_clock_anyway(exc=None):
        limit = current_limit()
        if limit is not None:
            limit.stop()
