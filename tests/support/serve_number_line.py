"""``python tests/support/serve_number_line.py serve ...``: the server with Number Line
registered, the way a real game is — in the registry of ``web.games`` before any room
that reads the registry (the lobby's request models) is imported."""

from __future__ import annotations

import sys
from pathlib import Path

# The script's own folder comes first on the path, where support's modules would hide
# the standard library's of the same name (http): tests/ takes its place.
sys.path.pop(0)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from support.toy_line_kind import NUMBER_LINE
from web.games import GAMES

GAMES[NUMBER_LINE.name] = NUMBER_LINE

from web.ops.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
