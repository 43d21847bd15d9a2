"""Gunicorn settings for ``./dev serve`` and for deployment:

    gunicorn -c gunicorn.conf.py webapp.wsgi:app

Environment overrides: ``KBN_BIND`` (address, default 127.0.0.1:5000; the command line's --bind
wins), ``WEB_CONCURRENCY`` (worker processes), ``KBN_CONNECTIONS`` (open connections per worker),
``KBN_READ_TIMEOUT`` (seconds a read of a request may wait), ``KBN_CONNECTIONS_PER_ADDRESS`` (open
connections per client address and worker), ``KBN_REQUEST_SECONDS`` (a request's time limit),
``KBN_HEAVY_THREADS``, ``KBN_HEAVY_WAITING`` and ``KBN_HEAVY_NICE`` (each worker's heavy lane),
``KBN_ACCESS_LOG`` (a file, or "-" for standard output; "" turns it off). The app reads its own,
such as ``KBN_ALLOWED_HOSTS`` (the host names it answers for besides localhost and the bound
address: webapp/sites.py): any ``KBN_<KEY>`` sets its config key ``<KEY>``
(``app.config.from_prefixed_env``, webapp/settings.py).

Graceful restart: ``kill -HUP <master pid>`` starts fresh workers and lets the old ones finish their
requests (up to ``graceful_timeout``); ``kill -TERM`` stops the same way. With ``preload_app`` the
master holds the code, so new code needs a full restart (or USR2 then TERM of the old master).
"""

import os

_cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

bind = os.environ.get("KBN_BIND", "127.0.0.1:5000")
# Requests are short and CPU-bound, and threads of one process take turns on the GIL, so two
# processes per core, each running one request at a time. Each worker is gevent's (webapp/edge/worker.py):
# a connection is a greenlet, so clients that trickle their headers or bodies cost memory, not a
# worker, and no buffering proxy is needed in front (bench/bench_http.py measures both). A worker runs
# its CPU-bound requests in its heavy lane (below) and, while that is busy, steps back from accepting,
# so heavy requests spread over the workers.
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * _cores))
worker_class = "webapp.edge.worker.Worker"
worker_connections = int(os.environ.get("KBN_CONNECTIONS", 1000))  # open connections per worker
keepalive = 5  # an idle connection is closed after it; a request's line and headers must come within it
timeout = 30
graceful_timeout = 20

# Not gunicorn's settings (it passes on only its own): post_worker_init hands them to each worker.
# A read of a request that waits longer is cut with a 408 (webapp/edge/reads.py): per read, not per
# request, so an upload whose bytes keep coming is read however long it takes. 0: no timeout.
client_read_timeout = float(os.environ.get("KBN_READ_TIMEOUT", 10))
# One address's open connections per worker process, by default a quarter of worker_connections and
# at most 64: over it, a 429 at once, so that one address cannot take every slot. The kernel spreads
# an address's connections over the workers, so it may hold up to this many times ``workers`` in all.
# Behind a proxy every client has the proxy's address: cap there and raise (or 0: turn off) this.
connections_per_address = int(os.environ.get("KBN_CONNECTIONS_PER_ADDRESS", min(64, worker_connections // 4)))
# A request that runs longer (its body's reading not counted) is stopped and answered 503
# out_of_time, well before ``timeout`` would kill its worker with every connection it holds
# (webapp/edge/time_limit.py). Requests are held to a work budget before they start; this is the net. 0: none.
request_time_limit = float(os.environ.get("KBN_REQUEST_SECONDS", 10))
# The heavy lane of each worker (webapp/edge/lane.py): the CPU-bound views run in so many native threads,
# so many more requests waiting their turn (over it: 503 heavy_lane_full), while the worker's loop
# answers the light requests (health probes, pages) between them; the threads' niceness is raised by
# heavy_nice, so that the loops come first on a busy machine. 0 threads: no lane, they run in the loop.
heavy_threads = int(os.environ.get("KBN_HEAVY_THREADS", 1))
heavy_waiting = int(os.environ.get("KBN_HEAVY_WAITING", 8))
heavy_nice = int(os.environ.get("KBN_HEAVY_NICE", 10))


def post_worker_init(worker):
    if hasattr(worker, "limit_clients"):  # the gevent worker (webapp/edge/worker.py)
        worker.limit_clients(client_read_timeout, connections_per_address)
        worker.limit_time(request_time_limit)
        worker.open_heavy_lane(heavy_threads, heavy_waiting, heavy_nice)
    # The names the server is bound to are hosts it answers for (webapp/sites.py; KBN_ALLOWED_HOSTS adds others).
    from webapp.sites import allow_bound_names

    allow_bound_names(worker.wsgi, worker.cfg.bind)


# Build or check the KBNK table once, in the master, before the workers fork.
preload_app = True


def on_exit(server):
    """The server stops (TERM, INT, QUIT): the table builder it started stops with it, its build in
    hand queued again for the next start. A master killed outright (KILL) is covered by the builder
    itself, which watches the master and ends within a second of it (tablebase/tables/builder.py)."""
    from webapp.tables import stop_builder

    stop_builder(getattr(server.app, "callable", None))

accesslog = os.environ.get("KBN_ACCESS_LOG", "-") or None
logger_class = "webapp.edge.access_log.Logger"  # gunicorn's lines, for less work (webapp/edge/access_log.py)
errorlog = "-"
loglevel = "info"

# The largest request line gunicorn accepts; the app's own limit (MAX_URL_BYTES) is just under.
limit_request_line = 8190
limit_request_fields = 60
limit_request_field_size = 8190

# gunicorn >= 25.1 opens a control socket under ~/.gunicorn; several servers on one machine (tests,
# benchmarks, replicas) would share it. Signals do the same job.
control_socket_disable = True

# Each worker's heartbeat touches a file on every loop; on a memory file system that costs no disk.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
