"""Committed deals, as the tournaments room names them: the scheme itself lives in the
engine (``chromino.core.commitment``) so that a player can check a finished round with
the engine alone (``chromino verify-deal``), no server needed; the server commits to its
rounds' deals with the very same functions, so the two cannot drift apart.

Before a round the server draws a ``RoundSecret`` and publishes its ``commitment``; each
deal is dealt from ``deal_seed``; after the round it reveals the secret, which anyone
checks with ``verify`` and re-deals with ``redeal`` (by the game's name)."""

from __future__ import annotations

from chromino import RoundSecret, commitment, deal_seed, redeal, verify

__all__ = ["RoundSecret", "commitment", "deal_seed", "redeal", "verify"]
