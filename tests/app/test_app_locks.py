"""The lock files (requirements/*.txt, written by `./dev lock`) against pyproject.toml: every
requirement, with its extras and everything it needs in turn, is pinned with hashes in the lock
that installs it, and the test lock keeps the runtime lock's pins. A fresh `./dev serve` installs
the runtime lock alone, so a dependency missing there fails users while the tests stay green (as
gunicorn's gevent worker did without `packaging`); CI's walk of the serve command checks it live."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
PIN = re.compile(r"^([A-Za-z0-9][\w.-]*)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$", re.M)


def pins(lock: str) -> dict[str, str]:
    """{name: version} of a lock's pins that apply to this interpreter."""
    found = {}
    for name, version, marker in PIN.findall((ROOT / "requirements" / lock).read_text()):
        if not marker or Requirement(f"x; {marker}").marker.evaluate():
            found[canonicalize_name(name)] = version
    return found


def needed(requirements: list[str]) -> dict[str, Requirement]:
    """The requirements and, through the installed packages' metadata, all they need in turn."""
    seen: dict[str, Requirement] = {}
    pending = [Requirement(text) for text in requirements]
    while pending:
        requirement = pending.pop()
        name = canonicalize_name(requirement.name)
        key = name + "[" + ",".join(sorted(requirement.extras)) + "]"
        if key in seen or (requirement.marker and not requirement.marker.evaluate({"extra": ""})):
            continue
        seen[key] = requirement
        for text in metadata.requires(name) or ():
            child = Requirement(text)
            if child.marker is None or any(child.marker.evaluate({"extra": extra}) for extra in requirement.extras | {""}):
                child.marker = None  # decided here, with the parent's extras
                pending.append(child)
    return seen


@pytest.mark.parametrize("lock, requirements", [
    ("runtime.txt", PROJECT["dependencies"]),
    ("test.txt", PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]),
])
def test_every_requirement_and_what_it_needs_is_pinned_in_its_lock(lock, requirements):
    pinned = pins(lock)
    for key, requirement in needed(requirements).items():
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{key} (from {requirement}) is not in requirements/{lock}"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"requirements/{lock} pins {name}=={pinned[name]}, outside {requirement}")


def test_the_test_lock_keeps_the_runtime_pins():
    runtime, test = pins("runtime.txt"), pins("test.txt")
    assert {name: test.get(name) for name in runtime} == runtime


@pytest.mark.parametrize("lock", ["runtime.txt", "test.txt", "cluster.txt", "tools.txt"])
def test_every_pin_has_a_hash(lock):
    text = (ROOT / "requirements" / lock).read_text()
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
    assert entries and all("--hash=sha256:" in entry for entry in entries if "==" in entry), lock


def test_the_venv_holds_the_test_lock_versions():
    if not (Path(sys.prefix) / ".installed").is_file():
        pytest.skip("this virtualenv was not installed from the locks by ./dev (CI's newest-releases run)")
    pinned = pins("test.txt")
    for name, version in pinned.items():
        assert metadata.version(name) == version, f"{name}: installed {metadata.version(name)}, locked {version}"
