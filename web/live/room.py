"""A room: one game in memory, with the people watching it.

Every action — a player's command, a bot's move, a timer's timeout — goes
through :meth:`Room.submit` under the room's lock: checked by the rules,
committed to the event store, and only then broadcast, each viewer getting
their own filtered copy. The database is the source of truth: a room is rebuilt
from its events after a restart, and a second process that wrote first makes
this one resync rather than fork the game — its viewers then get the events they
missed, then the state, exactly as a reconnecting client would.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError

from chromino.core.errors import IllegalMoveError

from .. import metrics
from ..clock import Clock
from ..days.pace import SUBSTITUTE_BOT as TURN_BASED_SUBSTITUTE
from ..days.pace import clock_for
from ..db import as_utc
from ..games import Applied, EngineAction, GameKind, LiveGame, game_kind
from ..i18n import N_, Words
from ..models import GameEvent
from ..people import Schedule
from ..protocol import PROTOCOL, AgreementCommand, ProtocolError, encode
from ..ratings.read import seats_seen_by
from ..settings import Settings
from ..talk.store import mark_read as store_chat_read
from .agreement import EndOffer, answer
from .background import in_background
from .buckets import Buckets
from .fanout import Fanout
from .presence import PresenceElsewhere
from .screens import Screens, ViewerKind, event_for
from .store import ConflictError, EventStore, StoredEvent, StoredGame, seat_person
from .talk import Talk, TalkParts
from .thinkers import Thinkers
from .viewers import Viewer

log = logging.getLogger(__name__)
SUBSTITUTE_BOT = "greedy"
"""The level of the bot that plays for an absent player (every game has it: Medium)."""
FANOUT_FAILED = "a background fan-out task failed"


@dataclass(frozen=True)
class Submission:
    """An action someone (a player, a bot, the clock) asks a room to apply."""

    seat: int
    action: EngineAction
    expected_version: int
    """The version the actor decided on: a game that moved since refuses it."""
    user_id: int | None = None
    command_id: str | None = None
    """With ``user_id``, what makes a command apply at most once."""
    assistance: str | None = None
    """The player's assistance level, whose policy may refuse what the rules allow."""
    stand_in: bool = False
    """A bot's move in a person's seat (their time ran out, or they are away): the event
    says so, so that nobody takes it for the person's own move."""


@dataclass(frozen=True)
class RoomParts:
    """What a room works with, handed to it by whoever holds the rooms (the hub).

    The room never reaches back for its holder: it is given its store, the fan-out to
    the other processes, what they said of their viewers, the bots' thinkers and the
    settings, and three hooks for what concerns more than one game — the way
    boardgame.io's ``Master`` is handed its game, storage and transport."""

    store: EventStore
    fanout: Fanout
    elsewhere: PresenceElsewhere
    thinkers: Thinkers
    settings: Settings
    clock: Clock
    """Where the turn timers get the time and wait for a deadline (web.clock)."""
    lobby_changed: Callable[[], None]
    """Tables or games changed: the lobby streams, here and elsewhere, read again."""
    game_over: Callable[[str], None]
    """A game this process committed the end of (the coach looks at it)."""
    unload: Callable[[Room], None]
    """Forget this room (its viewers reconnect to a fresh one)."""
    chat_limits: Buckets
    """How often each person may chat, across this process's rooms."""


class Room:
    """One game in memory, with its viewers."""

    def __init__(self, parts: RoomParts, stored: StoredGame) -> None:
        self.parts = parts
        self.game_id = stored.game_id
        self.kind: GameKind = game_kind(stored.kind)
        self.seats = stored.seats
        self.solo = stored.solo
        self.lock = asyncio.Lock()
        self.viewers: set[Viewer] = set()
        self._timer: asyncio.Task[None] | None = None
        self._bot: asyncio.Task[None] | None = None
        self._absences: dict[int, asyncio.Task[None]] = {}
        """Per absent seat: the wait for the end of its grace (then a bot plays for it)."""
        self.end_offer: EndOffer | None = None
        """The standing offer to end the game by agreement (docs/protocol.md)."""
        self._load(stored)
        talking = TalkParts(
            self.game_id, self.seats, lambda: self.live.is_over, lambda: self.viewers
        )
        self.talk = Talk(
            talking,
            stored.talk,
            db=parts.store.db,
            commit=parts.store.say,
            fanout=parts.fanout,
            limits=parts.chat_limits,
        )
        """The table's chat (web.live.talk): its own numbers, beside the moves'."""
        self.chat_read = dict(stored.chat_read)
        self._told_of_the_end = self.live.is_over
        """Whether the players were given the spectators' lines (they are, at the end)."""

    def _load(self, stored: StoredGame) -> None:
        self.setup = stored.setup
        self.live: LiveGame = self.kind.restore(stored.setup)
        shows_points = self.kind.shows_points(self.setup.get("options", {}))
        self.screens = Screens(self.live, self.kind, shows_points)
        """What each kind of viewer was last sent (a reload starts afresh: it resends all)."""
        self.history: list[Applied] = []
        self.commands: dict[tuple[int, str], int] = {}
        for row in stored.events:
            self._apply_stored(row)
        self.deadline = stored.deadline
        self.next_game = stored.next_game
        """The rematch of this game, once someone asked for it."""
        self.help_levels = list(stored.help_levels) or [None] * len(self.seats)
        """Each seat's assistance level (None: a bot), shown to everyone in the snapshot."""
        self.ratings = list(stored.ratings) or [None] * len(self.seats)
        """Each seat's rating as the room was loaded (ratings change only at a game's
        end), shown in the snapshot to each viewer as they may see it."""
        self.ended_by_host = stored.status != "playing" and not self.live.is_over
        """Ended by ``chromino admin end-game``: no more moves, timers or bots."""
        minutes = 0 if stored.solo else stored.substitute_minutes
        self.grace = timedelta(minutes=minutes) if minutes else None
        """How long a player may be away before a bot plays for them (None: never)."""
        self.away: set[int] = set(stored.away)
        """The seats a bot plays for, their players away (docs/rules-interpretations.md)."""
        self.pace = stored.pace
        """Real time, or turn-based over days (web.days): then the sweep, not this room,
        fires the deadline, and the room leaves memory when nobody watches."""
        self.turn_started = stored.turn_started
        self.schedules = stored.schedules

    def _apply_stored(self, row: GameEvent) -> Applied:
        applied = self.live.apply(row.seat, self.kind.stored_action(row.action))
        if row.stand_in:
            applied = stood_in(applied)
        self.history.append(applied)
        if row.user_id is not None and row.command_id is not None:
            self.commands[(row.user_id, row.command_id)] = row.seq
        return applied

    @property
    def version(self) -> int:
        """How many events the game has had."""
        return len(self.history)

    # --- acting ---------------------------------------------------------------

    async def submit(self, request: Submission) -> int:
        """Apply one action at most once; returns the version it produced.

        Refusals: ProtocolError (stale version, a conflict, the assistance policy, a
        game the host ended) and the engine's IllegalMoveError, untouched."""
        async with self.lock:
            return await self._submit_locked(request)

    async def _submit_locked(self, request: Submission) -> int:
        seat, action, command_id = request.seat, request.action, request.command_id
        user_id, expected_version = request.user_id, request.expected_version
        key = (user_id, command_id) if user_id is not None and command_id is not None else None
        if key is not None and key in self.commands:
            return self.commands[key]
        if self.ended_by_host:
            raise ProtocolError("game_over", Words(N_("the host ended this game")), command_id)
        if user_id is not None and seat in self.away:
            message = Words(N_("a bot is playing for you: take your seat back first"))
            raise ProtocolError("seat_away", message, command_id)
        if expected_version != self.version:
            message = Words(
                N_("the game is at version {version}, not {expected}; resync"),
                version=self.version,
                expected=expected_version,
            )
            raise ProtocolError("stale_version", message, command_id)
        if request.assistance is not None:
            refusal = self.kind.assistance_refusal(request.assistance, self.live, seat, action)
            if refusal is not None:
                raise ProtocolError("assistance_draw_refused", Words(refusal), command_id)
        applied = self._apply(request)  # refuses (IllegalMoveError) changing nothing
        version = self.version + 1
        now = self.parts.clock.now()
        new_turn = applied.turn_changed or self.turn_started is None
        turn_started = now if new_turn else self.turn_started
        deadline = self._next_deadline(applied, now, turn_started)
        stored = StoredEvent(
            version,
            seat,
            applied.stored,
            user_id,
            command_id,
            deadline,
            self.live.result(),
            None if self.live.is_over else self.live.current_seat,
            turn_started=turn_started,
            turn_changed=applied.turn_changed,
            stand_in=request.stand_in,
            # The sweep tells the next player, times their turn and, at the end, tells
            # everyone how it went (web.days.sweep): it looks at once.
            due=now if self.pace.turn_based else None,
        )
        try:
            await self.parts.store.write(self.game_id, stored)
        except (ConflictError, IntegrityError):
            await self._reload_locked()
            if key is not None and key in self.commands:
                return self.commands[key]
            message = Words(N_("someone else moved first; resync and try again"))
            raise ProtocolError("conflict", message, command_id) from None
        except Exception:
            log.exception("could not store version %s of game %s", version, self.game_id)
            await self._reload_or_evict()
            raise ProtocolError(
                "unavailable",
                Words(N_("the move could not be saved; try again shortly")),
                command_id,
            ) from None
        self.history.append(applied)
        metrics.move_applied(applied.action.kind)
        self.deadline = deadline
        self.turn_started = turn_started
        if key is not None:
            self.commands[key] = version
        self._broadcast(applied)
        await self._announce_version(version)
        if applied.turn_changed or applied.finished:
            self.parts.lobby_changed()
        if applied.finished:
            self.parts.game_over(self.game_id)
        self._schedule()
        self._rest_if_idle()
        return version

    def _apply(self, request: Submission) -> Applied:
        """The action applied to the game in memory, marked when a bot made it in a
        person's place."""
        applied = self.live.apply(request.seat, request.action)
        return stood_in(applied) if request.stand_in else applied

    def _next_deadline(
        self, applied: Applied, now: datetime, turn_started: datetime | None
    ) -> datetime | None:
        if self.pace.turn_based:
            return None if applied.finished else self._turn_based_deadline(turn_started)
        seconds = self.live.turn_seconds()
        if not seconds or applied.finished:
            return None
        if applied.turn_changed or self.deadline is None:
            return now + timedelta(seconds=seconds)
        return self.deadline

    def _turn_based_deadline(self, turn_started: datetime | None) -> datetime | None:
        """The mover's deadline under their schedule (none for a bot to move)."""
        if self.live.is_over or turn_started is None:
            return None
        person = self.seats[self.live.current_seat].get("user_id")
        schedule = self.schedules.get(person) if isinstance(person, int) else None
        if schedule is None or self.live.current_seat in self.away:
            return None
        clock = clock_for(self.pace, schedule, as_utc(turn_started))
        return None if clock is None else clock.deadline

    def resting(self) -> bool:
        """A turn-based game nobody watches, waiting for a person: it needs no memory
        (the sweep fires its deadline; opening it loads it again)."""
        if self.viewers or not self.pace.turn_based:
            return False
        if self.live.is_over or self.ended_by_host:
            return True
        return not self._bot_plays(self.live.current_seat)

    def _rest_if_idle(self) -> None:
        if self.resting():
            self.parts.unload(self)

    async def _reload_or_evict(self) -> None:
        """After a failed commit the memory is ahead of the database: rebuild it from
        the database, or, if even that fails, drop the room (it is rebuilt on next use)."""
        try:
            await self._reload_locked()
        except Exception:
            log.exception("game %s could not be reloaded; unloading it", self.game_id)
            self.parts.unload(self)

    async def _reload_locked(self) -> None:
        """Rebuild from the database, then give every viewer the events they have not
        seen (those another process committed) and the state — as a reconnect would."""
        seen = self.version
        stored = await asyncio.to_thread(self.parts.store.read_game, self.game_id)
        if stored is not None:
            self._load(stored)
            for viewer in self.viewers:
                self.sync(viewer, seen, snapshot="state")
            self._schedule()

    async def heard_version(self, message: dict[str, Any]) -> None:
        """Another process committed a version: apply its event from the message when it
        is the next one, else read what is missing from the database."""
        async with self.lock:
            version = int(message.get("version", 0))
            if version <= self.version:
                return
            if version == self.version + 1 and isinstance(message.get("action"), dict):
                try:
                    self._apply_heard(message)
                except (IllegalMoveError, KeyError, TypeError, ValueError):
                    log.exception("game %s: a fan-out event did not apply", self.game_id)
                    await self._reload_locked()
                return
        await self.catch_up()

    def _apply_heard(self, message: dict[str, Any]) -> None:
        seat = int(message["seat"])
        applied = self.live.apply(seat, self.kind.stored_action(message["action"]))
        if message.get("stand_in") is True:
            applied = stood_in(applied)
        self.history.append(applied)
        user_id, command_id = message.get("user_id"), message.get("command_id")
        if isinstance(user_id, int) and isinstance(command_id, str):
            self.commands[(user_id, command_id)] = self.version
        deadline = message.get("deadline")
        self.deadline = None if deadline is None else datetime.fromtimestamp(float(deadline), UTC)
        started = message.get("turn_started")
        if isinstance(started, (int, float)):
            self.turn_started = datetime.fromtimestamp(float(started), UTC)
        self._broadcast(applied)
        self._schedule()

    async def catch_up(self) -> None:
        """Another process moved the game on: read the new events and pass them on."""
        async with self.lock:
            rows = await asyncio.to_thread(self.parts.store.read_events, self.game_id, self.version)
            for row in rows:
                if row.seq != self.version + 1:
                    await self._reload_locked()
                    return
                self._broadcast(self._apply_stored(row))
            if rows:
                deadline = await asyncio.to_thread(self.parts.store.read_deadline, self.game_id)
                self.deadline = deadline
                self._schedule()

    # --- ending by agreement ----------------------------------------------------

    async def agree(
        self, seat: int, command: AgreementCommand, together: frozenset[int] = frozenset()
    ) -> int:
        """An offer to end, or an answer to one; once everyone still in the game
        accepted, the game ends (``end_agreed``). Returns the game's version.
        ``together``: the other seats of the same device (pass-and-play), whose players
        sit around it and answer with ``seat`` (docs/pass-and-play.md)."""
        async with self.lock:
            if self.ended_by_host or self.live.is_over:
                raise ProtocolError("game_over", Words(N_("the game is over")), command.id)
            if command.version != self.version:
                message = Words(
                    N_("the game is at version {version}, not {expected}; resync"),
                    version=self.version,
                    expected=command.version,
                )
                raise ProtocolError("stale_version", message, command.id)
            bots = [bool(occupant["bot"]) for occupant in self.seats]
            offer = answer(
                self.end_offer,
                seat,
                command,
                active=self.live.active_seats,
                bots=bots,
                version=self.version,
            )
            if offer is not None and together:
                joined = offer.accepted | (together & offer.needed)
                offer = EndOffer(offer.by, offer.version, joined, offer.needed)
            if offer is not None and offer.agreed:
                self.end_offer = None
                ending = Submission(offer.by, self.kind.end_agreed, self.version)
                return await self._submit_locked(ending)
            self._offer_changed(offer, lapsed=None if offer is not None else "declined", by=seat)
            return self.version

    def _offer_changed(
        self, offer: EndOffer | None, *, lapsed: str | None, by: int | None = None
    ) -> None:
        """Keep the offer, tell every viewer, and tell the other processes."""
        self.end_offer = offer
        message = self._offer_message(lapsed, by)
        for viewer in self.viewers:
            viewer.send(message)
        remote = {"kind": "end_offer", "game": self.game_id, "message": message}
        in_background(self.parts.fanout.publish(remote), FANOUT_FAILED)

    def _offer_message(self, lapsed: str | None, by: int | None) -> dict[str, Any]:
        return {
            "type": "end_offer",
            "version": self.version,
            "offer": None if self.end_offer is None else self.end_offer.to_dict(),
            "lapsed": lapsed,
            "seat": by,
        }

    def heard_offer(self, message: dict[str, Any]) -> None:
        """Another process changed the offer: keep its copy and tell the viewers here."""
        if int(message.get("version", -1)) != self.version:
            return  # about a position this process has not reached, or has left
        offer = message.get("offer")
        self.end_offer = None if offer is None else EndOffer.from_dict(offer)
        for viewer in self.viewers:
            viewer.send(message)

    async def seen(self, viewer: Viewer, version: int) -> None:
        """A player's visible page showed the game at ``version``: kept, so that no
        notice goes out for what they have seen (each newer version written once)."""
        version = min(version, self.version)
        seat = viewer.home_seat
        if seat is None or version <= viewer.seen:
            return
        viewer.seen = version
        await asyncio.to_thread(self.parts.store.mark_seen, self.game_id, seat, version)

    # --- telling the other processes ------------------------------------------

    async def _announce_version(self, version: int) -> None:
        """A version this process committed, with its event and the next deadline."""
        applied = self.history[version - 1]
        deadline = None if self.deadline is None else as_utc(self.deadline).timestamp()
        command = next((key for key, seq in self.commands.items() if seq == version), (None, None))
        await self.parts.fanout.publish(
            {
                "kind": "version",
                "game": self.game_id,
                "version": version,
                "seat": applied.seat,
                "action": applied.stored,
                "stand_in": bool(applied.public.get("stand_in")),
                "user_id": command[0],
                "command_id": command[1],
                "deadline": deadline,
                "turn_started": None
                if self.turn_started is None
                else as_utc(self.turn_started).timestamp(),
            }
        )

    def announce_presence(self) -> None:
        """Who is connected to this room here (sent in the background)."""
        seats, spectators = self.local_presence()
        message = {
            "kind": "presence",
            "game": self.game_id,
            "seats": sorted(seats),
            "spectators": spectators,
            "version": self.version,
            "chat": self.talk.seq,
        }
        in_background(self.parts.fanout.publish(message), FANOUT_FAILED)

    # --- what viewers receive -----------------------------------------------

    def _broadcast(self, applied: Applied) -> None:
        """Tell every viewer of the move: one message built and encoded per kind of
        viewer (web.live.screens), the same text to each socket of that kind."""
        if self.end_offer is not None and self.version > self.end_offer.version:
            self._offer_changed(None, lapsed="moved")
        withdrawn = self._withdraw_hands()
        kinds: dict[ViewerKind, list[Viewer]] = {}
        for viewer in self.viewers:
            if viewer not in withdrawn:
                kinds.setdefault(viewer.kind, []).append(viewer)
        for who, viewers in kinds.items():
            local = who[0] is not None and bool(self.seats[who[0]].get("local"))
            message = self.screens.event_message(
                applied, who, self.version, self.deadline, private=not local
            )
            text = encode(message)
            for viewer in viewers:
                viewer.send_text(text)
        if withdrawn:
            # Their page holds a hand: the event comes with the whole spectator's state
            # (no hand), not a delta from a state it never had.
            whole = self.screens.whole_event(applied, self.version, self.deadline)
            text = encode(whole)
            for viewer in withdrawn:
                viewer.send_text(text)
        if self.live.is_over and not self._told_of_the_end:
            self._told_of_the_end = True
            self.talk.game_ended()  # after the event: the page knows the game is over

    def _withdraw_hands(self) -> list[Viewer]:
        """Pass-and-play: a device showing a local seat's hand whose turn has ended
        (or whose game is over) shows no hand any more, at once (docs/pass-and-play.md)."""
        withdrawn = []
        for viewer in self.viewers:
            shown = viewer.seat
            if viewer.local_seats and shown is not None and not self._may_show(shown):
                viewer.seat = None
                withdrawn.append(viewer)
        return withdrawn

    def _may_show(self, seat: int) -> bool:
        """Whether a local seat's hand may be shown on its device: on its turn only."""
        return not (self.live.is_over or self.ended_by_host) and self.live.current_seat == seat

    async def show_hand(self, viewer: Viewer, seat: int) -> None:
        """Pass-and-play: the player of a local seat of this device took it and asks to
        see their tiles — only theirs, only on their turn. Answered with a ``state``."""
        async with self.lock:
            if seat not in viewer.local_seats:
                words = Words(N_("seat {seat} is not played on this device"), seat=seat)
                raise ProtocolError("not_local_seat", words)
            if self.live.is_over or self.ended_by_host:
                raise ProtocolError("game_over", Words(N_("the game is over")))
            if not self._may_show(seat) or seat in self.away:
                words = Words(N_("it is not {name}'s turn"), name=self.seats[seat]["name"])
                raise ProtocolError("not_their_turn", words)
            viewer.seat = seat
            viewer.send(self.state_message(viewer, "state"))

    def state_message(self, viewer: Viewer, kind: str = "state") -> dict[str, Any]:
        """A full snapshot for one viewer."""
        return {
            "type": kind,
            "protocol": PROTOCOL,
            "game": self.kind.name,
            "game_id": self.game_id,
            "version": self.version,
            "seat": viewer.seat,
            "local_seats": sorted(viewer.local_seats),
            "players": [seat["name"] for seat in self.seats],
            "bots": [seat["bot"] for seat in self.seats],
            "user_ids": [seat_person(seat) for seat in self.seats],
            "ratings": seats_seen_by(self.ratings, viewer.user_id),
            "assistance": self.help_levels,
            "solo": self.solo,
            **self.screens.state_fields(viewer.kind, self.version, self.deadline),
            "presence": self.presence(),
            "next_game": self.next_game,
            "end_offer": None if self.end_offer is None else self.end_offer.to_dict(),
            "away": self.away_flags(),
            "substitute_minutes": 0 if self.grace is None else self.grace.seconds // 60,
            "turn_days": self.pace.turn_days,
            "away_until": self.away_until(),
            "on_timeout": self.pace.on_timeout if self.pace.clocked else None,
            "chat": self._chat_snapshot(viewer),
        }

    def _chat_snapshot(self, viewer: Viewer) -> dict[str, Any]:
        read = 0 if viewer.home_seat is None else self.chat_read.get(viewer.home_seat, 0)
        snapshot = self.talk.snapshot(viewer, viewer.chat_since, read)
        viewer.chat_since = self.talk.seq  # later lines reach it live
        return snapshot

    async def chat_read_to(self, viewer: Viewer, seq: int) -> None:
        """A player read the chat up to ``seq``: kept, for "my games"' unread counts."""
        seq = min(seq, self.talk.seq)
        seat = viewer.home_seat
        if seat is None or seq <= self.chat_read.get(seat, 0):
            return
        self.chat_read[seat] = seq
        await asyncio.to_thread(store_chat_read, self.parts.store.db, self.game_id, seat, seq)
        self.parts.lobby_changed()

    def away_until(self) -> list[float | None]:
        """Per seat: when its player's days away end, while they are away (turn-based
        games whose clock stops for them), else None."""
        if not self.pace.clocked or not self.pace.vacation:
            return [None] * len(self.seats)
        now = self.parts.clock.now()
        ends: list[float | None] = []
        for occupant in self.seats:
            schedule = self.schedules.get(occupant.get("user_id") or -1)
            spans = [] if schedule is None else [e for s, e in schedule.away if s <= now < e]
            ends.append(max(spans).timestamp() if spans else None)
        return ends

    def away_flags(self) -> list[bool]:
        """Per seat: whether a bot plays for it now."""
        return [index in self.away for index in range(len(self.seats))]

    def sync(self, viewer: Viewer, since: int | None, snapshot: str = "welcome") -> None:
        """Bring a (re)connecting viewer up to date: missed events, or a snapshot.

        ``snapshot`` is the snapshot's type: ``welcome`` opens a connection, a resync
        asked for on an open one (a ``sync`` message) gets a ``state``."""
        gap_ok = since is not None and 0 <= since <= self.version
        if (
            gap_ok
            and since is not None
            and self.version - since <= self.parts.settings.replay_gap_limit
        ):
            for version in range(since + 1, self.version + 1):
                applied = self.history[version - 1]
                # a pass-and-play device's log never holds a tile drawn (it would stay
                # on the page after the hand is hidden): the hand shows it
                event = event_for(applied, None if viewer.local_seats else viewer.seat)
                viewer.send({"type": "event", "version": version, "event": event})
            viewer.send(self.state_message(viewer, "state"))
        else:
            viewer.send(self.state_message(viewer, snapshot))

    # --- who is here -------------------------------------------------------------

    def local_presence(self) -> tuple[frozenset[int], int]:
        """The seats with a socket on this process, and this process's spectators."""
        seated = frozenset().union(*(viewer.seats_held for viewer in self.viewers))
        return seated, sum(1 for viewer in self.viewers if not viewer.seats_held)

    def presence(self) -> dict[str, Any]:
        """Which seats have someone connected, and how many watch — on every process."""
        seated, spectators = self.local_presence()
        elsewhere_seated, elsewhere_spectators = self.parts.elsewhere.of(self.game_id)
        everyone = seated | elsewhere_seated
        return {
            "connected": [index in everyone for index in range(len(self.seats))],
            "spectators": spectators + elsewhere_spectators,
        }

    async def join(self, viewer: Viewer, since: int | None) -> None:
        """A viewer arrives: bring them up to date, and tell everyone who is here."""
        async with self.lock:
            self.viewers.add(viewer)
            self.sync(viewer, since)
            self.presence_changed()

    def leave(self, viewer: Viewer) -> None:
        """A viewer goes; everyone hears who is left. A finished game nobody
        watches is unloaded."""
        self.viewers.discard(viewer)
        self.presence_changed()
        if not self.viewers and self.live.is_over:
            self.parts.unload(self)
        else:
            self._rest_if_idle()

    def watched_by(self, user_id: int) -> bool:
        """Whether a socket of this person's watches the room here."""
        return any(viewer.user_id == user_id for viewer in self.viewers)

    def presence_changed(self, *, local: bool = True) -> None:
        """Tell this room's viewers who is here; a change here is told to the other
        processes too."""
        message = {"type": "presence", "version": self.version, **self.presence()}
        for viewer in self.viewers:
            viewer.send(message)
        if local:
            self.announce_presence()
        self._watch_absences()

    def rematch_dealt(self, next_game: str) -> None:
        """Someone asked for a rematch and it was dealt: every viewer hears of it (their
        end screen offers to join it with one click)."""
        if self.next_game == next_game:
            return
        self.next_game = next_game
        message = {"type": "rematch", "version": self.version, "game_id": next_game}
        for viewer in self.viewers:
            viewer.send(message)

    def set_assistance(self, user_id: int, level: str) -> None:
        """A player changed their assistance level: resend their state at once; when
        they have a seat here, everyone else hears every seat's level (an
        ``assistance`` message), so all see who may draw while a tile fits."""
        seated = False
        for index, seat in enumerate(self.seats):
            if seat.get("user_id") == user_id and self.help_levels[index] != level:
                self.help_levels[index] = level
                seated = True
        news = {"type": "assistance", "version": self.version, "assistance": self.help_levels}
        for viewer in self.viewers:
            if viewer.user_id == user_id:
                viewer.assistance = level
                viewer.send(self.state_message(viewer, "state"))
            elif seated:
                viewer.send(news)

    # --- timers and bots ------------------------------------------------------

    def _schedule(self) -> None:
        """(Re)arm the turn timer and, when a bot is to play, its move."""
        current = asyncio.current_task()
        for task in (self._timer, self._bot):
            if task is not None and task is not current and not task.done():
                task.cancel()
        self._timer = self._bot = None
        if self.live.is_over or self.ended_by_host:
            return
        version = self.version
        if self.deadline is not None and not self.pace.turn_based:
            self._timer = asyncio.create_task(self._expire(version, self.deadline))
        if self._bot_plays(self.live.current_seat):
            self._bot = asyncio.create_task(self._play_bot(version))
        self._watch_absences()

    def _bot_plays(self, seat: int) -> bool:
        """A bot's seat, or one a bot plays for while its player is away."""
        return bool(self.seats[seat]["bot"]) or seat in self.away

    def start(self) -> None:
        """Arm the timer, the bot and the absent players' graces of a room just loaded."""
        self._schedule()

    async def _expire(self, version: int, deadline: datetime) -> None:
        await self.parts.clock.wait_until(as_utc(deadline))
        async with self.lock:
            if self.version != version or self.live.is_over:
                return
            with contextlib.suppress(ProtocolError, IllegalMoveError):
                seat = self.live.current_seat
                await self._submit_locked(Submission(seat, self.kind.timeout, version))

    async def _play_bot(self, version: int) -> None:
        await asyncio.sleep(self.parts.settings.bot_delay_seconds)
        async with self.lock:
            if self.version != version or self.live.is_over or self.ended_by_host:
                return
            seat = self.live.current_seat
            if not self._bot_plays(seat):
                return  # the player took their seat back
            bot = self.seats[seat]["bot"] or self._substitute_bot()
            view = self.live.view(seat) if self.kind.thinks(bot) else None
        action = None
        if view is not None:
            # A bot that searches thinks in a worker process, the room unlocked: the
            # game's clock and its viewers' messages never wait for it.
            seed = f"{self.game_id}:{version}"
            chosen = await self.parts.thinkers.think(self.kind.name, view, bot, seed)
            if chosen is not None:
                action = self.kind.stored_action(chosen)
        async with self.lock:
            if self.version != version or self.live.is_over or self.ended_by_host:
                return  # the clock ran out while it thought
            if not self._bot_plays(seat):
                return  # the player took their seat back while it thought
            rng = random.Random(f"{self.game_id}:{version}")
            if action is None:
                fallback = bot if view is None else "greedy"
                action = self.live.bot_action(seat, fallback, rng)
            stand_in = not self.seats[seat]["bot"]
            try:
                await self._submit_locked(Submission(seat, action, version, stand_in=stand_in))
            except (ProtocolError, IllegalMoveError):
                log.exception("bot %s in game %s could not move", bot, self.game_id)

    def _substitute_bot(self) -> str:
        """Who plays for a person: in a turn-based game whose time ran out, the Hard
        bot (when the game has one); for an absence at a real-time table, Medium."""
        if self.pace.turn_based and self.kind.thinks(TURN_BASED_SUBSTITUTE):
            return TURN_BASED_SUBSTITUTE
        return SUBSTITUTE_BOT

    # --- a turn-based clock that ran out (web.days.sweep) ---------------------------

    async def time_ran_out(self, version: int) -> bool:
        """The sweep found the turn past its deadline at ``version``: do what the table
        chose. Whether this call did it (a move since, or another process, may have)."""
        async with self.lock:
            if self.version != version or self.live.is_over or self.ended_by_host:
                return False
            seat = self.live.current_seat
            if self._bot_plays(seat):
                return False
            policy = self.pace.on_timeout
            if policy == "substitute":
                took = await asyncio.to_thread(self.parts.store.take_over, self.game_id, seat)
                if took:
                    self._set_away(seat, away=True, local=True)
                return took
            action = self.kind.resign if policy == "drop" else self.kind.timeout
            try:
                await self._submit_locked(Submission(seat, action, version))
            except (ProtocolError, IllegalMoveError):
                log.exception("game %s: the %s at its deadline failed", self.game_id, policy)
                return False
            return True

    def schedules_changed(self, schedules: dict[int, Schedule]) -> None:
        """A player's schedule changed: the running clock follows it at once."""
        self.schedules = {**self.schedules, **schedules}
        deadline = self._turn_based_deadline(self.turn_started)
        if deadline != self.deadline:
            self.deadline = deadline
            for viewer in self.viewers:
                viewer.send(self.state_message(viewer, "state"))

    def close(self) -> None:
        """Stop the room's timers (shutting down or unloading)."""
        for task in (self._timer, self._bot, *self._absences.values()):
            if task is not None:
                task.cancel()
        self._absences.clear()

    # --- a bot for an absent player -------------------------------------------------

    def _substitutable(self) -> set[int]:
        """The seats a bot may take over: people still in a game still going."""
        if self.grace is None or self.live.is_over or self.ended_by_host:
            return set()
        active = set(self.live.active_seats)
        return {
            index
            for index, occupant in enumerate(self.seats)
            if not occupant["bot"] and index in active and index not in self.away
        }

    def _watch_absences(self) -> None:
        """Start the grace of each seat that has no socket open anywhere; a seat whose
        player is back (or that no longer needs watching) has its grace stopped."""
        watched = self._substitutable()
        connected = self.presence()["connected"]
        for seat, task in list(self._absences.items()):
            if seat not in watched or connected[seat]:
                task.cancel()
                del self._absences[seat]
        if self.grace is None:
            return
        ends = self.parts.clock.now() + self.grace
        for seat in watched - set(self._absences):
            if not connected[seat]:
                self._absences[seat] = asyncio.create_task(self._absent(seat, ends))

    async def _absent(self, seat: int, ends: datetime) -> None:
        """The grace ran out with the player still away: a bot plays for them. Every
        process that watched the seat gets here; the database lets one take it over."""
        await self.parts.clock.wait_until(ends)
        async with self.lock:
            if self._absences.get(seat) is asyncio.current_task():
                del self._absences[seat]
            if seat not in self._substitutable() or self.presence()["connected"][seat]:
                return
            took = await asyncio.to_thread(self.parts.store.take_over, self.game_id, seat)
            if took:
                self._set_away(seat, away=True, local=True)
            else:  # another process took it over first: its news may be on the way
                away = await asyncio.to_thread(self.parts.store.read_away, self.game_id)
                if seat in away:
                    self._set_away(seat, away=True, local=False)

    async def take_back(self, seat: int, command_id: str | None) -> int:
        """The player takes their seat back from the bot, at once; the game's version."""
        async with self.lock:
            if seat not in self.away:
                message = Words(N_("no bot is playing for you"))
                raise ProtocolError("not_away", message, command_id)
            await asyncio.to_thread(self.parts.store.give_back, self.game_id, seat)
            self._set_away(seat, away=False, local=True)
            return self.version

    def _set_away(self, seat: int, *, away: bool, local: bool) -> None:
        """A bot starts or stops playing for a seat: every viewer hears of it (the move
        log says so), the other processes too when it happened here."""
        if (seat in self.away) == away:
            return
        if away:
            self.away.add(seat)
        else:
            self.away.discard(seat)
        message = {"type": "away", "version": self.version, "seat": seat, "away": away}
        for viewer in self.viewers:
            viewer.send(message)
        if local:
            remote = {"kind": "away", "game": self.game_id, "seat": seat, "away": away}
            in_background(self.parts.fanout.publish(remote), FANOUT_FAILED)
        self._schedule()

    def heard_away(self, message: dict[str, Any]) -> None:
        """Another process had a bot take a seat over, or gave it back."""
        seat, away = message.get("seat"), message.get("away")
        if isinstance(seat, int) and 0 <= seat < len(self.seats) and isinstance(away, bool):
            self._set_away(seat, away=away, local=False)


def stood_in(applied: Applied) -> Applied:
    """The move as a bot made it in a person's place: every viewer's event carries
    ``stand_in`` (docs/protocol.md), so the log says the bot played for them."""
    return replace(applied, public={**applied.public, "stand_in": True})
