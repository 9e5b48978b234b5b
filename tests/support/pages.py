"""Every page of the site, and the visible text of one."""

from __future__ import annotations

from html.parser import HTMLParser

PAGES = [
    "/",
    "/games",
    "/solo",
    "/preferences",
    "/rules",
    "/learn/chromino",
    "/learn/triominos",
    "/t/{invite}",
    "/g/{game}",
    "/g/{game}/replay",
    "/t/no-such-invite",
    "/g/no-such-game",
    "/g/no-such-game/replay",
    "/import",
    "/leaderboard",
    "/leaderboard?pool=no-such-pool",
    "/daily",
    "/puzzles",
    "/puzzles/streak",
    "/puzzles/timed",
    "/puzzles/no-such-puzzle",
    "/email/verify?token=cut-short",
    "/email/unsubscribe?token=cut-short",
    "/live",
    "/tv",
    "/tv/no-such-game",
    "/embed/daily",
    "/embed/g/no-such-game",
]
"""Every page; ``{invite}`` and ``{game}`` are a real table's and game's, the others
lead nowhere (the page says so, with the way back)."""


TEXT_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")


class TextCollector(HTMLParser):
    """Visible text and labelling attributes, outside scripts, styles and templates' data."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in TEXT_ATTRIBUTES and value:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(data.strip())
