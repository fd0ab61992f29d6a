"""grundy.quotient: misère quotients with NumPy tables, checked against the definition."""

import functools
import itertools

import numpy as np
import pytest

import grundy


def octal_options(code, n):
    """The options of heap n in the octal game `code` ("0.75"), written from the rules: take t
    tokens where digit d_t allows leaving 0 heaps (bit 1), one heap (bit 2) or two (bit 4)."""
    digits = [int(d) for d in code.split(".")[1]]
    options = set()
    for t, d in enumerate(digits, start=1):
        if d & 1 and n == t:
            options.add(())
        if d & 2 and n > t:
            options.add((n - t,))
        if d & 4:
            for a in range(1, (n - t) // 2 + 1):
                if n - t - a >= 1:
                    options.add(tuple(sorted((a, n - t - a))))
    return options


def misere_p(code):
    @functools.lru_cache(maxsize=None)
    def is_p(heaps):
        moved = False
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            for option in octal_options(code, h):
                moved = True
                rest = heaps[:i] + heaps[i + 1 :] + option
                if is_p(tuple(sorted(rest))):
                    return False
        return moved

    return lambda heaps: is_p(tuple(sorted(h for h in heaps if h)))


@pytest.mark.parametrize("code", ["0.75", "0.07", "0.77", "0.123", "0.31"])
def test_outcomes_from_the_quotient_are_the_definitions(code):
    q = grundy.quotient(f"octal:{code}", 9)
    reference = misere_p(code)
    for size in range(0, 5):
        for heaps in itertools.combinations_with_replacement(range(1, 10), size):
            assert q.outcome(heaps) == ("P" if reference(heaps) else "N"), (code, heaps)


def test_tables_are_numpy_arrays_of_a_commutative_monoid():
    q = grundy.quotient("octal:0.123", 20)
    # Plambeck, Taming the wild (2005), as transcribed: |Q| = 20, |P| = 5.
    assert (q.order, len(q.p_portion)) == (20, 5)
    t = q.table
    assert isinstance(t, np.ndarray) and t.shape == (20, 20) and t.dtype == np.uint32
    assert (t == t.T).all()
    assert (t[0] == np.arange(20)).all()
    for x in range(20):
        assert (t[t[x], :] == t[x][t]).all()  # (x y) z == x (y z), row by row
    assert q.is_p.dtype == np.bool_ and q.is_p.sum() == 5
    assert q.heap_elements.shape == (21,)


def test_heaps_past_the_bound_need_a_proof():
    q = grundy.quotient("octal:0.75", 30)
    assert q.proven and q.period == 2
    assert q.heap_element(10**12) == q.heap_element(q.preperiod + (10**12 - q.preperiod) % 2)
    observed = grundy.quotient("octal:0.75", 12)
    assert not observed.proven
    with pytest.raises(ValueError, match="not proven"):
        observed.heap_element(13)


def test_a_heap_game_defined_in_python_has_a_quotient():
    # Subtraction {1, 2} played on heaps: single heaps only, a tame game (Winning Ways ch. 13:
    # subtraction games reduce to nim heaps in misère play).
    game = grundy.Game.heap(lambda n: [n - k for k in (1, 2) if k <= n])
    q = grundy.quotient(game, 20)
    reference = misere_p("0.33")  # the same rules as an octal code
    for heaps in itertools.combinations_with_replacement(range(1, 12), 3):
        assert q.outcome(heaps) == ("P" if reference(heaps) else "N")


def test_refusals_are_errors():
    with pytest.raises(ValueError, match="not played on heaps"):
        grundy.quotient("sharing-nim", 4)
    with pytest.raises(grundy.TooLarge):
        grundy.quotient("kayles", 10**9)
