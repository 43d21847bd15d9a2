"""POST /api/3d/position (the lab's one request per edit), the optional side to move of /analyze
and /moves, the URL-safe board form, and /3d?board= in both forms."""

from urllib.parse import quote

import pytest
from tests.cube.test_cube_rules import REFERENCE_CASES

from tablebase.core.cube_notation import CubePosition

MATE = REFERENCE_CASES[0][0]  # [###,n##,#rr],[#b#,###,###],[###,###,bRK]: White is mated


def cubes(cells) -> set[tuple]:
    return {tuple(c) for c in cells}


def test_position_report_agrees_with_the_single_routes(client):
    board = "[###,n#k,#rr],[#b#,###,###],[###,###,bRK]"
    report = client.post("/api/3d/position", json={"board": board}).get_json()
    assert set(report) == {"n", "turn", "url", "kings", "problems", "check", "checkmate", "stalemate",
                           "checkers", "attacks", "moves", "pieces", "kings_touch", "custom_pieces", "problems_words"}
    assert report["pieces"] == {"0,1,0": "bN", "2,1,0": "bK", "1,2,0": "bR", "2,2,0": "bR", "1,0,1": "bB",
                                "0,2,2": "bB", "1,2,2": "wR", "2,2,2": "wK"}
    analysis = client.post("/api/3d/analyze", json={"board": board}).get_json()
    assert {k: report[k] for k in ("check", "checkmate", "stalemate", "checkers")} == \
        {k: analysis[k] for k in ("check", "checkmate", "stalemate", "checkers")}
    for color in "wb":
        attacked = client.post("/api/3d/attacks", json={"board": board, "color": color}).get_json()["cubes"]
        assert cubes(report["attacks"][color]) == cubes(attacked)
    position = CubePosition.parse(board)
    occupied = [list(position.coords(i)) for i, p in enumerate(position.cells) if p]
    assert sorted(m["from"] for m in report["moves"]) == sorted(occupied)
    for entry in report["moves"]:
        single = client.post("/api/3d/moves", json={"board": board, "from": entry["from"]}).get_json()
        assert cubes(entry["to"]) == cubes(single["moves"])
    assert report["kings"] == {"w": [2, 2, 2], "b": [2, 1, 0]}
    assert report["problems"] == [] and report["kings_touch"] is False
    assert report["turn"] == "w" and report["checkmate"] is True


def test_kings_on_neighbouring_cubes_are_said_to_touch(client):
    report = client.post("/api/3d/position", json={"board": "[###,#k#,###],[###,###,#K#],[###,###,###]"}).get_json()
    assert report["kings_touch"] is True
    assert report["problems"] == ["the kings touch: they stand on neighbouring cubes"]


def test_position_report_names_missing_kings_and_a_waiting_king_in_check(client):
    empty = client.post("/api/3d/position", json={"board": "[##,##],[##,##]"}).get_json()
    assert empty["kings"] == {"w": None, "b": None}
    assert empty["problems"] == ["there is no white king on the board", "there is no black king on the board"]
    assert empty["check"] is False and empty["moves"] == []
    # Black's king is attacked by White's rook, and it is White's turn: no game from here.
    board = "[k#R,###,###],[###,###,###],[###,###,K##]"
    report = client.post("/api/3d/position", json={"board": board, "turn": "w"}).get_json()
    assert report["problems"] == ["the black king is in check but it is White's turn"]
    black = client.post("/api/3d/position", json={"board": board, "turn": "b"}).get_json()
    assert black["problems"] == [] and black["check"] is True and black["checkers"] == [[2, 0, 0]]


def test_a_doubled_king_is_a_named_400(client):
    r = client.post("/api/3d/position", json={"board": "[K#,##],[##,#K]"})
    assert r.status_code == 400
    assert "several white kings" in r.get_json()["message"]


def test_turn_is_optional_and_checked(client):
    board = "[###,###,##q],[###,###,###],[#k#,###,rNK]"  # seed case 7: White is mated
    assert client.post("/api/3d/analyze", json={"board": board}).get_json()["checkmate"] is True
    black = client.post("/api/3d/analyze", json={"board": board, "turn": "b"}).get_json()
    assert black["check"] is False and black["checkmate"] is False
    r = client.post("/api/3d/analyze", json={"board": board, "turn": "x"})
    assert r.status_code == 400 and "'x'" in r.get_json()["message"]
    queen = [2, 2, 0]
    assert client.post("/api/3d/moves", json={"board": board, "from": queen}).get_json()["moves"]
    assert client.post("/api/3d/moves", json={"board": board, "from": queen, "turn": "w"}).get_json() == {"moves": []}
    assert client.post("/api/3d/moves", json={"board": board, "from": queen, "turn": "b"}).get_json()["moves"]
    r = client.post("/api/3d/analyze", json={"board": "[##,##],[##,K#]", "turn": "b"})
    assert r.status_code == 400 and "no black king" in r.get_json()["message"]


@pytest.mark.parametrize("board, _", REFERENCE_CASES)
def test_url_form_round_trips_and_has_no_fragment_characters(board, _):
    position = CubePosition.parse(board)
    url = position.url_form()
    assert not set(url) & set("#[]? &%")
    assert CubePosition.parse(url) == position


def test_url_form_runs_and_its_errors():
    assert CubePosition.parse(MATE).url_form() == "3,n2,1rr/1b1,3,3/3,3,bRK"
    ten = CubePosition.parse("/".join([",".join(["10"] * 10)] * 9 + [",".join(["10"] * 9 + ["K9"])]))
    assert ten.n == 10 and ten.kings("w") == [ten.cube([0, 9, 9])]
    for bad, words in [("3,n2,1rr/1b1,3,3/3,3,bR", "row 2 of layer 2 has 2 cubes"),
                       ("3,n2,1rr/1b1,3,3/3,3,bRK!", "URL form"),
                       ("99,3,3/3,3,3/3,3,3", "a run of empty cubes is longer than any row (at most 10): '99'"),
                       ("4" * 5000 + ",3,3/3,3,3/3,3,3", "a run of empty cubes is longer than any row")]:
        with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
            CubePosition.parse(bad)


def test_page_opens_either_form_and_shows_a_bad_board_at_the_top(client):
    for query in (quote(MATE, safe=""), "3,n2,1rr/1b1,3,3/3,3,bRK"):
        html = client.get(f"/3d?board={query}").get_data(as_text=True)
        assert "data-board='\"[###,n##,#rr],[#b#,###,###],[###,###,bRK]\"'" in html
    html = client.get("/3d?board=" + quote("[K##,###,###],[###,###,###],[###,###,##K]")).get_data(as_text=True)
    assert "several white kings" in html
    assert html.index("several white kings") < html.index('id="lab-board"')
    assert '<option value="2">' in html and '<option value="10">' in html and '<option value="11">' not in html
