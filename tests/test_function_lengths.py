"""The developers' guide's bound on functions (issue 37): no function over 80 lines, in Python
(``tablebase/``, ``webapp/``, ``bench/``, ``tests/`` and the top-level scripts) or in the pages'
JavaScript (``static/js``, read by ``tests/js/function_lengths.js`` with the pinned acorn). A
function is counted from its ``def`` (or ``function``, method or arrow) line to its last line, the
functions it holds included: a factory of closures counts whole, so its closures live as module
functions over a state it passes. The files' own bound (400 lines) is test_layout.py's."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 80
PYTHON_FOLDERS = ("tablebase", "webapp", "bench", "tests")
PYTHON_SCRIPTS = ("gunicorn.conf.py",)


def python_sources() -> list[Path]:
    found = [ROOT / name for name in PYTHON_SCRIPTS]
    for folder in PYTHON_FOLDERS:
        found.extend(path for path in (ROOT / folder).rglob("*.py") if ".venv" not in path.parts)
    return sorted(found)


def long_python_functions(source: str, max_lines: int = MAX_LINES) -> list[tuple[int, str, int]]:
    """(line, name, lines) of each function in ``source`` over ``max_lines`` lines, decorators left out.

    >>> body = "\\n".join(f"    x{i} = {i}" for i in range(80))
    >>> long_python_functions(f"def short():\\n    pass\\n\\ndef long():\\n{body}\\n")
    [(4, 'long', 81)]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = node.end_lineno - node.lineno + 1
            if lines > max_lines:
                found.append((node.lineno, node.name, lines))
    return sorted(found)


def long_javascript_functions(max_lines: int = MAX_LINES) -> list[dict]:
    """{file, line, name, lines} of each function of static/js over ``max_lines`` lines."""
    node = shutil.which("node")
    assert node, "node is needed to read the pages' JavaScript: install Node.js (./dev test checks it)"
    assert (ROOT / "node_modules" / "acorn").is_dir(), "acorn is missing: ./dev test installs the npm lock"
    done = subprocess.run([node, "tests/js/function_lengths.js", str(max_lines), "static/js"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_python_reader_counts_a_function_whole():
    source = "def outer():\n" + "    def inner():\n" + "".join(f"        y{i} = {i}\n" for i in range(79)) + "    return inner\n"
    assert long_python_functions(source) == [(1, "outer", 82)]  # inner: 80 lines, allowed
    assert long_python_functions(source, max_lines=79) == [(1, "outer", 82), (2, "inner", 80)]


@pytest.mark.npm
def test_the_javascript_reader_counts_a_factory_whole():
    body = "".join(f"    const x{i} = {i};\n" for i in range(80))
    script = f"export function factory() {{\n  const inner = () => {{\n{body}  }};\n  return inner;\n}}\n"
    done = subprocess.run(["node", "--input-type=module", "-e",
                           "import { longFunctions } from './tests/js/function_lengths.js';"
                           f"console.log(JSON.stringify(longFunctions({json.dumps(script)}, 80)))"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [{"line": 1, "name": "factory", "lines": 85},
                                       {"line": 2, "name": "inner", "lines": 82}]


def test_no_python_function_over_80_lines():
    long = [f"{path.relative_to(ROOT)}:{line} {name} ({lines} lines)"
            for path in python_sources() for line, name, lines in long_python_functions(path.read_text())]
    assert not long, "\n".join(long)


@pytest.mark.npm
def test_no_javascript_function_over_80_lines():
    long = [f"{item['file']}:{item['line']} {item['name']} ({item['lines']} lines)" for item in long_javascript_functions()]
    assert not long, "\n".join(long)
