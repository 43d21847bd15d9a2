"""Open connections per client address, in one worker process. gevent's workers share the
listening socket and each counts only its own connections, so an address may hold up to the cap
in every worker: cap × workers in all."""

from __future__ import annotations

import math

from .protocol_errors import answer, open_path
from .reads import waiting_bytes


class OpenConnections:
    def __init__(self, cap: int):
        self.cap = cap  # 0: no cap
        self._open: dict[str, int] = {}
        self._refusing: set[str] = set()

    def enter(self, address: str) -> bool:
        """Count a new connection from ``address``, or say False if it is over the cap."""
        held = self._open.get(address, 0)
        if self.cap and held >= self.cap:
            return False
        self._open[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        held = self._open.pop(address) - 1
        if held:
            self._open[address] = held
        else:
            self._refusing.discard(address)

    def first_refusal(self, address: str) -> bool:
        """True once per run of refusals of ``address`` (until it has no connection left): the
        log says so once, not once per connection of a flood."""
        if address in self._refusing:
            return False
        self._refusing.add(address)
        return True


def refuse(sock, cap: int, retry_after: float) -> None:
    """Answer a connection over its address's cap with a 429 and close it, without waiting on it.
    What the client sent is read first (and again after the answer), so that closing the socket
    does not reset the connection and lose the answer."""
    sock.setblocking(False)
    try:
        head = waiting_bytes(sock)
        answer(sock, 429, "too_many_connections",
               f"this address already has {cap} connections open to this server process, its limit; "
               "close one or try again later", open_path(head), {"Retry-After": str(max(1, math.ceil(retry_after)))})
        waiting_bytes(sock)
    except OSError:
        pass
    finally:
        sock.close()
