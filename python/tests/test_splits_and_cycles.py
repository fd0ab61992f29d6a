"""Heap games whose moves split a heap (``Game.heap`` with tuple options) and games whose
positions repeat (``Game.from_options`` with cycles), each against a definition written here."""

import random

import grundy
import pytest


def mex(values):
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def values_by_definition(options, to):
    """SG values of one heap from the rules: an option is an int or a tuple of heaps whose
    value is the XOR of theirs."""
    g = []
    for n in range(to + 1):
        seen = []
        for o in options(n):
            if isinstance(o, tuple):
                x = 0
                for h in o:
                    x ^= g[h]
                seen.append(x)
            else:
                seen.append(g[o])
        g.append(mex(seen))
    return g


def kayles(n):
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def test_kayles_written_as_splits_is_octal_0_77():
    assert grundy.Game.heap(kayles).seq(300).tolist() == grundy.Game("octal:0.77").seq(300).tolist()


def test_the_issue_example_to_a_million():
    # Subtract 1, 2 or 5, or split an even heap into two equal halves (value 0: x XOR x).
    def rules(n):
        return [n - k for k in (1, 2, 5) if k <= n] + ([(n // 2, n // 2)] if n % 2 == 0 and n else [])

    game = grundy.Game.heap(rules)
    values = game.seq(10**6)
    assert len(values) == 10**6 + 1
    assert values[:3000].tolist() == values_by_definition(rules, 2999)
    assert game.value(10**6) == values[10**6]
    # The split is a move to a position of two heaps; its value is their nim-sum.
    split = [m for m in game.moves(10) if m.to == (5, 5)]
    assert split and split[0].value == 0 and split[0].winning


@pytest.mark.parametrize("seed", range(6))
def test_random_split_rules_match_the_definition(seed):
    rng = random.Random(seed)
    takes = rng.sample(range(1, 7), rng.randint(1, 3))
    parts = rng.choice([2, 3])

    def rules(n):
        out = [n - t for t in takes if t <= n]
        for t in takes:
            rest = n - t
            if rest >= parts:
                first = rest // parts
                out.append(tuple([first] * (parts - 1) + [rest - first * (parts - 1)]))
        return out

    assert grundy.Game.heap(rules).seq(400).tolist() == values_by_definition(rules, 400)


def test_positions_of_several_heaps_and_bad_options():
    game = grundy.Game.heap(kayles)
    assert game.value((3, 4)) == game.value(3) ^ game.value(4)
    with pytest.raises(TypeError, match="tuple of ints"):
        grundy.Game.heap(lambda n: [[n - 1]] if n else []).value(3)
    with pytest.raises(ValueError, match="smaller heaps"):
        grundy.Game.heap(lambda n: [(n, 0)] if n else []).value(3)


def retrograde(out):
    """Outcomes by plain retrograde analysis, no SG theory: no move is P, a P option makes N,
    all options N makes P, the rest draws."""
    outcome = {}
    changed = True
    while changed:
        changed = False
        for u, vs in out.items():
            if u in outcome:
                continue
            if any(outcome.get(v) == "P" for v in vs):
                outcome[u], changed = "N", True
            elif all(outcome.get(v) == "N" for v in vs):
                outcome[u], changed = "P", True
    return {u: outcome.get(u, "D") for u in out}


@pytest.mark.parametrize("seed", range(10))
def test_from_options_with_cycles_answers_like_retrograde_analysis(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 12)
    out = {u: rng.sample(range(n), rng.randint(0, 3)) for u in range(n)}
    game = grundy.Game.from_options(lambda v: out[v])
    expected = retrograde(out)
    for u in range(n):
        e = game.evaluate(u)
        assert e.outcome == expected[u], (out, u)
        if e.value is None:
            assert e.infinite is not None
            with pytest.raises(ValueError, match="no finite SG value"):
                game.value(u)
        # A winning move goes to a P-position.
        for m in game.moves(u):
            assert m.winning == (m.outcome == "P")


def test_a_two_cycle_is_a_draw():
    game = grundy.Game.from_options(lambda v: [1 - v])
    assert game.outcome(0) == "D"
    assert game.evaluate(1).infinite == ()
