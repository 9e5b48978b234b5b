"""A room works from the parts it is handed, with no hub behind it.

The hub hands each room its store, the fan-out, what the other processes said of
their viewers, the thinkers, the settings and three hooks (the lobby changed, a
game ended, unload me). Here a room is built from stand-ins for those alone: a
move it is given is stored, then told to its viewer and to the other processes,
and the hooks hear of it.
"""

from __future__ import annotations

from typing import Any, cast

from support.streams import run_alone

from web.clock import FakeClock
from web.games import game_kind
from web.live import EventStore, Room, RoomParts, StoredEvent, StoredGame, Submission, Viewer
from web.live.buckets import Buckets
from web.live.fanout import Listener
from web.live.presence import PresenceElsewhere
from web.live.thinkers import Thinkers
from web.live.viewers import OUTBOX_LIMIT, Outbox
from web.settings import Settings


class RecordingStore:
    """The part of the event store a move uses: what was written, in order."""

    db = None

    def __init__(self) -> None:
        self.written: list[tuple[str, StoredEvent]] = []

    async def write(self, game_id: str, event: StoredEvent) -> None:
        self.written.append((game_id, event))

    async def say(self, game_id: str, line: object) -> object:
        raise AssertionError(f"nothing is said in {game_id} in these tests")


class RecordingFanout:
    """The other processes, as far as this room can tell: what it published."""

    origin = "test"
    alone = False

    def __init__(self) -> None:
        self.published: list[dict[str, Any]] = []

    async def start(self, listener: Listener) -> None:
        """Nothing to hear."""

    async def publish(self, message: dict[str, Any]) -> None:
        self.published.append(message)

    async def stop(self) -> None:
        """Nothing to close."""


def test_a_room_plays_a_move_from_its_parts_alone() -> None:
    kind = game_kind("chromino")
    setup = kind.deal(["Ann"], "room-parts", kind.normalize_options({}))
    seats = [{"user_id": 7, "bot": None, "name": "Ann"}]
    stored = StoredGame("g-parts", kind.name, setup, seats, True, "playing", None, [])
    store, fanout = RecordingStore(), RecordingFanout()
    lobby_changes: list[None] = []
    unloaded: list[Room] = []
    settings = Settings()
    viewer = Viewer(user_id=7, seat=0)

    async def scenario() -> None:
        parts = RoomParts(
            store=cast(EventStore, store),
            fanout=fanout,
            elsewhere=PresenceElsewhere(settings.presence_ttl_seconds),
            thinkers=Thinkers(settings),  # its worker processes start only when a bot thinks
            settings=settings,
            clock=FakeClock(),
            lobby_changed=lambda: lobby_changes.append(None),
            game_over=lambda game_id: None,
            unload=unloaded.append,
            chat_limits=Buckets(1, 1),
        )
        room = Room(parts, stored)
        await room.join(viewer, None)
        version = await room.submit(Submission(0, kind.timeout, 0, user_id=7, command_id="c-1"))
        again = await room.submit(Submission(0, kind.timeout, 0, user_id=7, command_id="c-1"))
        assert (version, again) == (1, 1)  # a command applies at most once
        room.close()

    run_alone(scenario)

    assert [(game_id, event.version, event.command_id) for game_id, event in store.written] == [
        ("g-parts", 1, "c-1")
    ]
    versions = [message for message in fanout.published if message["kind"] == "version"]
    assert [(m["game"], m["version"], m["command_id"]) for m in versions] == [("g-parts", 1, "c-1")]
    assert any(message["kind"] == "presence" for message in fanout.published)
    told = [text or "" for text in outbox_of(viewer).messages]  # no socket: it stays there
    assert any('"type":"event"' in text and '"version":1' in text for text in told)
    assert lobby_changes  # the turn passed: the lobby's lists read again
    assert unloaded == []


def outbox_of(viewer: Viewer) -> Outbox:
    assert isinstance(viewer.wire, Outbox)
    return viewer.wire


def test_a_viewer_too_slow_to_keep_up_is_cut_off_and_its_socket_woken_once() -> None:
    """An outbox is a plain list with no task waiting on it: its sender is woken when it
    gets its first message; a viewer that lets OUTBOX_LIMIT messages pile up is hung up
    on (1013: it reconnects and resyncs), and nothing more is queued for it."""
    woken: list[None] = []
    outbox = Outbox(lambda: woken.append(None))
    viewer = Viewer(user_id=None, seat=None, wire=outbox)
    viewer.send({"type": "pong", "version": 0})
    viewer.send({"type": "pong", "version": 0})
    assert len(woken) == 1 and len(outbox.messages) == 2
    for _ in range(OUTBOX_LIMIT):
        viewer.send_text("{}")
    assert viewer.hung_up and outbox.closing == 1013
    assert outbox.messages[-1] is None and len(outbox.messages) == OUTBOX_LIMIT + 1
    viewer.send_text("{}")
    assert len(outbox.messages) == OUTBOX_LIMIT + 1
