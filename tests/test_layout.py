"""The code's layout (issue 30): no import circle in ``tablebase/`` (the import graph read from the
source, every import counted, the ones inside functions too, is acyclic; and every module imports
alone, in an interpreter where no other module of the package was imported before it), no loose
module in ``tablebase/`` but its ``__init__``, ``__main__`` and ``errors`` (the package's error
vocabulary, raised by every subpackage and mapped by the web layer), no source file over 400 lines."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tablebase"
MAX_LINES = 400
SOURCES = ("tablebase", "webapp", "static", "templates", "tests", "bench")
SUFFIXES = (".py", ".js", ".css", ".html")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports, and the packages those imports run the
    ``__init__`` of (those above the target that are not above ``name`` itself)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            base = f"{base}.{node.module}" if node.level and node.module else (node.module if not node.level else base)
            for alias in node.names:
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    found = set()
    for target in targets:
        parts = target.split(".")
        for end in range(1, len(parts) + 1):
            above = ".".join(parts[:end])
            if above in known and above != name and not name.startswith(above + "."):
                found.add(above)
    return found


def circles_of(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles a depth-first walk of ``graph`` meets (none when it is acyclic)."""
    state: dict[str, str] = {}
    circles = []

    def visit(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                circles.append(trail[trail.index(target):] + [target])
            elif target not in state:
                visit(target, trail + [target])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return circles


def test_the_package_imports_no_circle():
    known = modules()
    graph = {name: imported(name, path, known) for name, path in known.items()}
    circles = circles_of(graph)
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_the_subpackages_are_layered():
    """Read per subpackage (core, retrograde, tables, mates, cube, ...), the imports make no circle
    either: core below the engine, the engine below the table service, the tools above it."""
    known = modules()
    top = lambda name: ".".join(name.split(".")[:2])  # noqa: E731
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        graph.setdefault(top(name), set()).update(
            top(target) for target in imported(name, path, known) if top(target) not in (top(name), "tablebase"))
    circles = circles_of(graph)
    assert not circles, "circles between subpackages: " + "; ".join(" -> ".join(c) for c in circles)


def test_every_module_imports_alone():
    names = [name for name in modules() if not name.endswith("__main__")]
    script = (
        "import importlib, sys\n"
        "failed = []\n"
        f"for name in {names!r}:\n"
        "    for loaded in [m for m in sys.modules if m == 'tablebase' or m.startswith('tablebase.')]:\n"
        "        del sys.modules[loaded]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as error:\n"
        "        failed.append(f'{name}: {error!r}')\n"
        "print('\\n'.join(failed))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", done.stdout


def test_no_loose_module_in_the_package():
    """Besides the package's face, only the errors and the catalogue's markers, which every
    subpackage uses; the markers import nothing (the errors mark their words with them)."""
    loose = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "errors.py", "marks.py"]
    marks = ast.parse((PACKAGE / "marks.py").read_text())
    assert [node.module for node in ast.walk(marks) if isinstance(node, (ast.Import, ast.ImportFrom))] == ["__future__"]


def test_the_package_never_imports_flask():
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                roots = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(root.split(".")[0] in ("flask", "werkzeug", "webapp") for root in roots), name


def test_no_source_file_over_400_lines():
    long = []
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in SUFFIXES and "node_modules" not in path.parts and path.is_file():
                lines = path.read_text(errors="replace").count("\n")
                if lines > MAX_LINES:
                    long.append(f"{path.relative_to(ROOT)}: {lines}")
    assert not long, long
