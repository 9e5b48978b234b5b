"""Seeded bot-against-bot games that the rating model is chosen on (docs/ratings.md).

``python -m bench.rating_games --games 5000 --jobs 2`` plays them and writes one
JSON line per game to ``bench/data/rating-games.jsonl``; ``bench.rating_models``
reads that file. Game ``n`` is a pure function of ``(seed, n)``: its pool, its
number of seats, who sits where and the whole game follow from the string
``f"{seed}:{n}"``, so any line can be played again alone (``--only n``) and the
file is the same however many processes made it.

The players are bots of five known, different strengths: Easy (``random``),
Medium (``greedy``) and the Hard search at 4, 16 and 64 iterations a move.
Each strength takes part as several *entities* (``medium#1``, ``medium#2``...),
so that a game can seat the same strength twice and every rated player is
one entity, as a person is one account.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from chromino import GAMES
from chromino.core.bots import Bot
from chromino.core.search import Budget
from chromino.core.selfplay import play_bot_game

DATA: Final = Path(__file__).parent / "data" / "rating-games.jsonl"
HARD_DATA: Final = Path(__file__).parent / "data" / "hard-anchor-games.jsonl"
HARD_BUDGET: Final = 600
"""Iterations of the server's Hard for its anchor: what one second buys on this machine
in a two-player game with a choice to make (docs/strong-bot.md)."""

POOLS: Final[dict[str, tuple[str, dict[str, str]]]] = {
    "chromino": ("chromino", {}),
    "chromino-expert": ("chromino", {"scoring": "expert"}),
    "chromino-junior": ("chromino", {"ruleset": "junior"}),
    "triominos": ("triominos", {}),
}
"""The rating pools, each with the game and the options its games are played with."""

STRENGTHS: Final[dict[str, float]] = {
    "easy": 0.28,
    "medium": 0.32,
    "hard-4": 0.18,
    "hard-16": 0.14,
    "hard-64": 0.08,
}
"""Each strength and how often it is seated (the searches are seated less: they cost)."""

COPIES: Final = 4
"""Entities per strength: eight seats can be filled by any mix of strengths."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What game ``number`` of a run is: everything follows from its seed string."""

    number: int
    seed: str
    pool: str
    entities: tuple[str, ...]


def plan(seed: str, number: int) -> Plan:
    """The pool, seat count and line-up of one game, drawn from its own generator."""
    rng = random.Random(f"{seed}:{number}/plan")
    pool = sorted(POOLS)[number % len(POOLS)]
    game = GAMES[POOLS[pool][0]]
    seats = rng.randint(2, game.max_players)
    everyone = [f"{name}#{copy}" for name in STRENGTHS for copy in range(1, COPIES + 1)]
    # Weighted sampling without replacement: each entity's key is u ** (1 / weight).
    keyed = sorted(
        everyone,
        key=lambda entity: rng.random() ** (1 / STRENGTHS[strength_of(entity)]),
        reverse=True,
    )
    return Plan(number, f"{seed}:{number}", pool, tuple(keyed[:seats]))


def plan_hard(seed: str, number: int, budget: int = HARD_BUDGET) -> Plan:
    """A game of the server's Hard (the search at ``budget`` iterations) against one to
    three of the Easy and Medium entities, whose ratings are anchored: Hard's anchor is
    measured from these games against theirs (``bench.rating_models``). Two to four
    seats: the search is costly, and small tables are where skill shows most."""
    rng = random.Random(f"{seed}:{number}/hard")
    pool = sorted(POOLS)[number % len(POOLS)]
    others = [f"{name}#{copy}" for name in ("easy", "medium") for copy in range(1, COPIES + 1)]
    line_up = [f"hard-{budget}#1", *rng.sample(others, rng.randint(1, 3))]
    rng.shuffle(line_up)
    return Plan(number, f"{seed}:{number}", pool, tuple(line_up))


def strength_of(entity: str) -> str:
    """``hard-16#3`` is of strength ``hard-16``."""
    return entity.partition("#")[0]


def _bot(game_name: str, strength: str) -> Bot:
    game = GAMES[game_name]
    if strength.startswith("hard-"):
        assert game.strong_bot is not None
        strong: Bot = game.strong_bot(Budget.of_iterations(int(strength.removeprefix("hard-"))))
        return strong
    return game.bots[{"easy": "random", "medium": "greedy"}[strength]]


def play(game_plan: Plan) -> dict[str, Any]:
    """Play one planned game; its line of the data file."""
    game_name, options = POOLS[game_plan.pool]
    game = GAMES[game_name]
    bots = [_bot(game_name, strength_of(entity)) for entity in game_plan.entities]
    played = play_bot_game(game, bots, game_plan.seed, game.options_type.from_dict(options))
    outcome = played.outcome()
    return {
        "n": game_plan.number,
        "seed": game_plan.seed,
        "pool": game_plan.pool,
        "players": list(game_plan.entities),
        "places": list(played.places()),
        "scores": list(outcome.scores),
        "ended_by": str(outcome.ended_by),
        "turns": sum(played.turns_taken),
    }


def play_all(
    seed: str, numbers: Sequence[int], jobs: int, *, hard: bool = False
) -> Iterator[dict[str, Any]]:
    """Every planned game, in game order, as it ends (``jobs`` processes); with ``hard``,
    the games of the server's Hard (:func:`plan_hard`)."""
    plans = [(plan_hard if hard else plan)(seed, number) for number in numbers]
    if jobs <= 1:
        yield from map(play, plans)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(play, plans, chunksize=4)


def read(path: Path = DATA) -> list[dict[str, Any]]:
    """The games of a data file, in game order."""
    with path.open(encoding="utf-8") as lines:
        games = [json.loads(line) for line in lines if line.strip()]
    return sorted(games, key=lambda game: int(game["n"]))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rating_games", description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", default="ratings-1")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--only", type=int, help="play game N alone and print its line")
    parser.add_argument(
        "--hard",
        action="store_true",
        help=f"the games of the server's Hard ({HARD_BUDGET} iterations) against Easy and "
        f"Medium, into {HARD_DATA.name} unless --out says otherwise",
    )
    args = parser.parse_args(argv)
    if args.hard and args.out == DATA:
        args.out = HARD_DATA
    if args.only is not None:
        print(json.dumps(play((plan_hard if args.hard else plan)(args.seed, args.only))))
        return
    args.out.parent.mkdir(parents=True, exist_ok=True)
    partial = args.out.with_suffix(".partial")
    started = time.perf_counter()
    with partial.open("w", encoding="utf-8") as out:
        played = play_all(args.seed, range(args.games), args.jobs, hard=args.hard)
        for done, line in enumerate(played, 1):
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
            out.flush()
            if done % 100 == 0:
                elapsed = time.perf_counter() - started
                print(f"{done} games, {elapsed:.0f} s", flush=True)
    games = read(partial)
    with args.out.open("w", encoding="utf-8") as out:
        out.writelines(json.dumps(game, separators=(",", ":")) + "\n" for game in games)
    partial.unlink()
    print(f"{len(games)} games in {time.perf_counter() - started:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
