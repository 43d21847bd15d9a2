"""Making sure a usable table file exists: load it, or build and write it once, even when several
processes start together on a missing file (an exclusive lock beside the file makes the others
wait, then load what the first one wrote)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..files import ExclusiveLock
from .location import table_path
from .table import KbnkTable
from .tablefile import TableFileError, load_table, save_table


def ensure_table(path=None, announce: Callable[[str], None] | None = None) -> KbnkTable:
    """Load the table at ``path`` (default: ``table_path()``); when the file is missing, or is a
    kbnk table file that is damaged or of another version, build the table, write it atomically,
    and load that. ``announce`` hears why it builds. A file that is not a kbnk table file at all,
    a folder or an unreadable path raises ``TableFileError``: it is never overwritten."""
    path = Path(path) if path is not None else table_path()
    try:
        return load_table(path)
    except FileNotFoundError:
        pass
    except TableFileError as error:
        _require_rebuildable(error)
    with _exclusive(path):
        try:  # another process may have built it while this one waited for the lock
            return load_table(path)
        except FileNotFoundError:
            reason = f"no kbnk table at {str(path)!r}: building it"
        except TableFileError as error:
            _require_rebuildable(error)
            reason = f"{error}; rebuilding it"
        if announce:
            announce(reason)
        from . import build_table

        try:
            save_table(build_table(), path)
        except OSError as error:
            raise TableFileError(
                f"cannot write the kbnk table file ({error.strerror}): {str(path)!r}", ours=False) from None
        return load_table(path)


def _require_rebuildable(error: TableFileError) -> None:
    if not error.ours:
        raise TableFileError(f"{error} (left as it is: set KBNK_TABLE to another file, or move this "
                             f"one away)", ours=False) from None


def _exclusive(path: Path) -> ExclusiveLock:
    """The cross-process build lock of the table file, its failure said as a table-file error."""
    try:
        return ExclusiveLock(path)
    except OSError as error:
        raise TableFileError(f"cannot create the kbnk table's lock file ({error.strerror}): "
                             f"{str(path) + '.lock'!r}", ours=False) from None
