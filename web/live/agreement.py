"""Ending a game by agreement: the offer standing at a table and who has answered it.

An offer is the table's business, not a move: only once every person still in the
game has accepted does it become one (the engine's ``end_agreed``, carried by the
seat that offered). Bots always accept: a bot has no wish to go on, and a table of
people who all want to stop should not be held by one. An offer lapses when anyone
declines, and when any move is made (it was made about a position that is gone).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, Words
from ..protocol import AcceptEndCommand, AgreementCommand, OfferEndCommand, ProtocolError


@dataclass(frozen=True)
class EndOffer:
    """An offer to end the game at ``version``, and the seats that accepted it."""

    by: int
    version: int
    accepted: frozenset[int]
    needed: frozenset[int]
    """The seats still in the game when it was made: all of them must accept."""

    @property
    def agreed(self) -> bool:
        """Whether everyone needed has accepted."""
        return self.needed <= self.accepted

    def to_dict(self) -> dict[str, Any]:
        """What every viewer is told of the offer."""
        return {
            "by": self.by,
            "version": self.version,
            "accepted": sorted(self.accepted),
            "waiting": sorted(self.needed - self.accepted),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EndOffer:
        """The offer as another process announced it."""
        accepted = frozenset(int(seat) for seat in data["accepted"])
        waiting = frozenset(int(seat) for seat in data["waiting"])
        return cls(int(data["by"]), int(data["version"]), accepted, accepted | waiting)


def answer(
    offer: EndOffer | None,
    seat: int,
    command: AgreementCommand,
    *,
    active: Collection[int],
    bots: Sequence[bool],
    version: int,
) -> EndOffer | None:
    """The offer after ``seat``'s command (None: declined), or ProtocolError naming what
    was wrong and changing nothing."""
    command_id = command.id
    if seat not in active:
        raise ProtocolError("seat_resigned", Words(N_("you have left this game")), command_id)
    if isinstance(command, OfferEndCommand):
        if offer is not None:
            message = Words(N_("an offer to end the game is already waiting for answers"))
            raise ProtocolError("offer_pending", message, command_id)
        needed = frozenset(active)
        accepted = frozenset({seat} | {other for other in needed if bots[other]})
        return EndOffer(seat, version, accepted, needed)
    if offer is None:
        message = Words(N_("nobody has offered to end the game"))
        raise ProtocolError("no_offer", message, command_id)
    if isinstance(command, AcceptEndCommand):
        if seat in offer.accepted:
            message = Words(N_("you have already accepted the offer to end the game"))
            raise ProtocolError("already_accepted", message, command_id)
        return EndOffer(offer.by, offer.version, offer.accepted | {seat}, offer.needed)
    return None
