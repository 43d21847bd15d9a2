"""Two loads for ``bench_http.py`` on a server at 127.0.0.1, both bounded in count and time:

- ``slow_clients``: connections that trickle their headers or their bodies one byte at a time
  (slowloris, slow POST), while two probing clients ask ``/healthz`` and ``/api/tablebase`` every
  0.25 s; the share of probes answered within 1 s is the figure.
- ``heavy``: one slow solitaire solve alone, then four at once; the last of the four to finish,
  against the single one, is the figure (2 if they share 2 cores, 4 if they queue in one worker).
"""

from __future__ import annotations

import asyncio
import json
import time

FEN = "8/8/8/8/8/8/2k5/KNB5_w_-_-_0_1"
PROBES = ("/healthz", f"/api/tablebase?fen={FEN}")
# The slowest board within the solver's budget found by bench_solitaire_budget.py: ~0.17 s of CPU
# alone (it has no solution, so any limit costs the same).
HEAVY_BOARD = "......B..RP.Q.N........RK....................BQ...K..Q...B..Q..."


async def _trickle(port: int, head: bytes, body: bytes, until: float, interval: float) -> None:
    """Send ``head`` then ``body`` one byte per ``interval`` until ``until``; reconnect if the
    server hangs up (as a real slow client would keep trying)."""
    while time.monotonic() < until:
        writer = None
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            for byte in head + body:
                if time.monotonic() >= until:
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(interval)
        except OSError:
            await asyncio.sleep(interval)
        finally:
            if writer is not None:
                writer.close()


def _slow_requests(port: int) -> tuple[bytes, bytes, bytes]:
    host = f"Host: 127.0.0.1:{port}\r\n"
    headers = (f"GET /healthz HTTP/1.1\r\n{host}User-Agent: slow-headers\r\n" + "X-Pad: a\r\n" * 200).encode()
    body = json.dumps({"board": HEAVY_BOARD, "limit": 1, "pad": "x" * 4000}).encode()
    post = (f"POST /api/solitaire/state HTTP/1.1\r\n{host}Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    return headers, post, body


async def _get(port: int, path: str, timeout: float) -> tuple[int, float]:
    """One request on a fresh connection: (status or 0 on failure, seconds taken)."""
    start = time.monotonic()
    writer = None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), timeout - (time.monotonic() - start))
        status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0
    except (OSError, asyncio.TimeoutError, ValueError, IndexError):
        status = 0
    finally:
        if writer is not None:
            writer.close()
    return status, time.monotonic() - start


async def _probe(port: int, path: str, until: float, every: float, results: list) -> None:
    while time.monotonic() < until:
        started = time.monotonic()
        results.append(await _get(port, path, timeout=5.0))
        await asyncio.sleep(max(0.0, every - (time.monotonic() - started)))


async def _slow_clients(port: int, seconds: float, header_clients: int, body_clients: int) -> dict:
    headers, post, body = _slow_requests(port)
    until = time.monotonic() + seconds
    results: list[tuple[int, float]] = []
    tasks = [_trickle(port, headers, b"", until, 1.0) for _ in range(header_clients)]
    tasks += [_trickle(port, post, body, until, 1.0) for _ in range(body_clients)]
    await asyncio.sleep(0)
    tasks += [_probe(port, path, until, 0.25, results) for path in PROBES]
    await asyncio.gather(*tasks)
    fast = sum(1 for status, took in results if status == 200 and took <= 1.0)
    slowest = max((took for _, took in results), default=0.0)
    return {"probes": len(results), "within_1s": fast, "share": fast / max(len(results), 1), "slowest": slowest}


def slow_clients(port: int, seconds: float = 20, header_clients: int = 40, body_clients: int = 10) -> dict:
    return asyncio.run(_slow_clients(port, seconds, header_clients, body_clients))


async def _post(port: int, path: str, body: dict, timeout: float = 60.0) -> tuple[int, float]:
    data = json.dumps(body).encode()
    start = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write((f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                      f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n").encode() + data)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    return int(answer.split(b" ", 2)[1]), time.monotonic() - start


async def _heavy(port: int, concurrent: int, snapshot) -> dict:
    body = {"board": HEAVY_BOARD, "limit": 10_000}
    await _post(port, "/api/solitaire/solve", body)  # warm every lazily made table
    status, single = await _post(port, "/api/solitaire/solve", body)
    before = snapshot()
    together = await asyncio.gather(*(_post(port, "/api/solitaire/solve", body) for _ in range(concurrent)))
    return {"status": [status] + [s for s, _ in together], "single": single,
            "finished": sorted(took for _, took in together), "snapshots": (before, snapshot())}


def heavy(port: int, concurrent: int = 4, snapshot=lambda: None) -> dict:
    """``snapshot()`` is taken just before and after the concurrent requests (the workers' CPU time)."""
    return asyncio.run(_heavy(port, concurrent, snapshot))
