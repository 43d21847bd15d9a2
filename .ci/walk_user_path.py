"""CI's walk of a user's first minutes, against a server started by the README's serve command:
wait for /healthz, load every page, ask every API family one question, and check that the
virtualenv holds exactly the runtime lock. Standard library only: it runs in that venv, which has
no test tools. Exit 1, naming each failure, if anything is wrong.

    python .ci/walk_user_path.py http://127.0.0.1:PORT VENV_PYTHON LOCK_FILE SERVE_PID
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

PAGES = ("/", "/mates", "/mates/KQK", "/mates/learn", "/kbn", "/kbn/learn", "/3d", "/3d/endgames",
         "/moves", "/solitaire", "/api")
KBNK = "8/8/8/8/8/8/2k5/KNB5_w_-_-_0_1"
BOARD_3D = "[###,n##,#rr],[#b#,###,###],[###,###,bRK]"
# One question per API family, with what a good answer holds. 202 is a good answer of a table
# built on demand: the family answered; the table is on its way.
QUESTIONS = (
    ("GET", f"/api/tablebase?fen={KBNK}", None, "category"),
    ("GET", f"/standard/mainline?fen={KBNK}", None, "mainline"),
    ("GET", "/api/tablebase/random?material=KQK", None, "fen"),
    ("GET", f"/api/tablebase/heatmap?fen={KBNK}", None, "squares"),
    ("GET", f"/api/coach?fen={KBNK}", None, "advice"),
    ("GET", f"/api/mates/board?fen={KBNK}", None, "pieces"),
    ("GET", "/api/mates/lesson?lesson=1", None, "fen"),
    ("GET", "/api/kbn/lesson?lesson=1", None, "fen"),
    ("POST", "/api/3d/position", {"board": BOARD_3D}, "pieces"),
    ("POST", "/api/3d/tablebase", {"board": "[K##,###,#R#],[###,###,###],[###,###,##k]", "turn": "w"}, "category"),
    ("GET", "/api/3d/endgames?n=3", None, "endgames"),
    ("GET", "/api/3d/endgames/status?n=3", None, "tables"),
    ("POST", "/api/2d/validate", {"fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "move": "a1a2"}, "valid"),
    ("POST", "/api/solitaire/solve", {"board": ".....B..RP.....N"}, "count"),
    ("GET", "/api/solitaire/puzzle?difficulty=expert&seed=1", None, "board"),
    ("GET", "/openapi.json", None, "paths"),
)


def ask(base: str, method: str, path: str, body=None, timeout: float = 30):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_healthy(base: str, seconds: float, serve: int) -> str | None:
    deadline, last = time.monotonic() + seconds, "no answer"
    while time.monotonic() < deadline:
        if not alive(serve):
            return f"the serve command exited before /healthz answered 200 (last: {last})"
        try:
            status, body = ask(base, "GET", "/healthz", timeout=5)
            if status == 200:
                return None
            last = f"{status} {body[:200]!r}"
        except OSError as error:
            last = str(error)
        time.sleep(1)
    return f"/healthz did not answer 200 within {seconds:.0f} s (last: {last})"


def venv_against_lock(python: str, lock: str) -> list[str]:
    norm = lambda name: re.sub(r"[-_.]+", "-", name).lower()
    locked = {}
    for line in open(lock):
        found = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", line)
        if found:
            locked.setdefault(norm(found[1]), set()).add(found[2])
    frozen = subprocess.run([python, "-m", "pip", "list", "--format=json", "--exclude-editable"],
                            capture_output=True, text=True, check=True).stdout
    installed = {norm(p["name"]): p["version"] for p in json.loads(frozen)} if frozen.strip() else {}
    installed.pop("pip", None)
    faults = [f"{name} {version} is installed but not in {lock}" for name, version in installed.items()
              if name not in locked]
    faults += [f"{name} {version} is installed where {lock} pins {sorted(locked[name])}"
               for name, version in installed.items() if name in locked and version not in locked[name]]
    return faults


def main(base: str, python: str, lock: str, serve: str) -> int:
    faults = venv_against_lock(python, lock)
    fault = wait_healthy(base, 180, int(serve))
    if fault:
        print(f"FAIL {fault}")
        return 1
    for page in PAGES:
        status, body = ask(base, "GET", page)
        if status != 200 or b"<html" not in body[:500].lower():
            faults.append(f"page {page}: {status} {body[:200]!r}")
    for method, path, body, key in QUESTIONS:
        status, answer = ask(base, method, path, body)
        if status == 202:
            continue
        if status != 200 or key not in json.loads(answer):
            faults.append(f"{method} {path}: {status} {answer[:300]!r}")
    for fault in faults:
        print(f"FAIL {fault}")
    print(f"user path: {len(PAGES)} pages and {len(QUESTIONS)} API families asked, {len(faults)} faults")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
