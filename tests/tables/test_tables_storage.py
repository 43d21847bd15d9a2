"""Storage faults: a missing, read-only or full table folder, a file where the folder should be, a
folder or a foreign file where a table file should be. Each is a 503 naming the problem (and
/healthz says so), a foreign file is never overwritten, and a failed build is not retried at once.
A read-only and a full disk are real: a tmpfs mounted in a user and mount namespace of its own."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.helpers.tables import KQK3, app_on, folder_with

from tablebase.cli import main

ROOT = Path(__file__).resolve().parents[2]
FEN = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"


def _problem(answer, words):
    body = answer.get_json()
    assert answer.status_code == 503 and body["error"] == "table_storage", body
    assert words in body["message"], body
    return body


def test_a_missing_table_folder(tmp_path):
    client = app_on(tmp_path / "gone").test_client()
    _problem(client.get("/healthz"), "the table folder is missing")
    _problem(client.post("/api/3d/tablebase", json={"board": KQK3}), "the table folder is missing")


def test_a_file_where_the_table_folder_should_be(tmp_path):
    (tmp_path / "tables").write_text("a file")
    client = app_on(tmp_path / "tables").test_client()
    _problem(client.get("/healthz"), "a file stands where the table folder should be")


def test_a_folder_where_a_table_file_should_be(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path)
    (folder / "KQK-3x3x3.tbl").mkdir()
    client = app_on(folder).test_client()
    body = _problem(client.post("/api/3d/tablebase", json={"board": KQK3}), "not a table stands where KQK on 3x3x3")
    assert str(folder) not in body["message"]
    assert (folder / "KQK-3x3x3.tbl").is_dir()


def _in_namespace(tmp_path, script: str, setup: str) -> dict:
    """Run ``script`` (Python, printing JSON) with a tmpfs at ``tmp_path/tables`` prepared by the
    shell commands ``setup``, as root of a user and mount namespace of its own."""
    folder = tmp_path / "tables"
    folder.mkdir()
    shell = f"set -e; mount -t tmpfs -o size=3m tmpfs {folder}; {setup}; exec {sys.executable} -c \"$0\""
    done = subprocess.run(["unshare", "--map-root-user", "--mount", "sh", "-c", shell, textwrap.dedent(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


APP = """
    import json, sys, time
    from tests.helpers.tables import app_on
    client = app_on("{folder}", CUBE_MAX_N_TWO_MEN=4).test_client()
    def ask(method, url, **kw):
        r = getattr(client, method)(url, **kw)
        return {{"status": r.status_code, **(r.get_json() or {{}})}}
"""


def test_a_read_only_table_folder(tables_folder, tmp_path):
    copy = " ".join(str(tables_folder / n) for n in ("KBNK-8x8.tbl", "KBK-8x8.tbl", "KNK-8x8.tbl"))
    folder = tmp_path / "tables"
    found = _in_namespace(tmp_path, APP.format(folder=folder) + """
    print(json.dumps({"health": ask("get", "/healthz"),
                      "probe": ask("get", "/api/tablebase", query_string={"fen": "8/8/8/8/8/8/2k5/KNB5 w"}),
                      "build": ask("post", "/api/3d/tablebase", json={"board": "[###,###,###],[##k,###,###],[Q##,K##,###]"})}))
    """, f"cp {copy} {folder}; mount -o remount,ro {folder}")
    assert found["health"]["status"] == 503 and "read-only" in found["health"]["message"]
    assert found["probe"]["status"] == 200 and found["probe"]["dtm"] == 65  # what is there is served
    assert found["build"]["status"] == 503 and "the table folder is read-only" in found["build"]["message"]


def test_a_full_disk_fails_the_build_once_with_its_reason(tables_folder, tmp_path):
    copy = " ".join(str(tables_folder / n) for n in ("KBNK-8x8.tbl", "KBK-8x8.tbl", "KNK-8x8.tbl"))
    folder = tmp_path / "tables"
    found = _in_namespace(tmp_path, APP.format(folder=folder) + """
    first = ask("get", "/api/3d/endgames/position", query_string={"material": "KRNK", "n": 4})
    deadline = time.monotonic() + 120
    while True:
        state = [t for t in ask("get", "/api/3d/endgames/status", query_string={"n": 4})["tables"]
                 if t["material"] == "KRNK"][0]
        if state["state"] == "failed" or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    again = ask("get", "/api/3d/endgames/position", query_string={"material": "KRNK", "n": 4})
    later = [t for t in ask("get", "/api/3d/endgames/status", query_string={"n": 4})["tables"]
             if t["material"] == "KRNK"][0]
    print(json.dumps({"first": first, "state": state, "again": again, "later": later}))
    """, f"cp {copy} {folder}; head -c 2500000 /dev/zero > {folder}/filler")  # the tables are small: fill the disk
    assert found["first"]["status"] == 202
    assert found["state"]["state"] == "failed" and "disk is full" in found["state"]["reason"]
    assert found["again"]["status"] == 503 and "disk is full" in found["again"]["message"]
    assert found["later"]["state"] == "failed"  # not queued again at once: no rebuild loop


def test_a_file_that_is_not_a_table_is_never_overwritten(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a table\n" * 10)
    assert main(["probe", FEN, "--table", str(notes)]) == 1
    assert notes.read_text() == "my notes, not a table\n" * 10
    err = capsys.readouterr().err
    assert "left as it is" in err and err.count("\n") == 1


def test_the_cli_names_a_folder_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("KBNK_TABLE", str(tmp_path))
    for command in (["probe", FEN], ["verify"], ["stats"], ["build"]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error: ") and str(tmp_path) in err


def test_the_cli_rebuilds_a_damaged_table_and_says_so(tables_folder, tmp_path, capsys):
    folder = folder_with(tables_folder, tmp_path)
    path = folder / "KBNK-8x8.tbl"
    data = bytearray(path.read_bytes())
    data[-99] ^= 0x01
    path.write_bytes(bytes(data))
    assert main(["probe", FEN, "--table", str(path)]) == 0
    captured = capsys.readouterr()
    assert "checksum" in captured.err and "building it" in captured.err
    assert path.read_bytes() == (tables_folder / "KBNK-8x8.tbl").read_bytes()


def test_build_never_overwrites_a_file_that_is_not_a_table(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    assert main(["build", "--out", str(notes)]) == 1
    assert notes.read_text() == "my notes\n" and "left as it is" in capsys.readouterr().err


def test_a_fault_of_the_server_is_said_in_the_readers_language(tmp_path):
    """The 503 blames nothing in the request, in words: the API's ``says`` names the problem as a
    message, and the page a browser opens says it in the page's language (the catalogue's words,
    no English left)."""
    import re
    from html import unescape

    from babel.messages.pofile import read_po

    client = app_on(tmp_path / "gone").test_client()
    body = _problem(client.post("/api/3d/tablebase", json={"board": KQK3}), "the table folder is missing")
    assert body["says"]["params"]["problem"] == {"id": "the table folder is missing"}
    for lang in ("fr", "ko"):
        with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
            catalogue = read_po(po)
        page = client.get(f"/kbn?lang={lang}", headers={"Accept": "text/html"})
        said = re.search(r'<p class="error-message">(.*?)</p>', page.get_data(as_text=True), re.S)
        assert page.status_code == 503 and "text/html" in page.content_type and said, page.get_data(as_text=True)
        text = unescape(said.group(1))
        assert "table folder is missing" not in text and "fault is logged" not in text
        problem = catalogue.get("the table folder is missing").string
        assert problem and problem[1:] in text, (lang, problem)
