"""Helpers of the table service's tests: folders holding some of the session's tables, apps on
them, and waiting for a builder."""

from __future__ import annotations

import shutil
import time

from webapp import create_app

KQK3 = "[###,###,###],[##k,###,###],[Q##,K##,###]"  # a KQK position on 3x3x3, White to move


def folder_with(source, folder, names=()):
    """``folder`` holding copies of the session's KBNK, KBK and KNK tables and of ``names``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("KBNK-8x8.tbl", "KBK-8x8.tbl", "KNK-8x8.tbl", *names):
        shutil.copy(source / name, folder / name)
    return folder


def app_on(folder, **config):
    return create_app({"TESTING": True, "TABLES": str(folder), "CUBE_MAX_N_ONE_MAN": 4, "CUBE_MAX_N_TWO_MEN": 3,
                       "CUBE_RESULTS": "",
                       **config})


def until(get, done, seconds=90.0):
    """Repeat ``get()`` until ``done(answer)``; the last answer (AssertionError after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        answer = get()
        if done(answer):
            return answer
        assert time.monotonic() < deadline, f"still {answer.status_code}: {answer.get_json()}"
        time.sleep(0.1)
