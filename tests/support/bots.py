"""People, bot accounts and tokens made through the API of a live server (docs/bots.md)."""

from __future__ import annotations

from typing import Any

import httpx

PASSWORD = "correct horse battery"


def registered(base_url: str, name: str) -> httpx.Client:
    """A browser of a person with a name and a password (their session in its cookies);
    its changes carry the server's own Origin, as the site's pages send them."""
    client = httpx.Client(base_url=base_url, timeout=10, headers={"Origin": base_url})
    assert client.post("/api/me").status_code == 200
    assert client.put("/api/me/name", json={"name": name}).status_code == 200
    assert client.put("/api/me/password", json={"password": PASSWORD}).status_code == 200
    return client


def made_token(owner: httpx.Client, name: str, scopes: list[str]) -> dict[str, Any]:
    """A new token of the owner's (the answer, its secret in ``token``)."""
    made = owner.post("/api/me/tokens", json={"name": name, "scopes": scopes})
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def made_bot(owner: httpx.Client, name: str) -> str:
    """A new bot account of the owner's, and the secret of a ``bot:play`` token for it."""
    bot = owner.post("/api/bots", json={"name": name})
    assert bot.status_code == 201, bot.text
    token = owner.post(f"/api/bots/{name}/tokens", json={"name": "main"})
    assert token.status_code == 201, token.text
    secret: str = token.json()["token"]
    return secret


def bearer(base_url: str, secret: str) -> httpx.Client:
    """A program's client: the token in every request, no cookie, no Origin."""
    return httpx.Client(
        base_url=base_url, timeout=10, headers={"Authorization": f"Bearer {secret}"}
    )
