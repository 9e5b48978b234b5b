"""The JSON form of every registered game's options (chromino.core.options)."""

from __future__ import annotations

import dataclasses

import pytest

from chromino import GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_options_are_plain_values_written_whole(name: str) -> None:
    """Every option is a number, a word, a flag or null — so ``to_dict``'s shallow copy
    is the whole JSON form, and a change to it cannot reach back into the options."""
    options_type = GAMES[name].options_type
    options = options_type()
    data = options.to_dict()
    assert list(data) == [f.name for f in dataclasses.fields(options_type)]
    for key, value in data.items():
        assert value is None or isinstance(value, int | str | bool), (name, key, value)
    assert options_type.from_dict(data) == options
    data[next(iter(data))] = "changed"
    assert options.to_dict() == options_type().to_dict()
