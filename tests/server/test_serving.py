"""How uvicorn is configured for the app: websocket compression is a setting, off by
default (messages are small, and it doubles every socket's memory); so is how often
the server pings a socket."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.live import LiveServer, Player, game_socket_url, make_settings, migrated_sqlite
from websockets.sync.client import connect

from web.site.serving import server_config


@pytest.mark.parametrize("compression", [False, True])
def test_websocket_compression_is_a_setting(tmp_path: Path, compression: bool) -> None:
    url = migrated_sqlite(tmp_path / "chromino.sqlite3")
    settings = make_settings(url, websocket_compression=compression)
    server = LiveServer(settings).start()
    try:
        person = Player(server.url)
        game_id = person.http.post("/api/solo").json()["game_id"]
        address = game_socket_url(server.url, game_id)
        headers = {"Cookie": person.cookie_header()}
        with connect(address, additional_headers=headers) as sock:  # offers permessage-deflate
            assert sock.response is not None
            extensions = sock.response.headers.get("Sec-WebSocket-Extensions") or ""
            assert ("permessage-deflate" in extensions) is compression
            assert '"welcome"' in str(sock.recv(timeout=10))
        person.close()
    finally:
        server.stop()


def test_compression_is_off_unless_asked_for(tmp_path: Path) -> None:
    settings = make_settings(migrated_sqlite(tmp_path / "c.sqlite3"))
    assert settings.websocket_compression is False


def test_the_servers_pings_are_a_setting(tmp_path: Path) -> None:
    """Every 60 s unless the host says otherwise: the page pings every 15 s itself."""
    url = migrated_sqlite(tmp_path / "p.sqlite3")
    assert server_config("web.app:create_app", make_settings(url)).ws_ping_interval == 60
    often = make_settings(url, websocket_ping_seconds=7)
    assert server_config("web.app:create_app", often).ws_ping_interval == 7
