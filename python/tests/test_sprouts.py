"""Sprouts from Python: normal play through the board search, misère play past the search by the
definition through the outcome search over whole positions (outcomes from OEIS A164950 and
Applegate, Jacobson and Sleator 1991, typed here from the sources)."""

import pytest

import grundy


def test_normal_starts_have_the_published_outcomes():
    # AJS 1991: the first player loses from 1, 2, 6 and 7 spots and wins from 3, 4, 5.
    game = grundy.Game("sprouts")
    for spots, first_player_wins in [(1, False), (2, False), (3, True), (5, True), (7, False)]:
        assert (game.value(str(spots)) != 0) == first_player_wins, spots


def test_the_outcome_alone_is_the_published_one():
    # AJS 1991: the first player wins from 9, 10 and 11 spots and loses from 6, 7 and 8.
    # outcome() asks the search only whether the value is 0, far less than the value of an
    # N-position; evaluate() still gives the value.
    game = grundy.Game("sprouts")
    for spots, outcome in [(6, "P"), (7, "P"), (8, "P"), (9, "N"), (10, "N")]:
        assert game.outcome(str(spots)) == outcome, spots
    assert game.evaluate("9").value != 0
    # A board searched (odd by even: the first player wins by symmetry).
    assert grundy.Game("cram:3x8").outcome("......../......../........") == "N"


def test_misere_outcomes_past_the_definition():
    # A164950: the first player wins misère Sprouts from 5 and 6 spots and loses from 7. Past
    # 12 lives (4 spots) only the outcome is searched: no misère value, and value() refuses.
    game = grundy.Game("misere-sprouts")
    assert game.outcome("5") == "N"
    assert game.outcome("7") == "P"
    evaluation = game.evaluate("6")
    assert evaluation.value is None
    assert evaluation.outcome == "N"
    with pytest.raises(grundy.TooLarge):
        game.value("5")
    # Up to 4 spots the misère value G- comes with the outcome.
    assert game.evaluate("4").value == 0
