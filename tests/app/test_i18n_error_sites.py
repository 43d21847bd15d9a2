"""No input error a page can meet is built from an English string: every ``ChessInputError`` (or
subclass) made in ``tablebase/`` and ``webapp/`` gets a ``Message`` (``msg``, ``counted``, a
message of its own), so its API answer carries "says" and the pages show it in their language.
Read from the source (the AST): a call of such a class, or of a parameter that stands for one
(``error``, ``fault``), whose first argument is a string literal, an f-string or a sum of strings
fails, but for the sites allowed below, each with its reason."""

from __future__ import annotations

import ast
from pathlib import Path

import tablebase.errors
from tablebase.errors import ChessInputError

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("tablebase", "webapp")
# The callables that stand for an error class where the class is a parameter (moves/forms.py,
# core/numbers.py: ``error``; the typed lists' ``fault``).
STAND_INS = {"error", "fault"}
# (file or folder, a text of the line): why its English string stays.
ALLOWED = {
    ("tablebase/cli/", ""): "the command line's words: no page runs a command",
    ("webapp/edge/body.py", "the request body could not be read"): "quotes the server's reader's own English (a broken "
                                                                    "chunked upload), which no page sends",
}


def error_classes() -> set[str]:
    """The names of ChessInputError and its subclasses, those defined anywhere in the sources too."""
    import tablebase.cube.endgames  # noqa: F401 - modules that define subclasses, loaded to be found
    import tablebase.mates.lessons  # noqa: F401
    import tablebase.mates.random_positions  # noqa: F401
    import tablebase.moves.forms  # noqa: F401
    import tablebase.solitaire.puzzles  # noqa: F401
    import webapp.edge.body  # noqa: F401
    import webapp.jsonio  # noqa: F401

    found, pending = set(), [ChessInputError]
    while pending:
        kind = pending.pop()
        found.add(kind.__name__)
        pending.extend(kind.__subclasses__())
    return found


def plain_english(node: ast.AST) -> bool:
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.BinOp):
        return plain_english(node.left) or plain_english(node.right)
    return False


def name_of(func: ast.AST) -> str | None:
    """A class by its name (``BoardSyntaxError``, ``errors.BoardSyntaxError``); a stand-in by its bare name."""
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) and func.attr not in STAND_INS else None


def english_sites(classes: set[str]) -> list[tuple[str, int, str]]:
    sites = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            lines = source.splitlines()
            for node in ast.walk(ast.parse(source)):
                if not isinstance(node, ast.Call) or name_of(node.func) not in classes | STAND_INS:
                    continue
                if node.args and plain_english(node.args[0]):
                    sites.append((path.relative_to(ROOT).as_posix(), node.lineno, lines[node.lineno - 1].strip()))
    return sites


def allowed(site: tuple[str, int, str]) -> bool:
    path, _, line = site
    return any(path.startswith(where) and text in line for where, text in ALLOWED)


def test_no_input_error_a_page_meets_is_plain_english():
    classes = error_classes()
    assert {"BoardSyntaxError", "PieceDefinitionError", "MaterialError", "BadQuery", "MoveQuestionError"} <= classes
    wrong = [site for site in english_sites(classes) if not allowed(site)]
    assert not wrong, "raise a Message (tablebase/core/message.py msg/counted), not English: " + repr(wrong[:10])


def test_the_check_finds_a_plain_english_error_and_each_allowed_site_still_exists():
    tree = ast.parse('raise BoardSyntaxError(f"bad {x}")\nraise error("bad " + x)\nraise BoardSyntaxError(msg(N_("a")))')
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and name_of(node.func) in {"BoardSyntaxError", "error"}]
    assert [plain_english(call.args[0]) for call in calls] == [True, True, False]
    sites = english_sites(error_classes())
    for where, text in ALLOWED:
        assert any(path.startswith(where) and text in line for path, _, line in sites), (where, text)
    assert tablebase.errors.said  # the helper that quotes an error inside another's message
