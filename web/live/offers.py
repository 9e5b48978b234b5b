"""The offer to end a game by agreement as a room holds it: made, answered, lapsed,
told to every viewer and to the other processes (the rules of an offer are in
web.live.agreement).

Its own part of the room because an offer is the table's business, not a move: it
lives beside the game, and becomes one (``end_agreed``) only once everyone agreed.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, Words
from ..protocol import AgreementCommand, ProtocolError
from .agreement import EndOffer, answer
from .core import RoomCore, Submission
from .fanout import Fanout, tell_others


class EndOffers:
    """The standing offer to end the game by agreement (docs/protocol.md)."""

    def __init__(self, room: RoomCore, fanout: Fanout) -> None:
        self.room = room
        self.fanout = fanout
        self.offer: EndOffer | None = None

    def snapshot(self) -> dict[str, Any] | None:
        """The offer as a snapshot shows it."""
        return None if self.offer is None else self.offer.to_dict()

    async def agree(
        self, seat: int, command: AgreementCommand, together: frozenset[int] = frozenset()
    ) -> int:
        """An offer to end, or an answer to one; once everyone still in the game
        accepted, the game ends (``end_agreed``). Returns the game's version.
        ``together``: the other seats of the same device (pass-and-play), whose players
        sit around it and answer with ``seat`` (docs/pass-and-play.md)."""
        room = self.room
        async with room.lock:
            if room.stopped:
                raise ProtocolError("game_over", Words(N_("the game is over")), command.id)
            if command.version != room.version:
                message = Words(
                    N_("the game is at version {version}, not {expected}; resync"),
                    version=room.version,
                    expected=command.version,
                )
                raise ProtocolError("stale_version", message, command.id)
            offer = self._answered(seat, command, together)
            if offer is not None and offer.agreed:
                self.offer = None
                ending = Submission(offer.by, room.kind.end_agreed, room.version)
                return await room.submit_locked(ending)
            self.changed(offer, lapsed=None if offer is not None else "declined", by=seat)
            return room.version

    def _answered(
        self, seat: int, command: AgreementCommand, together: frozenset[int]
    ) -> EndOffer | None:
        """The offer once ``seat`` (and the seats of its device) made or answered it."""
        room = self.room
        bots = [bool(occupant["bot"]) for occupant in room.seats]
        offer = answer(
            self.offer,
            seat,
            command,
            active=room.live.active_seats,
            bots=bots,
            version=room.version,
        )
        if offer is not None and together:
            joined = offer.accepted | (together & offer.needed)
            offer = EndOffer(offer.by, offer.version, joined, offer.needed)
        return offer

    def lapse_if_moved(self) -> None:
        """A move was made: an offer about the position before it lapses."""
        if self.offer is not None and self.room.version > self.offer.version:
            self.changed(None, lapsed="moved")

    def changed(self, offer: EndOffer | None, *, lapsed: str | None, by: int | None = None) -> None:
        """Keep the offer, tell every viewer, and tell the other processes."""
        self.offer = offer
        message = {
            "type": "end_offer",
            "version": self.room.version,
            "offer": self.snapshot(),
            "lapsed": lapsed,
            "seat": by,
        }
        for viewer in self.room.viewers:
            viewer.send(message)
        remote = {"kind": "end_offer", "game": self.room.game_id, "message": message}
        tell_others(self.fanout, remote)

    def heard(self, message: dict[str, Any]) -> None:
        """Another process changed the offer: keep its copy and tell the viewers here."""
        if int(message.get("version", -1)) != self.room.version:
            return  # about a position this process has not reached, or has left
        offer = message.get("offer")
        self.offer = None if offer is None else EndOffer.from_dict(offer)
        for viewer in self.room.viewers:
            viewer.send(message)
