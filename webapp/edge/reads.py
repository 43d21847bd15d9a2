"""How the gevent worker (webapp/edge/worker.py) reads a request off a client connection.

No read waits longer than the read timeout: the timeout is per read, not per request, so an upload
whose bytes keep coming is read whole however long it takes in all (256 KiB at 20 KB/s is 13 s),
while one that stops is cut. The price: a client sending a byte every few seconds is never cut in
its body (its line and headers must still all come within gunicorn's ``keepalive``); how many such
connections one address holds is what the per-address cap bounds (webapp/edge/per_address.py). A chunk
size over the body limit is refused when its line is read, not after waiting for its bytes."""

from __future__ import annotations

from gunicorn.http.body import ChunkedReader
from gunicorn.http.errors import InvalidChunkSize

# Of each request, kept to answer it when the server answers it itself: its path, and the headers
# that choose the answer's form and language (Accept, Accept-Language, Cookie), which a browser sends
# soon after a request line of up to gunicorn's limit (8190 bytes).
HEAD_BYTES = 16384


class Stalled(BaseException):
    """A client stopped sending in the middle of a request. Not an ``Exception``: it is raised in
    the app's read of the body (which answers any ``OSError`` there with a 400) and must reach the
    worker, which answers 408."""


class ClientSocket:
    """A client connection whose reads give up after ``read_timeout`` seconds (None: never). It
    keeps what it needs to answer a request it cuts: whether any byte of the request came (an
    idle keep-alive connection is closed without a word) and the request's first bytes (its path).
    ``next_request`` starts over once a request has been answered."""

    __slots__ = ("_sock", "_read_timeout", "head", "received")

    def __init__(self, sock, read_timeout: float | None):
        self._sock, self._read_timeout = sock, read_timeout
        self.head, self.received = b"", False

    def recv(self, size: int) -> bytes:
        sock = self._sock
        sock.settimeout(self._read_timeout)
        try:
            data = sock.recv(size)
        except TimeoutError:
            raise Stalled(f"nothing more of it came for {self._read_timeout:g} s") from None
        finally:
            sock.settimeout(None)  # writes wait as they did
        if len(self.head) < HEAD_BYTES:
            self.head += data[:HEAD_BYTES - len(self.head)]
        self.received = self.received or bool(data)
        return data

    def next_request(self) -> None:
        self.head, self.received = b"", False

    def rest(self) -> bytes:
        """What the client has sent that gunicorn did not read, without waiting for more (the
        connection is then closed: it is read so that the close does not reset it)."""
        self._sock.setblocking(False)
        try:
            return waiting_bytes(self._sock)
        finally:
            self._sock.setblocking(True)

    def __getattr__(self, name):
        return getattr(self._sock, name)


def waiting_bytes(sock, limit: int = 65536) -> bytes:
    """What the client has sent so far on a non-blocking socket, without waiting for more."""
    data = b""
    try:
        while len(data) < limit:
            chunk = sock.recv(limit - len(data))
            if not chunk:
                break
            data += chunk
    except OSError:  # nothing more yet (BlockingIOError), or the client is gone
        pass
    return data


class ChunkTooLarge(InvalidChunkSize):
    def __init__(self, size: int, limit: int):
        super().__init__(b"%X" % size)
        self.size, self.limit = size, limit

    def __str__(self) -> str:
        return f"a chunk of {self.size} bytes is over the body limit of {self.limit} bytes"


class BoundedChunks(ChunkedReader):
    """gunicorn's reader of a chunked body, refusing a chunk larger than ``limit`` bytes as soon
    as its size is read (an ``InvalidChunkSize``, which the app answers with a 400)."""

    def __init__(self, req, unreader, limit: int):
        super().__init__(req, unreader)
        self.limit = limit

    def parse_chunk_size(self, unreader, data=None):
        size, rest = super().parse_chunk_size(unreader, data)
        if size > self.limit:
            raise ChunkTooLarge(size, self.limit)
        return size, rest


def bound_chunks(req, limit: int | None) -> None:
    """Give a chunked request, before any of its body is read, a reader that keeps to ``limit``."""
    body = getattr(req, "body", None)
    if limit and type(getattr(body, "reader", None)) is ChunkedReader:
        body.reader = BoundedChunks(req, req.unreader, limit)
