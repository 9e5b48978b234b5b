"""Why Chromino refuses an action, beyond the reasons every tile game shares
(:class:`chromino.core.errors.Reason`): its own rules of contact, of the chameleon and
of the strict draw (docs/rules.md). The values are part of the public interface."""

from __future__ import annotations

from enum import StrEnum


class ChrominoReason(StrEnum):
    """A refusal by one of Chromino's own rules."""

    LAST_TILE_CHAMELEON = "last_tile_chameleon"
    """A chameleon is never the last tile laid."""
    TOO_FEW_CONTACTS = "too_few_contacts"
    """A tile touches the board in at least two places."""
    JUNIOR_ONE_CONTACT = "junior_one_contact"
    """In the junior rules, a tile touches the board in exactly one place."""
    JUNIOR_NOT_DOMINO = "junior_not_domino"
    """In the junior rules, tiles join end to end, or at a chameleon."""
    DRAW_WHILE_PLAYABLE = "draw_while_playable"
    """With the strict draw, a player draws only when no tile can be laid."""
