"""A room: one game in memory, with the people watching it.

Every action — a player's command, a bot's move, a timer's timeout — goes
through :meth:`Room.submit` under the room's lock: checked by the rules,
committed to the event store, and only then broadcast, each viewer getting
their own filtered copy. The database is the source of truth: a room is rebuilt
from its events after a restart, and a second process that wrote first makes
this one resync rather than fork the game — its viewers then get the events they
missed, then the state, exactly as a reconnecting client would.

The room keeps its lock, the game, its viewers, submitting and broadcasting, the way
lila's round keeps its actor while its drawer, finisher and alarms work beside it.
Every other concern is a part the room is built with and hands itself to, as the
narrow view of web.live.core: the clock (:mod:`.clocks`), the bots (:mod:`.bots`), a
bot for an absent player (:mod:`.substitutes`), the end offer (:mod:`.offers`), the
snapshots (:mod:`.snapshots`), who is here (:mod:`.company`), what each player saw
and read (:mod:`.marks`), pass-and-play hands (:mod:`.hands`), the copies on other
processes (:mod:`.replica`) and the talk (:mod:`.talk`).
"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.exc import IntegrityError

from .. import metrics
from ..days import Pace
from ..games import Applied, GameKind, LiveGame, game_kind
from ..i18n import N_, Words
from ..models import GameEvent
from ..people import Schedule
from ..protocol import ProtocolError, encode
from .acting import refuse, stored_event
from .bots import Bots
from .clocks import Clocks
from .company import Company
from .core import Submission, stood_in
from .hands import LocalHands
from .loading import StoredGame
from .marks import ReadMarks
from .offers import EndOffers
from .parts import RoomParts
from .replica import Replica
from .screens import Screens, ViewerKind
from .snapshots import Snapshots
from .store import ConflictError, StoredEvent
from .substitutes import Substitutes
from .talk import Talk, TalkParts
from .viewers import Viewer

log = logging.getLogger(__name__)


class Room:
    """One game in memory, with its viewers."""

    def __init__(self, parts: RoomParts[Room], stored: StoredGame) -> None:
        self.parts = parts
        self.game_id = stored.game_id
        self.kind: GameKind = game_kind(stored.kind)
        self.seats = stored.seats
        self.solo = stored.solo
        self.lock = asyncio.Lock()
        self.viewers: set[Viewer] = set()
        self._hand_parts(parts)
        self.load(stored)
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
        """Per seat, the last chat line its player read (web.live.marks keeps it)."""
        self.marks = ReadMarks(
            self, parts.store, self.chat_read, lambda: self.talk.seq, parts.lobby_changed
        )
        self._told_of_the_end = self.live.is_over
        """Whether the players were given the spectators' lines (they are, at the end)."""

    def _hand_parts(self, parts: RoomParts[Room]) -> None:
        """Build the room's parts, each handed the room (web.live.core) and the few
        things of ``parts`` it works with."""
        self.company = Company(self, parts.elsewhere, parts.fanout, lambda: self.talk.seq)
        self.substitutes = Substitutes(self, self.company, parts.store, parts.fanout, parts.clock)
        self.bots = Bots(self, self.substitutes, parts.thinkers, parts.settings)
        self.clocks = Clocks(self, self.substitutes, self.bots, parts.clock)
        self.offers = EndOffers(self, parts.fanout)
        self.hands = LocalHands(self, self.substitutes)
        self.replica = Replica(self, self.clocks, parts, lambda: parts.unload(self))
        gap = parts.settings.replay_gap_limit
        self.snapshots = Snapshots(
            self, self.company, self.clocks, self.substitutes, self.offers, replay_gap_limit=gap
        )

    def load(self, stored: StoredGame) -> None:
        """Take the game as stored (again, after a reload: its parts' state too)."""
        self.setup = stored.setup
        self.live: LiveGame = self.kind.restore(stored.setup)
        shows_points = self.kind.shows_points(self.setup.get("options", {}))
        self.screens = Screens(self.live, self.kind, shows_points)
        """What each kind of viewer was last sent (a reload starts afresh: it resends all)."""
        self.history: list[Applied] = []
        self.commands: dict[tuple[int, str], int] = {}
        for row in stored.events:
            self.apply_stored(row)
        self.next_game = stored.next_game
        """The rematch of this game, once someone asked for it."""
        self.help_levels = list(stored.help_levels) or [None] * len(self.seats)
        """Each seat's assistance level (None: a bot), shown to everyone in the snapshot."""
        self.bot_accounts = list(stored.bot_accounts) or [False] * len(self.seats)
        """Each seat: whether a bot account plays it, shown in the snapshot."""
        self.ratings = list(stored.ratings) or [None] * len(self.seats)
        """Each seat's rating as the room was loaded (ratings change only at a game's
        end), shown in the snapshot to each viewer as they may see it."""
        self.ended_by_host = stored.status != "playing" and not self.live.is_over
        """Ended by ``chromino admin end-game``: no more moves, timers or bots."""
        self.clocks.load(stored)
        self.bots.pace = stored.pace
        self.substitutes.load(stored)

    def apply_stored(self, row: GameEvent) -> Applied:
        """Apply an event as stored, remembering the command it answered."""
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

    @property
    def stopped(self) -> bool:
        """Over, or ended by the host: no more moves, timers or bots."""
        return self.live.is_over or self.ended_by_host

    @property
    def pace(self) -> Pace:
        """Real time, or turn-based over days (web.days.pace)."""
        return self.clocks.pace

    # --- acting ---------------------------------------------------------------

    async def submit(self, request: Submission) -> int:
        """Apply one action at most once; returns the version it produced.

        Refusals: ProtocolError (stale version, a conflict, the assistance policy, a
        game the host ended) and the engine's IllegalMoveError, untouched."""
        async with self.lock:
            return await self.submit_locked(request)

    async def submit_locked(self, request: Submission) -> int:
        """:meth:`submit`, the lock already held (a timer's, a bot's or an offer's)."""
        key = request.key
        if key is not None and key in self.commands:
            return self.commands[key]
        away, ended = self.substitutes.away, self.ended_by_host
        refuse(request, self.kind, self.live, version=self.version, ended_by_host=ended, away=away)
        applied = self.live.apply(request.seat, request.action)  # refuses changing nothing
        if request.stand_in:
            applied = stood_in(applied)
        now = self.parts.clock.now()
        turn = self.clocks.next_turn(applied, now)
        version = self.version + 1
        turn_based = self.pace.turn_based
        stored = stored_event(
            request, applied, self.live, version=version, turn=turn, now=now, turn_based=turn_based
        )
        refused = await self._commit(request, stored)
        if refused is not None:
            return refused
        self.history.append(applied)
        metrics.move_applied(applied.action.kind)
        self.clocks.turn_started, self.clocks.deadline = turn
        if key is not None:
            self.commands[key] = version
        self.broadcast(applied)
        await self.replica.announce(version, key)
        self._moved_on(applied)
        return version

    async def _commit(self, request: Submission, stored: StoredEvent) -> int | None:
        """Commit the event; None once it is stored. When it is not, the room is read
        again from the database: a command another process applied first gives its
        version, any other failure a ProtocolError."""
        try:
            await self.parts.store.write(self.game_id, stored)
            return None
        except (ConflictError, IntegrityError):
            await self.replica.reload_locked()
            key = request.key
            if key is not None and key in self.commands:
                return self.commands[key]
            message = Words(N_("someone else moved first; resync and try again"))
            raise ProtocolError("conflict", message, request.command_id) from None
        except Exception:
            log.exception("could not store version %s of game %s", stored.version, self.game_id)
            await self.replica.reload_or_evict()
            raise ProtocolError(
                "unavailable",
                Words(N_("the move could not be saved; try again shortly")),
                request.command_id,
            ) from None

    def _moved_on(self, applied: Applied) -> None:
        """After a committed move: the lobby's lists, the coach, the timers, and rest."""
        if applied.turn_changed or applied.finished:
            self.parts.lobby_changed()
        if applied.finished:
            self.parts.game_over(self.game_id)
        self.schedule()
        if self.resting():
            self.parts.unload(self)

    def resting(self) -> bool:
        """A turn-based game nobody watches, waiting for a person: it needs no memory
        (the sweep fires its deadline; opening it loads it again)."""
        if self.viewers or not self.pace.turn_based:
            return False
        if self.stopped:
            return True
        return not self.bots.plays(self.live.current_seat)

    # --- what viewers receive -----------------------------------------------

    def broadcast(self, applied: Applied) -> None:
        """Tell every viewer of the move: one message built and encoded per kind of
        viewer (web.live.screens), the same text to each socket of that kind."""
        self.offers.lapse_if_moved()
        withdrawn = self.hands.withdraw()
        kinds: dict[ViewerKind, list[Viewer]] = {}
        for viewer in self.viewers:
            if viewer not in withdrawn:
                kinds.setdefault(viewer.kind, []).append(viewer)
        deadline = self.clocks.deadline
        for who, viewers in kinds.items():
            local = who[0] is not None and bool(self.seats[who[0]].get("local"))
            message = self.screens.event_message(
                applied, who, self.version, deadline, private=not local
            )
            text = encode(message)
            for viewer in viewers:
                viewer.send_text(text)
        if withdrawn:
            # Their page holds a hand: the event comes with the whole spectator's state
            # (no hand), not a delta from a state it never had.
            text = encode(self.screens.whole_event(applied, self.version, deadline))
            for viewer in withdrawn:
                viewer.send_text(text)
        if self.live.is_over and not self._told_of_the_end:
            self._told_of_the_end = True
            self.talk.game_ended()  # after the event: the page knows the game is over

    def sync(self, viewer: Viewer, since: int | None, snapshot: str = "welcome") -> None:
        """Bring a (re)connecting viewer up to date (web.live.snapshots)."""
        self.snapshots.sync(viewer, since, snapshot)

    async def show_hand(self, viewer: Viewer, seat: int) -> None:
        """Pass-and-play: the player of a local seat of this device took it and asks to
        see their tiles — only theirs, only on their turn. Answered with a ``state``."""
        async with self.lock:
            self.hands.check_show(viewer, seat)
            viewer.seat = seat
            viewer.send(self.snapshots.message(viewer, "state"))

    # --- who is here -------------------------------------------------------------

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
        if (not self.viewers and self.live.is_over) or self.resting():
            self.parts.unload(self)

    def watched_by(self, user_id: int) -> bool:
        """Whether a socket of this person's watches the room here."""
        return any(viewer.user_id == user_id for viewer in self.viewers)

    def presence_changed(self, *, local: bool = True) -> None:
        """Tell this room's viewers who is here; a change here is told to the other
        processes too."""
        self.company.tell_viewers()
        if local:
            self.company.announce()
        self.substitutes.watch()

    def rematch_dealt(self, next_game: str) -> None:
        """Someone asked for a rematch and it was dealt: every viewer hears of it (their
        end screen offers to join it with one click)."""
        if self.next_game == next_game:
            return
        self.next_game = next_game
        message = {"type": "rematch", "version": self.version, "game_id": next_game}
        for viewer in self.viewers:
            viewer.send(message)

    # --- timers and bots ------------------------------------------------------

    def schedule(self) -> None:
        """(Re)arm the turn timer and, when a bot is to play, its move; watch the
        absent players' graces."""
        version = self.version
        self.clocks.arm(version)
        self.bots.arm(version)
        if not self.stopped:
            self.substitutes.watch()

    def close(self) -> None:
        """Stop the room's timers (shutting down or unloading)."""
        self.clocks.stop(every=True)
        self.bots.stop(every=True)
        self.substitutes.close()

    async def time_ran_out(self, version: int) -> bool:
        """The sweep found the turn past its deadline at ``version`` (web.days.sweep):
        do what the table chose; whether this call did it (web.live.clocks)."""
        return await self.clocks.time_ran_out(version)

    def schedules_changed(self, schedules: dict[int, Schedule]) -> None:
        """A player's schedule changed: the running clock follows it at once, and the
        viewers see the new deadline."""
        if self.clocks.follow(schedules):
            self.snapshots.resend()
