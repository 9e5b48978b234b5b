"""Every refusal a player can meet is worded for them: the reasons every game shares once,
in the server's texts, and each game's own rules' reasons by its kind — no more, no fewer,
and none worded twice."""

from __future__ import annotations

import pytest

from chromino.core.errors import Reason
from web.games import GAMES
from web.i18n import RULE_REFUSALS, rule_refusal


def test_every_reason_the_core_gives_is_worded() -> None:
    assert {reason.value for reason in Reason} <= set(RULE_REFUSALS)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_words_exactly_its_own_rules_refusals(name: str) -> None:
    kind = GAMES[name]
    own = kind.descriptor.reasons  # type: ignore[attr-defined]
    assert set(kind.refusal_words) == ({reason.value for reason in own} if own else set())
    assert not set(kind.refusal_words) & set(RULE_REFUSALS)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_games_own_refusal_reads_in_the_readers_language(name: str) -> None:
    kind = GAMES[name]
    for code in kind.refusal_words:
        english = f"The engine's own words for {code}"
        assert rule_refusal(code, english, "fr", kind.refusal_words) != english
        assert rule_refusal(code, english, "en", kind.refusal_words) == english
        # Without the game's words, the reader gets the engine's message as it is.
        assert rule_refusal(code, english, "fr") == english
