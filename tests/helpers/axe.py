"""axe-core in the browser tests: the npm package's file, installed by ./dev test from
package-lock.json (never a CDN),
injected into the page by Playwright; serious and critical violations are what fail a test."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def axe_path() -> Path:
    named = os.environ.get("AXE_CORE_JS")
    path = Path(named) if named else ROOT / "node_modules" / "axe-core" / "axe.min.js"
    if not path.is_file():
        raise AssertionError(f"axe-core is not installed at {path}: run the tests with ./dev test, which installs it")
    return path


def serious_violations(page) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one line per rule."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_path()))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.filter(v => v.impact === "serious" || v.impact === "critical")
            .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map(n => n.target.join(" ")).join(" | ")}`);
    }""")
    return found
