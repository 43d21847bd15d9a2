"""The server's own edge under gunicorn: what happens to a request before and around the app's
routes, and defines none of them.

- ``worker.py``: the gevent worker (gunicorn.conf.py's ``worker_class``): per-read timeouts
  (``reads.py``), connections per address (``per_address.py``), answers to requests gunicorn cannot
  parse (``protocol_errors.py``), a response in one send;
- ``access_log.py``: gunicorn's access log computing only the fields its format names;
- ``time_limit.py``: each request's time limit (503 ``out_of_time``, never a killed worker);
- ``lane.py``: the heavy lane, CPU-bound views in a native thread beside the worker's loop;
- ``body.py``: a request's body read once off the connection (chunked bodies to the limit).
"""
