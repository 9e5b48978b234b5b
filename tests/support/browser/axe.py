"""axe-core in the browser tests: every page of both games is checked as it shows.

The axe script is the one the ``axe-playwright-python`` package ships (a dev
dependency; only its ``axe.min.js`` is used). It is put into the page through
Playwright's ``evaluate``, which the pages' Content-Security-Policy does not govern.
Besides axe's default rules, the experimental ``label-content-name-mismatch`` runs
too (WCAG 2.5.3 "label in name": a control's accessible name contains its visible
text, so a person using speech input can say what they see).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from playwright.sync_api import Page

from support.browser.chromium import SETTLED_JS

SERIOUS = ("serious", "critical")
EXTRA_RULES = ("label-content-name-mismatch",)


_RUN_JS = """(rules) => axe.run(document, {
    resultTypes: ["violations"],
    rules: Object.fromEntries(rules.map((rule) => [rule, {enabled: true}])),
})"""


@cache
def _script() -> str:
    return (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def violations(page: Page) -> list[dict[str, Any]]:
    """The page's serious and critical axe violations, as it shows now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_script())
    page.evaluate(SETTLED_JS)  # colours are measured at rest
    found: dict[str, Any] = page.evaluate(_RUN_JS, list(EXTRA_RULES))
    return [item for item in found["violations"] if item["impact"] in SERIOUS]


def describe(found: list[dict[str, Any]]) -> str:
    """The violations in a few lines: the rule, its impact, the elements at fault."""
    lines = []
    for item in found:
        targets = [" ".join(map(str, node["target"])) for node in item["nodes"]]
        lines.append(f"{item['id']} ({item['impact']}): {item['help']} - {targets[:6]}")
    return "\n".join(lines)


def assert_accessible(page: Page, where: str) -> None:
    """No serious or critical violation on the page as it shows now."""
    found = violations(page)
    assert not found, f"axe on {where}:\n{describe(found)}"
