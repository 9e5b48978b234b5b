"""The rating model (web/ratings/model.py) and how it was chosen (bench/rating_models.py,
docs/ratings.md).

The joint-winner property: after one game from equal ratings, a better place never
ends below a worse one (by mu, nor by the conservative mu - 3 sigma), a strictly
better place ends strictly higher, and equal places end equal, whatever the seats.
openskill's PlackettLuce breaks it (a third place rated as high as two joint winners,
and surer), which is why it was not chosen. From unequal ratings, finishing better
with everything else the same never makes one's own rating worse.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce
from support import hypothesis_profiles

from bench import hard_anchor, rating_models
from bench.rating_games import HARD_BUDGET, HARD_DATA, read
from web.ratings.anchors import ANCHORS, bot_skill
from web.ratings.model import MODEL, PARAMETERS, Skill, new_skill, rate, win_chances
from web.ratings.pools import all_pools
from web.ratings.scale import PER_MU, shown

hypothesis_profiles.load()

HARD_GAMES = 800
"""The games of the server's Hard that its anchors were measured from."""
TIGHT = 1e-12
"""Equal places must end equal up to the last bits of a float sum's order."""


def competition_places(standings: Sequence[int]) -> list[int]:
    """Places as in sport from standings (higher is better): 1 + how many did better."""
    return [1 + sum(other > mine for other in standings) for mine in standings]


def conservative(skill: Skill) -> float:
    return skill.mu - 3 * skill.sigma


standings_of_a_game = st.integers(2, 8).flatmap(
    lambda seats: st.lists(st.integers(0, seats), min_size=seats, max_size=seats)
)
"""A game's standings, 2 to 8 seats: small numbers, so that ties are common."""


@settings(max_examples=300)
@given(standings_of_a_game)
def test_from_equal_ratings_the_finishing_order_is_kept(standings: list[int]) -> None:
    places = competition_places(standings)
    after = rate([new_skill()] * len(places), places)
    for (place_a, a), (place_b, b) in itertools.permutations(zip(places, after, strict=True), 2):
        if place_a < place_b:
            assert a.mu > b.mu, (places, after)
            assert conservative(a) >= conservative(b), (places, after)
        elif place_a == place_b:
            assert a.mu == pytest.approx(b.mu, rel=TIGHT, abs=TIGHT), (places, after)
            assert a.sigma == pytest.approx(b.sigma, rel=TIGHT, abs=TIGHT), (places, after)


def test_joint_winners_end_above_a_third_place_in_four() -> None:
    winner, _, third, fourth = rate([new_skill()] * 4, [1, 1, 3, 4])
    assert winner.mu > third.mu > fourth.mu
    assert conservative(winner) > conservative(third) > conservative(fourth)


priors = st.lists(st.tuples(st.floats(-75.0, 125.0), st.floats(0.5, 30.0)), min_size=2, max_size=8)
"""Ratings as the bots' and people's can be: from below Easy's to above Hard's, settled
or less sure than a newcomer (a Hard anchor's sigma)."""


@settings(max_examples=300)
@given(priors, st.data())
def test_finishing_better_never_makes_ones_own_rating_worse(
    prior: list[tuple[float, float]], data: st.DataObject
) -> None:
    seats = len(prior)
    skills = [Skill(mu, sigma) for mu, sigma in prior]
    standings = data.draw(st.lists(st.integers(0, seats), min_size=seats, max_size=seats))
    seat = data.draw(st.integers(0, seats - 1))
    better = list(standings)
    better[seat] += data.draw(st.integers(1, seats))
    as_played = rate(skills, competition_places(standings))[seat]
    had_done_better = rate(skills, competition_places(better))[seat]
    assert had_done_better.mu >= as_played.mu - TIGHT
    assert conservative(had_done_better) >= conservative(as_played) - TIGHT


def test_openskills_default_plackett_luce_rates_a_third_place_like_joint_winners() -> None:
    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(4)]
    winner, _, third, _ = (team[0] for team in model.rate(teams, ranks=[1, 1, 3, 4]))
    assert third.mu == pytest.approx(winner.mu)
    assert third.sigma < winner.sigma
    assert third.mu - 3 * third.sigma > winner.mu - 3 * winner.sigma


def _rate_once_published(places: Sequence[int]) -> list[tuple[float, float]]:
    return [(skill.mu, skill.sigma) for skill in rate([new_skill()] * len(places), places)]


def test_the_benchs_property_check_passes_the_published_model() -> None:
    verdict = rating_models.check_order(_rate_once_published)
    assert verdict.qualifies, verdict.example
    orders = list(rating_models.finishing_orders())
    assert len({len(order) for order in orders}) == 7  # 2 to 8 seats
    assert (1, 1, 3, 4) in orders


def test_the_benchs_property_check_fails_plackett_luce_on_joint_winners() -> None:
    candidate = rating_models.weng_lin("PlackettLuce", beta=25 / 6, tau=25 / 300, sigma=25 / 3)
    verdict = rating_models.check_order(rating_models.rate_once_of(candidate))
    assert not verdict.order_kept
    assert not rating_models.check_order(
        rating_models.rate_once_of(candidate), [(1, 1, 3, 4)]
    ).order_kept


def published_candidate() -> rating_models.Candidate:
    """The bench's candidate for the published model and parameters."""
    return rating_models.weng_lin(
        MODEL.__name__, beta=PARAMETERS["beta"], tau=PARAMETERS["tau"], sigma=PARAMETERS["sigma"]
    )


def test_the_benchs_candidate_for_the_published_model_rates_as_it_does() -> None:
    candidate = published_candidate()
    assert MODEL.__name__ in rating_models.WENG_LIN
    assert candidate in rating_models.grid(MODEL.__name__)
    assert PARAMETERS["mu"] == rating_models.MU
    for places in ([1, 2], [1, 1, 3, 4], [2, 1, 3, 3, 5, 1, 7, 8]):
        assert rating_models.rate_once_of(candidate)(places) == _rate_once_published(places)


def test_win_chances_add_up_to_one_and_favour_the_higher_rating() -> None:
    chances = win_chances([Skill(40.0, 2.0), Skill(25.0, 2.0), Skill(10.0, 2.0)])
    assert math.fsum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2]


def test_rate_names_what_is_wrong_with_its_input() -> None:
    with pytest.raises(ValueError, match="two seats or more"):
        rate([new_skill()], [1])
    with pytest.raises(ValueError, match="each with a place"):
        rate([new_skill()] * 3, [1, 2])


def test_rate_is_a_pure_function() -> None:
    skills = [Skill(30.0, 4.0), Skill(25.0, 25 / 3), Skill(21.5, 1.5)]
    assert rate(skills, [2, 1, 2]) == rate(list(skills), [2, 1, 2])
    assert skills == [Skill(30.0, 4.0), Skill(25.0, 25 / 3), Skill(21.5, 1.5)]


# --- the anchors -------------------------------------------------------------------


def test_every_pool_has_an_anchor_for_every_bot() -> None:
    assert set(ANCHORS) == set(all_pools())
    for pool in ANCHORS:
        assert set(ANCHORS[pool]) == {"random", "greedy", "strong"}


def test_the_anchors_are_the_benchs_measurement_with_the_published_model() -> None:
    candidate = published_candidate()
    anchors = rating_models.measure_anchors(candidate, read())
    hard = rating_models.measure_hard(candidate, anchors, read(HARD_DATA))
    measured = rating_models.published_anchors(anchors, hard)
    published = {
        pool: {bot: (skill.mu, skill.sigma) for bot, skill in bots.items()}
        for pool, bots in ANCHORS.items()
    }
    assert published == measured
    assert {anchor.strength for anchor in hard} == {f"hard-{HARD_BUDGET}"}
    assert {anchor.games for anchor in hard} == {HARD_GAMES // len(all_pools())}


@pytest.mark.parametrize("pool", sorted(all_pools()))
def test_easy_medium_and_hard_anchors_are_in_order_in_every_pool(pool: str) -> None:
    easy, medium, hard = (bot_skill(pool, bot) for bot in ("random", "greedy", "strong"))
    assert easy.mu < medium.mu < hard.mu
    assert all(skill.sigma > 0 for skill in (easy, medium, hard))
    assert shown(easy.mu) < shown(medium.mu) < shown(hard.mu)


@pytest.mark.parametrize("pool", sorted(all_pools()))
def test_the_anchors_show_as_readable_positive_numbers(pool: str) -> None:
    for bot in ("random", "greedy", "strong"):
        assert 800 <= shown(bot_skill(pool, bot).mu) <= 2500


def test_an_unknown_pool_or_bot_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        bot_skill("chess", "random")
    with pytest.raises(KeyError):
        bot_skill("chromino", "grandmaster")


# --- the comparison is reproducible -------------------------------------------------


def test_the_comparison_on_a_slice_of_the_games_is_the_same_twice() -> None:
    games = read()[:200]
    families = ("BradleyTerryFull", "PlackettLuce", "Elo", "uniform")
    first = rating_models.compare(games, families=families, bootstrap=100)
    second = rating_models.compare(games, families=families, bootstrap=100)
    assert first == second
    assert first.chosen.family == "BradleyTerryFull"  # PlackettLuce cannot be chosen
    assert rating_models.comparison_table(first) == rating_models.comparison_table(second)
    for row in first.rows:
        assert math.isfinite(row.held_out)
        assert row.interval[0] <= row.held_out <= row.interval[1]


def test_the_comparison_tries_every_starting_sigma_for_the_chosen_family() -> None:
    games = read()[:200]
    comparison = rating_models.compare(games, families=("BradleyTerryFull",), bootstrap=50)
    sigmas = [dict(row.candidate.params)["sigma"] for row in comparison.by_sigma]
    assert sigmas == sorted(rating_models.SIGMAS)
    assert comparison.chosen in [row.candidate for row in comparison.by_sigma]
    assert len(comparison.surface) == len(rating_models.grid("BradleyTerryFull"))


# --- Hard's anchor: the pairwise fit against fixed ratings ---------------------------

FIXED = {"easy": Skill(0.0, 6.0), "medium": Skill(50.0, 6.0)}


def test_a_games_pairs_with_the_fixed_strengths_are_counted_with_ties_as_half() -> None:
    game = {
        "players": ["hard-600#1", "easy#2", "medium#1", "medium#3"],
        "places": [1, 1, 3, 4],
    }
    tally = hard_anchor.tally(game, "hard-600", FIXED)
    counts = dict(zip(hard_anchor.keys(FIXED), tally, strict=True))
    assert counts == {
        ("easy", 1.0): 0,
        ("easy", 0.5): 1,
        ("easy", 0.0): 0,
        ("medium", 1.0): 2,
        ("medium", 0.5): 0,
        ("medium", 0.0): 0,
    }


def test_even_results_against_one_strength_fit_that_strengths_rating() -> None:
    keys = hard_anchor.keys(FIXED)
    even = tuple(
        {("medium", 1.0): 30, ("medium", 0.5): 10, ("medium", 0.0): 30}.get(k, 0) for k in keys
    )
    assert hard_anchor.fit(even, FIXED, beta=50.0, sigma=8.0) == pytest.approx(50.0, abs=1e-6)


def test_the_fit_finds_the_rating_whose_chances_match_the_results() -> None:
    # Three pairs in four won against Medium: the fit's mu gives exactly that chance.
    keys = hard_anchor.keys(FIXED)
    counts = tuple({("medium", 1.0): 75, ("medium", 0.0): 25}.get(k, 0) for k in keys)
    mu = hard_anchor.fit(counts, FIXED, beta=50.0, sigma=8.0)
    c = math.sqrt(2 * 50.0**2 + 8.0**2 + 6.0**2)
    assert 1 / (1 + math.exp(-(mu - 50.0) / c)) == pytest.approx(0.75, abs=1e-9)
    assert mu == pytest.approx(50.0 + c * math.log(3), abs=1e-6)


def test_a_strength_that_never_lost_has_no_finite_fit() -> None:
    keys = hard_anchor.keys(FIXED)
    counts = tuple({("easy", 1.0): 5, ("medium", 1.0): 3}.get(k, 0) for k in keys)
    with pytest.raises(ValueError, match="won every pair"):
        hard_anchor.fit(counts, FIXED, beta=50.0, sigma=8.0)


def test_hards_measurement_is_the_same_twice_and_its_interval_holds_it() -> None:
    games = read(HARD_DATA)
    fixed = {"chromino": FIXED}
    first = hard_anchor.measure(games, "hard-600", fixed, beta=50.0, bootstrap=200, seed="t")
    second = hard_anchor.measure(games, "hard-600", fixed, beta=50.0, bootstrap=200, seed="t")
    assert first == second
    (anchor,) = first
    assert anchor.interval[0] < anchor.mu < anchor.interval[1]
    assert anchor.sigma == pytest.approx(
        (anchor.interval[1] - anchor.interval[0]) / (2 * hard_anchor.Z95), abs=0.05
    )


# --- the number shown -----------------------------------------------------------------


def test_two_hundred_points_are_one_beta_two_wins_in_three_by_the_pairwise_step() -> None:
    assert 200 / PARAMETERS["beta"] == PER_MU
    assert shown(PARAMETERS["mu"]) == 1500
    settled = 1e-6
    better, worse = PARAMETERS["mu"] + 200 / PER_MU, PARAMETERS["mu"]
    assert (shown(better), shown(worse)) == (1700, 1500)
    # The step after a win is (1 - p) and after a loss -p, in the same units: the
    # chance p the model's update gives the better player follows from the two.
    players = [Skill(better, settled), Skill(worse, settled)]
    after_win = rate(players, [1, 2])[0].mu - better
    after_loss = rate(players, [2, 1])[0].mu - better
    pairwise = -after_loss / (after_win - after_loss)
    assert pairwise == pytest.approx(0.67, abs=0.005)
    forecast, _ = win_chances([Skill(better, settled), Skill(worse, settled)])
    assert forecast == pytest.approx(0.76, abs=0.005)
