"""The API answers the recorded corpus of requests (``tests/app/api_corpus.py``) byte for byte:
every route's answers and refusals, and /openapi.json itself, as they were when recorded. A change
meant to change an answer is recorded again (``.venv/bin/python -m tests.app.api_corpus``) and
shows in the diff of ``api_corpus.json``."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from tests.app.api_corpus import APP_CONFIG, RECORDED, answer_of, requests
from tests.helpers.fast import every_few
from webapp import create_app

RECORD_AGAIN = "record again on purpose: .venv/bin/python -m tests.app.api_corpus"


@pytest.fixture(scope="module")
def corpus_client(tables_folder, tmp_path_factory):
    """The app the corpus was recorded from (``APP_CONFIG``), on a copy of the session's tables as
    the session built them (none a test built on demand since)."""
    folder = tmp_path_factory.mktemp("corpus-tables")
    for path in tables_folder.glob("*.tbl"):
        if "(" not in path.name:  # custom pieces' tables come from tests, not from the session
            shutil.copy(path, folder / path.name)
    return create_app({**APP_CONFIG, "TABLES": str(folder)}).test_client()


@pytest.fixture(scope="module")
def recorded() -> dict:
    import json

    return json.loads(RECORDED.read_text(encoding="utf-8"))


def test_the_corpus_is_the_one_recorded_and_reaches_every_route(recorded, app):
    assert [r.key for r in requests()] == list(recorded), RECORD_AGAIN
    asked = {r.path for r in requests()}
    json_routes = {rule.rule for rule in app.url_map.iter_rules()
                   if rule.rule.startswith(("/api/", "/standard", "/healthz", "/openapi.json"))}
    assert json_routes <= asked, sorted(json_routes - asked)
    statuses = Counter(answer["status"] for answer in recorded.values())
    assert {200, 400, 404, 405, 413, 415} <= set(statuses) and statuses[400] > 300, statuses


def test_every_answer_is_the_recorded_one_byte_for_byte(corpus_client, recorded):
    """Every request in the whole suite; every fourth in the fast loop (tests/helpers/fast.py)."""
    changed = {}
    for request in every_few(requests()):
        answer = answer_of(corpus_client, request)
        if answer != recorded[request.key]:
            changed[request.key] = (recorded[request.key], answer)
    assert not changed, f"{len(changed)} answers changed ({RECORD_AGAIN}); the first: {next(iter(changed.items()))}"
