"""``GET /metrics`` (off by default) and the logs: JSON lines with request and game ids."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from support.live import LiveServer, Player, make_settings
from support.procs import GameClient, ServerProcess, server_env

from web.logs import GAME_ID, REQUEST_ID, JsonFormatter, TextFormatter, log_config


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of an exposition, by name and labels."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str
) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_are_off_by_default(client: TestClient) -> None:
    assert client.get("/metrics").status_code == 404
    assert "/metrics" not in client.get("/api/openapi.json").text


@pytest.fixture
def metered(database_url: str) -> Iterator[LiveServer]:
    server = LiveServer(make_settings(database_url, metrics=True)).start()
    yield server
    server.stop()


def test_the_counters_move_with_a_game(metered: LiveServer) -> None:
    def scrape() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        return samples(httpx.get(f"{metered.url}/metrics").text)

    page = httpx.get(f"{metered.url}/metrics")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/plain; version=")
    before = scrape()

    person = Player(metered.url)
    try:
        game_id = person.http.post("/api/solo").json()["game_id"]
        client = GameClient(person, game_id)
        client.connect()
        rng = random.Random(2)
        actions = []
        for turn in range(3):
            version = client.version
            command = client.decide(rng)
            actions.append("play" if command["type"] == "play" else command["type"])
            client.send(command, f"t{turn}", version)
            client.wait_version(client.wait_ack(f"t{turn}"))
        client.send({"type": "draw"}, "stale", 0)  # an old version: refused
        assert client.wait_reply("stale")["code"] == "stale_version"
        assert person.http.post("/api/tables/nope/join").status_code == 404

        during = scrape()
        assert value(during, "chromino_live_games") >= 1
        assert value(during, "chromino_open_websockets") >= 1
        client.close()
    finally:
        person.close()

    moved = sum(
        value(during, "chromino_moves_applied_total", action=action)
        - value(before, "chromino_moves_applied_total", action=action)
        for action in set(actions)
    )
    assert moved == 3
    commits = value(during, "chromino_commit_seconds_count") - value(
        before, "chromino_commit_seconds_count"
    )
    assert 1 <= commits <= 3  # moves that queue together share one commit
    assert value(during, "chromino_commit_seconds_sum") > value(
        before, "chromino_commit_seconds_sum"
    )
    for code in ("stale_version", "no_such_table"):
        refused = value(during, "chromino_refusals_total", code=code)
        assert refused - value(before, "chromino_refusals_total", code=code) == 1, code


# --- logs -----------------------------------------------------------------------------


def record(name: str, message: str, *args: object) -> logging.LogRecord:
    return logging.LogRecord(name, logging.INFO, __file__, 1, message, args, None)


def test_the_formatters_name_the_request_and_the_game() -> None:
    plain = json.loads(JsonFormatter().format(record("web.hub", "hello %s", "there")))
    assert plain["message"] == "hello there"
    assert (plain["level"], plain["logger"]) == ("info", "web.hub")
    assert "request_id" not in plain and "game_id" not in plain
    request_token, game_token = REQUEST_ID.set("req-1"), GAME_ID.set("game-9")
    try:
        tagged = json.loads(JsonFormatter().format(record("web.hub", "moved")))
        text = TextFormatter().format(record("web.hub", "moved"))
        access = json.loads(
            JsonFormatter().format(
                record(
                    "uvicorn.access", '%s - "%s %s HTTP/%s" %d', "1.2.3.4:5", "GET", "/", "1.1", 200
                )
            )
        )
    finally:
        GAME_ID.reset(game_token)
        REQUEST_ID.reset(request_token)
    assert (tagged["request_id"], tagged["game_id"]) == ("req-1", "game-9")
    assert text.endswith("web.hub: moved [request=req-1 game=game-9]")
    assert (access["method"], access["path"], access["status"]) == ("GET", "/", 200)
    config = log_config("json", "info")
    assert set(config["loggers"]) == {"uvicorn", "uvicorn.error", "uvicorn.access"}
    assert config["formatters"]["chromino"]["()"] == "web.logs.JsonFormatter"


def test_responses_carry_a_request_id(client: TestClient) -> None:
    made = client.get("/healthz").headers["x-request-id"]
    assert len(made) == 32
    assert (
        client.get("/healthz", headers={"X-Request-ID": "proxy-42"}).headers["x-request-id"]
        == "proxy-42"
    )
    odd = client.get("/healthz", headers={"X-Request-ID": "<script>"}).headers["x-request-id"]
    assert odd != "<script>" and len(odd) == 32


def test_a_server_logs_json_lines_with_ids(tmp_path: Path, database_url: str) -> None:
    log_path = tmp_path / "server.log"
    with ServerProcess(server_env(database_url, log_format="json"), log_path) as server:
        server.start()
        person = Player(server.url)
        try:
            game_id = person.http.post("/api/solo").json()["game_id"]
            GameClient(person, game_id).connect()
            asked = person.http.get("/rules", headers={"X-Request-ID": "find-me"})
            assert asked.status_code == 200
        finally:
            person.close()
        server.stop()
    lines = [line for line in log_path.read_text().splitlines() if not line.startswith("--- ")]
    entries = [json.loads(line) for line in lines]  # every line is JSON, uvicorn's too
    loggers = {entry["logger"] for entry in entries}
    assert {"uvicorn.error", "uvicorn.access", "alembic.runtime.migration"} <= loggers
    access = [entry for entry in entries if entry.get("request_id") == "find-me"]
    assert [(entry["method"], entry["path"], entry["status"]) for entry in access] == [
        ("GET", "/rules", 200)
    ]
    assert any(entry.get("game_id") == game_id for entry in entries)
