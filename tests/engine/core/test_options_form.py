"""The JSON form and the option types of every registered game's options
(chromino.core.options)."""

from __future__ import annotations

import dataclasses

import pytest

from chromino import GAMES
from chromino.core.errors import InvalidSetupError
from chromino.core.options import Choice, Flag, OffOr, TurnTime, Whole, option_types, refusal


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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_option_is_declared_with_a_type_its_default_meets(name: str) -> None:
    """A host builds its forms from the option types: an option without one would be
    missing there, and a default its type refuses would make no game at all."""
    options_type = GAMES[name].options_type
    declared = option_types(options_type)
    assert list(declared) == [f.name for f in dataclasses.fields(options_type)]
    for option, (kind, default) in declared.items():
        assert refusal(kind, default) is None, (name, option)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_value_the_type_refuses_is_named_with_its_option(name: str) -> None:
    options_type = GAMES[name].options_type
    with pytest.raises(InvalidSetupError) as refused:
        options_type.from_dict({"turn_seconds": 5})
    assert refused.value.field == "options.turn_seconds"
    assert refused.value.message == "5 is not 0, or 15 to 600"
    with pytest.raises(InvalidSetupError) as refused:
        options_type.from_dict({"open_hands": 1})
    assert refused.value.field == "options.open_hands"


def test_each_option_type_allows_what_it_says() -> None:
    assert Choice(("a", "b")).allows("b") and not Choice(("a", "b")).allows("c")
    assert Flag().allows(False) and not Flag().allows(0)
    assert Whole(range(1, 4)).allows(3) and not Whole(range(1, 4)).allows(True)
    assert Whole(range(1, 4), optional=True).allows(None) and not Whole(range(1, 4)).allows(None)
    assert OffOr(range(50, 101)).allows(0) and not OffOr(range(50, 101)).allows(20)
    assert TurnTime().allows(0) and TurnTime().allows(600) and not TurnTime().allows(14)
    assert refusal(Whole(range(1, 4)), 9) == "9 is not a whole number from 1 to 3"
