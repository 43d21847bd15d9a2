"""The command line's table store: every table in one folder, the KBNK table possibly elsewhere."""

from __future__ import annotations

import os
from pathlib import Path

from ..mates import KBNK
from ..tables import Limits, TableFile, TableId, TableStore
from .choice import chosen_tables, names_tables

DEFAULT_FOLDER = Path("data") / "tables"  # beside where the command runs (the checkout)


def table_store(folder=None, kbnk_path=None) -> TableStore:
    """``folder``, else ``$KBN_TABLES``, else ``data/tables``; the KBNK table at ``kbnk_path``, else
    ``$KBNK_TABLE``, else in the folder (with no folder given, the folder is then the KBNK
    table's). No server limits: the command line builds whatever it is asked for. Builds run in
    this process."""
    kbnk_path = kbnk_path or os.environ.get("KBNK_TABLE")
    if folder is None:
        folder = Path(kbnk_path).parent if kbnk_path else Path(os.environ.get("KBN_TABLES") or DEFAULT_FOLDER)
    paths = {KBNK: Path(kbnk_path)} if kbnk_path else {}
    return TableStore(folder, Limits.everything(), paths=paths, background=False)


def opened(store: TableStore, table: TableId) -> TableFile:
    """The table, there and sound (no build); FileNotFoundError naming its path when it is not there,
    TableFileError when it is damaged."""
    found = store.opened(table)
    if found is None:
        raise FileNotFoundError(2, "no such file", str(store.path(table)))
    return found


def chosen(args) -> tuple[TableStore, list[TableId]]:
    """The store and the tables of a command's ``TABLE`` (or the KBNK table's file), ``--n`` and ``--dir``."""
    if names_tables(args.material):
        return table_store(args.dir), chosen_tables(args.material, args.n, getattr(args, "piece", None))
    return table_store(args.dir, kbnk_path=args.material), chosen_tables("KBNK", None)
