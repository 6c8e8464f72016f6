"""What laying out cards scores (BP8, BP9, BP10), as the lay-out prompt asks the engine (issue 35): the score
each choice leaves, the lowest and highest score laying out a whole hand can end with (checked against every
way of doing it), and the engine's one way of laying them all out (legal at every step)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bere_tui.engine.bullenparty import rules
from bere_tui.engine.cards import HEADS


def every_end_score(piles, bulls, cards) -> set[int]:
    """Every score laying out all `cards` can end with, by trying every order and every pile (BP8)."""
    out: set[int] = set()

    def go(piles, left) -> None:
        if not left:
            out.add(rules.score(piles, bulls))
            return
        for card in left:
            rest = [c for c in left if c != card]
            for target in rules.pile_targets(piles, card):
                grown = [list(p) for p in piles]
                if target is None:
                    grown.append([card])
                else:
                    grown[target].append(card)
                go(grown, rest)

    go([list(p) for p in piles], list(cards))
    return out


piles_st = st.lists(st.lists(st.integers(1, 100), min_size=1, max_size=4, unique=True).map(sorted),
                    max_size=3)


@settings(max_examples=150, deadline=None)
@given(piles=piles_st, bulls=st.lists(st.sampled_from(rules.BULL_CARDS), max_size=2),
       cards=st.lists(st.integers(1, 100), min_size=1, max_size=4, unique=True))
def test_the_lowest_and_highest_end_scores_are_those_of_every_way_of_laying_out(piles, bulls, cards):
    """BP8, BP10: lay_out_scores gives exactly the least and the most of every way."""
    assume(not {c for p in piles for c in p} & set(cards))  # (every card is one of a kind)
    scores = every_end_score(piles, bulls, cards)
    assert rules.lay_out_scores(piles, bulls, cards) == (min(scores), max(scores))


@settings(max_examples=150, deadline=None)
@given(piles=piles_st, cards=st.lists(st.integers(1, 100), min_size=1, max_size=5, unique=True))
def test_the_engines_way_of_laying_out_is_legal_at_every_step(piles, cards):
    """BP8: each card of the plan goes on a pile with a lower top card, or on a new pile, in turn."""
    assume(not {c for p in piles for c in p} & set(cards))
    piles = [list(p) for p in piles]
    for card, target in rules.lay_out_plan(piles, cards):
        assert target in rules.pile_targets(piles, card)
        if target is None:
            piles.append([card])
        else:
            piles[target].append(card)
    assert sorted(c for p in piles for c in p if c in cards) == sorted(cards)


def test_the_score_after_one_card_is_laid():
    """BP10: 55 (7 bullheads) on the pile that counts plus adds 7; on a new pile it counts minus."""
    piles, bulls = [[10, 20], [5]], [4]  # 3+3 and 2 bullheads: +6 -2 +4 = 8
    assert rules.score(piles, bulls) == 8
    assert rules.score_after_lay(piles, bulls, 55, 0) == 8 + HEADS[55]
    assert rules.score_after_lay(piles, bulls, 55, None) == HEADS[55] - 8 + 4  # the new pile counts plus now
    assert rules.score_after_lay(piles, bulls, 7, 1) == 8 - HEADS[7]
