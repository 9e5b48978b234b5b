"""Several server processes started together, and a game that spans two of them."""

from __future__ import annotations

from support.live import Player
from support.procs import ServerProcess


def launch_all(servers: list[ServerProcess]) -> list[ServerProcess]:
    """Start several servers at once (their start-ups overlap), then wait for each."""
    try:
        for server in servers:
            server.launch()
        for server in servers:
            server.wait_healthy()
    except BaseException:
        for server in servers:
            server.kill()
        raise
    return servers


def two_player_game(
    people: list[Player], home: ServerProcess, away: ServerProcess
) -> tuple[str, Player, Player]:
    """Ana (on ``home``) creates a table, Bob joins through ``away``, Ana deals."""
    ana, bob = Player(home.url), Player(away.url)
    people.extend([ana, bob])
    created = ana.http.post("/api/tables", json={"seats": [{"kind": "human"}] * 2})
    assert created.status_code == 201, created.text
    code = created.json()["invite_code"]
    assert bob.http.post(f"/api/tables/{code}/join").status_code == 200
    started = ana.http.post(f"/api/tables/{code}/start")
    assert started.status_code == 200, started.text
    return started.json()["game_id"], ana, bob
