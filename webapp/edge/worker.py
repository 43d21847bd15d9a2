"""The production server's workers.

``Worker`` (gevent) is the one ``gunicorn.conf.py`` runs: each connection is a greenlet, so clients
that trickle their headers or bodies cost a little memory, not a worker; its CPU-bound requests run in its
heavy lane, and while the lane is busy the worker steps back from accepting (``_Listener``), so
heavy requests spread over the processes. Its edge:

- no read of a request waits more than ``client_read_timeout`` seconds (gunicorn.conf.py), and a
  request's line and headers must all come within ``keepalive`` seconds; a request cut so is
  answered 408, an idle keep-alive connection just closed (webapp/edge/reads.py);
- a chunk size over the app's body limit (``MAX_CONTENT_LENGTH``) is a 400 as soon as it is read;
- an address holds at most ``connections_per_address`` open connections in each worker; the next
  is answered 429 and closed at once (webapp/edge/per_address.py), so that stalled connections from one
  address cannot take every slot (``worker_connections``) that other clients need;
- no request runs past ``request_time_limit`` seconds: it is stopped and answered 503, well
  before gunicorn's ``timeout`` would kill the worker and close its connections (webapp/edge/time_limit.py);
- CPU-bound views run in the worker's heavy lane, a native thread, so that its loop keeps
  answering the light requests (health probes, pages) meanwhile (webapp/edge/lane.py);
- requests gunicorn cannot parse get the app's error answer (its error page, in the user's language,
  for a browser's page; else the JSON error shape), security headers and, on the tablebase routes,
  CORS (webapp/edge/protocol_errors.py).

``ThreadWorker`` (gthread) is the previous layout, kept for the benchmark's comparison: it has the
error answers only (an error page only where gunicorn parsed the request's headers)."""

from __future__ import annotations

import functools
import socket

import gevent
from gevent import monkey
from gevent import socket as gevent_socket
from gevent.server import StreamServer
from gunicorn.workers import ggevent
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.gthread import ThreadWorker as _GThreadWorker

from .lane import install as open_lane
from .per_address import OpenConnections, refuse
from .protocol_errors import ProtocolErrors
from .reads import ClientSocket, Stalled, bound_chunks
from .time_limit import install


class _HeadWithBody:
    """A client socket as one response sees it. gunicorn sends a response's head and its body in two
    calls; on a connection with Nagle's algorithm off (gunicorn's) each leaves at once, as its own
    segment that wakes the client. The first bytes written are held back and leave with the next
    ones, so a response goes out in one send; anything else asked of the socket (reading, sendfile,
    closing) sends what is held first, and so does ``flush`` at the end of the request."""

    __slots__ = ("_sock", "_held", "_first")

    def __init__(self, sock):
        self._sock, self._held, self._first = sock, b"", True

    def sendall(self, data) -> None:
        if self._first:
            self._first, self._held = False, bytes(data)
            return
        held, self._held = self._held, b""
        self._sock.sendall(held + data if held else data)

    def flush(self) -> None:
        held, self._held = self._held, b""
        if held:
            self._sock.sendall(held)

    def __getattr__(self, name):
        self.flush()
        return getattr(self._sock, name)


STEP_BACK = 0.01  # seconds a worker whose heavy lane is busy waits between two accepts


class _Listener(StreamServer):
    """A listening socket's server in a worker that steps back while the worker's heavy lane is
    busy: it accepts one connection per ``STEP_BACK`` seconds, so that the workers whose lane is
    free take the others, and a connection waits at most so long when every lane is busy."""

    def __init__(self, lane, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lane = lane
        lane.listeners.append(self)

    def step_back(self) -> None:
        """Accept nothing for ``STEP_BACK`` seconds: gevent's own pause (its ``_timer``, as after
        an accept error), which ``stop_accepting`` and ``close`` end."""
        if not self.started:
            return
        self.stop_accepting()
        self._timer = self.loop.timer(STEP_BACK)
        self._timer.start(self._start_accepting_if_started)

    def step_forward(self) -> None:
        """The lane has a free thread again: accept at once (unless the server is closing)."""
        if self.started:
            self.start_accepting()

    def do_read(self):
        """The next waiting connection, or None once this worker stepped back: gevent's accept loop
        takes up to ``max_accept`` connections in one turn, and would otherwise collect every
        connection waiting there after the first, though the lane is busy."""
        if self._watcher is None:  # stopped accepting in this turn of the loop
            return None
        return super().do_read()

    def do_handle(self, *args):
        super().do_handle(*args)
        if self.lane.busy:
            self.step_back()


class Worker(ProtocolErrors, GeventWorker):
    read_timeout: float | None = 10.0
    connections_per_address = 64

    def limit_clients(self, read_timeout: float, connections_per_address: int) -> None:
        """From gunicorn.conf.py (``post_worker_init``), before the worker accepts anything; 0
        turns either off."""
        self.read_timeout = read_timeout or None
        self.connections_per_address = connections_per_address

    def limit_time(self, seconds: float) -> None:
        """Each request's time limit (gunicorn.conf.py's ``request_time_limit``; 0: none): past it,
        503 ``out_of_time`` instead of the worker killed by gunicorn's ``timeout`` (webapp/edge/time_limit.py)."""
        install(self.wsgi, seconds)

    def open_heavy_lane(self, threads: int, waiting: int, nice: int = 0) -> None:
        """Heavy views (``@heavy``) run in ``threads`` native threads, at most ``waiting`` more
        requests waiting their turn, while the loop answers the others (webapp/edge/lane.py; 0: none)."""
        open_lane(self.wsgi, threads, waiting, nice)

    def handle(self, listener, client, addr):
        address = addr[0] if isinstance(addr, tuple) else None  # a Unix socket's clients: no cap
        if address is not None and not self.open_connections.enter(address):
            if self.open_connections.first_refusal(address):
                self.log.warning("refusing connections from %s: %d open, its limit", address,
                                 self.open_connections.cap)
            refuse(client, self.open_connections.cap, self.read_timeout or self.cfg.keepalive)
            return
        try:
            super().handle(listener, ClientSocket(client, self.read_timeout), addr)
        finally:
            if address is not None:
                self.open_connections.leave(address)

    def timeout_ctx(self):
        # gunicorn's waits silently for the next request and its headers; ours says why it cut
        # one that had started coming.
        return gevent.Timeout(self.cfg.keepalive,
                              Stalled(f"its line and headers did not all come within {self.cfg.keepalive:g} s"))

    def handle_request(self, listener_name, req, sock, addr):
        bound_chunks(req, self.max_body)
        answering = _HeadWithBody(sock)
        try:
            kept = super().handle_request(listener_name, req, answering, addr)
        finally:
            answering.flush()
            # A keep-alive client on loopback has its next request in before this greenlet reads
            # again, so the read never waits and never yields: that one connection would keep the
            # worker while the others' requests wait (p99 in the hundreds of ms). Take turns.
            gevent.sleep(0)
        sock.next_request()
        return kept

    def patch(self):
        # Sockets, sleeps and the rest become cooperative, but threads stay the operating system's:
        # the 3D table store builds tables in a background thread, and as a greenlet that CPU-bound
        # build would hold the worker's loop (and every connection in it) until it ended.
        monkey.patch_all(thread=False)
        self.sockets = [gevent_socket.socket(listener.FAMILY, socket.SOCK_STREAM, fileno=listener.sock.detach())
                        for listener in self.sockets]

    def run(self):
        self.open_connections = OpenConnections(self.connections_per_address)
        self.max_body = getattr(self.wsgi, "config", {}).get("MAX_CONTENT_LENGTH")
        # Hand over a connection only once its first bytes are in: a worker that accepted one
        # would otherwise go back to accepting while it waits for the request, and collect
        # several heavy requests that other, idle workers could have run.
        for listener in self.sockets:
            if listener.family in (socket.AF_INET, socket.AF_INET6) and hasattr(socket, "TCP_DEFER_ACCEPT"):
                listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, 1)
        lane = self.wsgi.extensions.get("heavy_lane") if hasattr(self.wsgi, "extensions") else None
        if lane is not None:  # gunicorn's run makes a StreamServer of each listening socket: ours
            ggevent.StreamServer = functools.partial(_Listener, lane)
        super().run()


class ThreadWorker(ProtocolErrors, _GThreadWorker):
    pass
