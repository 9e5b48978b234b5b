"""Why Triominos refuses an action, beyond the reasons every tile game shares
(:class:`chromino.core.errors.Reason`): its own rules of the first tile, of sides and
of corners (docs/triominos-rules.md section 3). The values are part of the public
interface."""

from __future__ import annotations

from enum import StrEnum


class TriominosReason(StrEnum):
    """A refusal by one of Triominos' own rules."""

    FIRST_TILE_NOT_ORIGIN = "first_tile_not_origin"
    """The first tile goes on cell (0, 0)."""
    NO_EDGE_CONTACT = "no_edge_contact"
    """A tile shares a whole side with a tile on the board."""
    CORNER_MISMATCH = "corner_mismatch"
    """Every board tile touching a corner of a tile shows the same number there."""
