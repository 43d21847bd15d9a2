"""``python -m tablebase.tables.builder FOLDER [--lock-fd FD]``: the builder of one table folder, a process of
its own. It takes the queued builds from the folder's build record, smallest first, one at a
time, records each one's progress or failure there, and exits when the queue is empty. A second
builder on the same folder exits at once (the builder's lock)."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from .limits import Limits
from .store import TableStore

log = logging.getLogger("tablebase.tables.builder")


def run(folder: Path, held: int | None = None) -> int:
    """Build the queue; ``held``: the builder's lock, taken by the process that started this one."""
    store = TableStore(folder, Limits.everything(), background=False)
    while True:
        fd = held if held is not None else store.record.try_builder_lock()
        held = None
        if fd is None:
            return 0  # another builder has the folder
        try:
            while waiting := store.record.waiting():
                table = waiting[0]
                record = store.record.read(table) or {}
                if record.get("path"):
                    store.place(table, record["path"])  # where the server that queued it keeps it
                check = bool(record.get("check"))
                try:
                    store.build_now(table, check=check)
                    log.info("built %s", table)
                except Exception as error:  # noqa: BLE001 - any failure is recorded with its reason
                    reason = getattr(error, "public", None) or str(error) or type(error).__name__
                    log.error("the build of %s failed: %s", table, error, exc_info=not isinstance(error, ValueError))
                    try:
                        store.record.write(table, "failed", reason=reason)
                    except OSError:
                        log.error("cannot record the failure of %s", table)
                        return 1
        finally:
            os.close(fd)
        if not store.record.waiting():  # a request may have come in as the lock was let go
            return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 3) or (len(args) == 3 and (args[1] != "--lock-fd" or not args[2].isdigit())):
        print("usage: python -m tablebase.tables.builder FOLDER [--lock-fd FD]", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="[builder %(process)d] %(levelname)s %(message)s")
    return run(Path(args[0]), int(args[2]) if len(args) == 3 else None)


if __name__ == "__main__":
    sys.exit(main())
