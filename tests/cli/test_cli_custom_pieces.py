"""The command line with custom pieces: ``--piece U=011*`` beside a material naming ``U``, tables
named by their atoms, ``verify3d`` passing, ``endgames3d --json`` one object a table, the 8x8
board's fairy endings, and bad definitions refused naming the atom."""

import json

from tablebase.cli import main


def test_build3d_verify3d_and_endgames3d_json(tmp_path, capsys):
    folder = str(tmp_path)
    assert main(["build3d", "--material", "KUK,KRUK", "--piece", "U=011*", "--n", "3-4", "--dir", folder]) == 0
    assert {p.name for p in tmp_path.glob("*.tbl")} == {
        "KRK-3x3x3.tbl", "KRK-4x4x4.tbl", "K_011r_K-3x3x3.tbl", "K_011r_K-4x4x4.tbl", "KR_011r_K-3x3x3.tbl",
        "KR_011r_K-4x4x4.tbl"}
    capsys.readouterr()
    assert main(["verify3d", "--material", "KRUK", "--piece", "u=011*", "--n", "3-4", "--dir", folder]) == 0
    out = capsys.readouterr().out
    assert out.count("passes") == 2 and "KR(011*)K n=3" in out
    # Another letter for the same atoms reads the same tables.
    assert main(["endgames3d", "--material", "KXK,KRXK", "--piece", "X=011*", "--n", "3", "--dir", folder, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["material"] for line in lines] == ["K(011*)K", "KR(011*)K"]
    assert lines[1] == {"material": "KR(011*)K", "pieces": ["001*", "011*"], "n": 3, "positions": 135408,
                        "won": 132864, "longest": 9, "checkmates": 672}
    assert lines[0]["won"] == 0 and lines[0]["longest"] is None


def test_a_piece_with_a_standard_pieces_atoms_builds_the_standard_table(tmp_path, capsys):
    assert main(["build3d", "--material", "KUK", "--piece", "U=001*", "--n", "3", "--dir", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.glob("*.tbl")] == ["KRK-3x3x3.tbl"]


def test_a_fairy_ending_on_the_8x8_board(tmp_path, capsys):
    assert main(["build", "--material", "KAK", "--piece", "A=11*,12", "--dir", str(tmp_path)]) == 0
    assert (tmp_path / "K_11r.12_K-8x8.tbl").exists()
    assert main(["verify", "KAK", "--piece", "A=11*,12", "--dir", str(tmp_path)]) == 0
    assert "K(11*,12)K: passes" in capsys.readouterr().out


def test_bad_pieces_are_refused_naming_the_atom(tmp_path, capsys):
    assert main(["build3d", "--material", "KUK", "--piece", "U=021*", "--n", "3", "--dir", str(tmp_path)]) == 1
    assert "'021*'" in capsys.readouterr().err
    assert main(["build3d", "--material", "KUK", "--piece", "U=11*", "--n", "3", "--dir", str(tmp_path)]) == 1
    assert "'11*'" in capsys.readouterr().err
    assert main(["build3d", "--material", "KUK", "--n", "3", "--dir", str(tmp_path)]) == 1
    assert "'U'" in capsys.readouterr().err
    assert main(["build", "KAK", "--piece", "A=111*", "--dir", str(tmp_path)]) == 1
    assert "'111*'" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.tbl"))
