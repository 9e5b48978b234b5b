"""The registry of notice kinds (web.notify.kinds): every kind answers to a switch a
person can turn off on each channel it leaves by, leads somewhere, and is made with a
key that begins with its name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from web.models import Preference
from web.notify import KINDS, NINETY, TURN, NoticeKind, draft
from web.notify.choices import wants
from web.notify.sending import Sending
from web.notify.words import notice_push
from web.people import SWITCHES

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize("kind", list(KINDS.values()), ids=list(KINDS))
def test_every_kind_answers_to_a_switch_offered_on_each_of_its_channels(kind: NoticeKind) -> None:
    for channel in kind.channels:
        assert kind.switch in SWITCHES[channel], (kind.name, channel)


@pytest.mark.parametrize("kind", list(KINDS.values()), ids=list(KINDS))
def test_every_kind_leads_to_what_its_details_name(kind: NoticeKind) -> None:
    details = {
        "players": ["Ana", "Ben"],
        "seat": 0,
        "table": "t1",
        "duplicate": "d1",
        "tournament_id": "w1",
        "season_id": "s1",
    }
    url, tag = kind.link("g1", details) or ("", "")
    assert url.startswith("/") and tag
    assert kind.link(None, {}) is None


@pytest.mark.parametrize("kind", list(KINDS.values()), ids=list(KINDS))
def test_a_notice_is_drafted_with_its_kinds_name_first_in_its_key(kind: NoticeKind) -> None:
    made = draft(kind, ("g1", 7), 7, {}, NOW, game=("g1", 3))
    assert made.key == f"{kind.name}:g1:7" and made.kind == kind.name
    assert (made.game_id, made.version, made.user_id, made.due) == ("g1", 3, 7, NOW)
    assert KINDS[made.kind] is kind


def test_only_the_last_warning_wakes_a_sleeper_and_with_a_tournaments_news_goes_by_email() -> None:
    assert [kind.name for kind in KINDS.values() if kind.wakes] == [NINETY.name]
    by_email = [kind for kind in KINDS.values() if kind.by_email]
    assert [kind.name for kind in by_email if kind.switch != "tournament"] == [NINETY.name]
    assert {kind.name for kind in by_email if kind.switch == "tournament"} == {
        "tournament_open",
        "tournament_bye",
        "table_ready",
        "arena_table_ready",
        "tournament_over",
        "season_over",
    }


def test_both_warnings_answer_to_the_reminders_switch() -> None:
    chose = Preference(user_id=7, notify={"push": [NINETY.switch], "email": []})
    assert not wants(chose, "push", "half") and not wants(chose, "push", "ninety")
    assert wants(chose, "push", TURN.name)


def test_a_notice_whose_details_lack_its_link_leads_to_my_games() -> None:
    sending = Sending(1, TURN.name, None, {"players": ["Ana"]}, "en", [], None, 7, "UTC")
    push = notice_push(sending)
    assert (push["url"], push["tag"]) == ("/games", TURN.name)
