"""What changed in a viewer's state from one version to the next: the delta a live
``event`` carries instead of the whole game (docs/protocol.md, "Deltas").

The delta is worked out from two states of the same kind of viewer, whatever the
game: a field whose value changed is sent whole (``changes``), a list that only
grew at its end sends the new items (``added``: the board's new tile, never the
board). The page and any other client rebuild the state as
``{**before, **changes}`` with each ``added`` list appended; a state field never
disappears, so there is nothing to remove.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Delta:
    """The fields that changed, and the lists that grew (their new items only)."""

    changes: dict[str, Any]
    added: dict[str, list[Any]]

    def fields(self) -> dict[str, Any]:
        """The delta's fields in an ``event`` message (``added`` only when a list grew)."""
        if self.added:
            return {"changes": self.changes, "added": self.added}
        return {"changes": self.changes}


def state_delta(before: Mapping[str, Any], after: Mapping[str, Any]) -> Delta:
    """The delta that turns ``before`` into ``after``."""
    changes: dict[str, Any] = {}
    added: dict[str, list[Any]] = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value and key in before:
            continue
        if isinstance(old, list) and _grew(old, value):
            added[key] = value[len(old) :]
        else:
            changes[key] = value
    return Delta(changes, added)


def _grew(old: list[Any], new: Any) -> bool:
    """Whether ``new`` is the list ``old`` with items appended (and no other change)."""
    return isinstance(new, list) and len(old) < len(new) and new[: len(old)] == old


def apply_delta(
    state: Mapping[str, Any], changes: Mapping[str, Any], added: Mapping[str, list[Any]]
) -> dict[str, Any]:
    """The state after a delta (what a client does; the tests hold the server to it)."""
    after = {**state, **changes}
    for key, items in added.items():
        after[key] = [*state[key], *items]
    return after
