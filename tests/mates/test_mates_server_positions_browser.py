"""The trainer takes every position from the server (issue 17): in real Chromium, on an ending
where Black holds the men, the heat map is asked with the shown position's FEN and drawn from the
answer, and a move played shows the pieces and the FEN (with its clocks) the probe gave for it,
as python-chess plays it."""

from __future__ import annotations

from urllib.parse import parse_qs, quote, urlparse

import chess
import pytest
from tests.helpers.browser import drag, expect_pieces
from playwright.sync_api import expect
from tests.helpers.trainer_pages import api, moves_of

pytestmark = pytest.mark.browser

START = "8/8/8/3K4/8/8/8/r3k3 b - - 6 12"  # Black's rook and king against the White king, Black to move


def pieces_of(board: chess.Board) -> dict[str, str]:
    return {chess.square_name(s): ("w" if p.color else "b") + p.symbol().upper() for s, p in board.piece_map().items()}


def test_black_holds_the_men_heat_map_and_a_move_come_from_the_server(page):
    asked = []
    page.on("request", lambda r: asked.append(parse_qs(urlparse(r.url).query).get("fen", [""])[0])
            if "/api/tablebase/heatmap" in r.url else None)
    page.goto(f"/mates/KRK?pause=-1&fen={quote(START, safe='')}")
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-ready", "true")
    expect(root).to_have_attribute("data-turn", "user")  # the server says Black holds the rook
    page.keyboard.press("m")
    expect(page.locator("#trainer-heat-legend")).to_be_visible()
    heat = api(page, "/api/tablebase/heatmap", fen=START)
    assert heat["strong"] == "b"
    for key in ("a8", "h8"):
        expect(page.locator(f'[data-square="{key}"] .badge')).to_have_attribute(
            "data-dtm", str(moves_of(heat["squares"][key]["dtm"])))
    assert asked and chess.Board(asked[0]).fen() == START  # the position as it stands, not a key built in JS

    move = api(page, "/api/tablebase", fen=START)["moves"][0]
    board = chess.Board(START)
    board.push_uci(move["uci"])
    # The old map's numbers stay shown until the new one comes: the new map is waited for by its request.
    with page.expect_request(lambda r: "/api/tablebase/heatmap" in r.url
                             and parse_qs(urlparse(r.url).query).get("fen", [""])[0] == board.fen()):
        drag(page, f'[data-square="{move["uci"][:2]}"]', f'[data-square="{move["uci"][2:]}"]')
        expect(root).to_have_attribute("data-ply", "1")
        expect_pieces(page, pieces_of(board))
        page.wait_for_function("fen => new URL(location.href).searchParams.get('fen').replace(/_/g, ' ') === fen",
                               arg=board.fen())
    assert board.fen().endswith(" 7 13")  # the clocks the server kept
    expect(page.locator("[data-square] .badge[data-dtm]").first).to_be_visible()  # the new map's numbers
    assert asked[-1] == board.fen()


def test_a_move_picked_in_the_editor_shows_the_servers_position_after_it(page):
    fen = "8/8/8/8/8/2k5/8/KBN5 b - - 0 1"
    page.goto(f"/mates/KBNK?pause=-1&mode=edit&fen={quote(fen, safe='')}")
    first = page.locator("#trainer-analysis [data-uci]").first
    expect(first).to_be_visible()
    uci = first.get_attribute("data-uci")
    first.locator("button").click()
    board = chess.Board(fen)
    board.push_uci(uci)
    expect(page.locator("#trainer-fen")).to_have_value(board.board_fen() + " w - - 0 1")
    expect_pieces(page, pieces_of(board))


def test_a_typed_fen_is_read_by_the_server_legal_or_not(page):
    page.goto("/mates/KRK?pause=-1&mode=edit")
    field = page.locator("#trainer-fen")
    expect(field).not_to_have_value("")
    field.fill("8/8/8/8/8/8/8/R3K3_b")  # no lone king: the editor still shows the board
    field.press("Enter")
    expect(page.locator('[data-square="a1"] > [data-piece="wR"]')).to_have_count(1)
    expect(page.locator("[data-square] > [data-piece]")).to_have_count(2)
    expect(page.locator('[data-turn="b"]')).to_have_attribute("aria-pressed", "true")
    field.fill("8/8/9/8")
    field.press("Enter")
    error = page.locator("#trainer-fen-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("8 ranks")  # the server's reader's reason
