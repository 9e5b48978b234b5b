"""Time zones are kept and shown by their current IANA names: a browser that says
"Asia/Calcutta" (Chromium does) or "Europe/Kiev" has "Asia/Kolkata" and "Europe/Kyiv"
stored, and the zones stored before are renamed by migration 0021."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo, available_timezones

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from web.ops.migrate import upgrade
from web.people import RENAMED_ZONES, current_zone


def test_each_renamed_zone_is_known_by_both_names_with_the_same_clock() -> None:
    """Every old name is still a zone (browsers send it) and every new one is a zone of
    the database: a rename changes no clock."""
    known = available_timezones()
    for old, new in RENAMED_ZONES.items():
        assert old in known and new in known, (old, new)
        assert ZoneInfo(old).utcoffset(None) == ZoneInfo(new).utcoffset(None), old
    assert current_zone("Europe/Amsterdam") == "Europe/Amsterdam", "a merged zone keeps its name"


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("Asia/Calcutta", "Asia/Kolkata"),
        ("Europe/Kiev", "Europe/Kyiv"),
        ("Asia/Saigon", "Asia/Ho_Chi_Minh"),
        ("Asia/Kolkata", "Asia/Kolkata"),
        ("Europe/Paris", "Europe/Paris"),
    ],
)
def test_a_zone_sent_by_its_old_name_is_kept_by_its_current_one(
    client: TestClient, sent: str, kept: str
) -> None:
    assert client.post("/api/me").status_code == 200
    changed = client.patch("/api/me/preferences", json={"time_zone": sent})
    assert changed.status_code == 200, changed.text
    assert changed.json()["time_zone"] == kept
    assert client.get("/api/me/preferences").json()["time_zone"] == kept
    page = client.get("/preferences")
    assert f'value="{kept}"' in page.text
    if sent != kept:
        assert sent not in page.text.split('id="boot"')[0], "the page names the old zone"


def test_the_preferences_page_names_the_devices_zone_as_the_server_keeps_it(
    client: TestClient,
) -> None:
    """The page gets the renames, so "This device's time zone" says the current name."""
    page = client.get("/preferences").text
    assert '"Asia/Calcutta": "Asia/Kolkata"' in page or '"Asia/Calcutta":"Asia/Kolkata"' in page


def test_zones_stored_by_their_old_names_are_renamed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'zones.sqlite3'}"
    upgrade(url, "0020")
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            for index, zone in enumerate(["Asia/Calcutta", "Europe/Kiev", "Europe/Paris", None]):
                connection.execute(
                    text(
                        "INSERT INTO user_account (name, name_key, created_at, last_seen_at)"
                        " VALUES (:name, :name, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                    ),
                    {"name": f"p{index}"},
                )
                connection.execute(
                    text(
                        "INSERT INTO preference (user_id, time_zone, assistance, palette,"
                        " symbols, reversed_arrows, sound, updated_at)"
                        " VALUES (:id, :zone, 'beginner', 'classic', 0, 0, 1,"
                        " CURRENT_TIMESTAMP)"
                    ),
                    {"id": index + 1, "zone": zone},
                )
        upgrade(url, "0021")
        with engine.begin() as connection:
            rows = connection.execute(text("SELECT time_zone FROM preference ORDER BY user_id"))
            renamed = [zone for (zone,) in rows]
        assert renamed == ["Asia/Kolkata", "Europe/Kyiv", "Europe/Paris", None]
    finally:
        engine.dispose()
