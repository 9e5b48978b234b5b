"""The browser tests' chromium: how it is started, how long a wait may take, where a
failed test's screenshots go, and what the pages' own security policy must never block."""

from __future__ import annotations

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "e2e"


CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


SETTLED_JS = """() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    .filter((animation) => !["pulse", "beacon"].includes(animation.animationName))
    .map((animation) => animation.finished.catch(() => null)))"""
"""A page's entrance animations (the end screen rising, a tile sliding in, a phone's
sheet) are over. The endless ones, and those that call the eye (the targets' pulse,
the beacon of my turn), are left running: they change no place or size."""


TIMEOUT_MS = 15_000
"""How long a waiting assertion or action may take (a bot's move, a table's 2 s poll)."""


def note_policy_violation(text: str, blocked: list[str]) -> None:
    """Our pages must work under their own strict policy: anything it blocks is a bug."""
    if "Content Security Policy" in text or "Content-Security-Policy" in text:
        blocked.append(text)
