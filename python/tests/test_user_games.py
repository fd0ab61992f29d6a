"""Games defined in Python: the same values as the built-in games where they coincide, a new
variant of Sharing Nim against its definition written here, and every failure a Python
exception."""

import random
import sys
import traceback

import grundy
import numpy as np
import pytest


def subtraction(s):
    return lambda n: [n - x for x in s if x <= n]


@pytest.mark.parametrize("s", [(1, 3, 4), (2, 5, 7), (1, 2, 8, 9), (3, 4, 9, 10)])
def test_a_user_subtraction_game_equals_the_built_in_one(s):
    spec = "subtraction:s=" + ",".join(map(str, s))
    expected = grundy.Game(spec).seq(3000)
    for game in (grundy.Game.from_options(subtraction(s)), grundy.Game.heap(subtraction(s))):
        got = game.seq(3000)
        assert got.tolist() == expected.tolist()
        assert got.dtype == expected.dtype
        assert game.value(2999) == expected[2999]
        assert [m.to for m in game.moves(20)] == sorted((20 - x for x in s), reverse=True)


def test_random_subtraction_sets_agree_with_the_built_in_engine():
    rng = random.Random(14)
    for _ in range(20):
        s = sorted(rng.sample(range(1, 30), rng.randint(1, 5)))
        spec = "subtraction:s=" + ",".join(map(str, s))
        assert grundy.Game.heap(subtraction(s)).seq(500).tolist() == grundy.Game(spec).seq(500).tolist()


# Capped Sharing Nim, a new variant: a move sends k tokens from pile i to pile j with
# p_j + k <= p_i - k (Sharing Nim's rule) and moreover k <= cap. Without a cap it is Sharing Nim.
def capped_sharing_nim(cap):
    def options(p):
        out = []
        for i, giver in enumerate(p):
            for j, taker in enumerate(p):
                if i == j:
                    continue
                k = 1
                while k <= cap and taker + k <= giver - k:
                    q = list(p)
                    q[i] -= k
                    q[j] += k
                    out.append(tuple(q))
                    k += 1
        return out

    return options


def definition(cap, position):
    """The SG value straight from the rule: mex over every option, with a dict for memory and an
    explicit order (positions by decreasing sum of squares, which every move lowers)."""
    rule = capped_sharing_nim(cap)
    seen, order, todo = {position}, [], [position]
    while todo:
        p = todo.pop()
        order.append(p)
        for q in rule(p):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    value = {}
    for p in sorted(order, key=lambda p: sum(x * x for x in p)):
        values = {value[q] for q in rule(p)}
        value[p] = next(v for v in range(len(values) + 1) if v not in values)
    return value[position]


@pytest.mark.parametrize("cap", [1, 2, 3])
def test_capped_sharing_nim_matches_its_definition(cap):
    game = grundy.Game.from_options(capped_sharing_nim(cap), name=f"capped-sharing-nim:{cap}")
    rng = random.Random(cap)
    positions = [(0, a, b) for a in range(6) for b in range(a, 12)]
    positions += [tuple(rng.randint(0, 6) for _ in range(4)) for _ in range(15)]
    for p in positions:
        assert game.value(p) == definition(cap, p), p


def test_uncapped_sharing_nim_is_the_built_in_sharing_nim():
    game = grundy.Game.from_options(capped_sharing_nim(10**9))
    built_in = grundy.Game("sharing-nim")
    assert game.seq(60, position=(0, 3, None)).tolist() == built_in.seq(60, position=(0, 3, None)).tolist()
    # the built-in table shows only row <= column (Ho's Table 1); the function's shows all
    mine, ho = game.table(12, (0, None, None)), built_in.table(12, (0, None, None))
    assert mine.shown is None and ho.shown is not None
    assert mine[ho.shown].tolist() == ho[ho.shown].tolist()
    # and the cells left out are the mirror images (swapping two piles keeps the value)
    assert np.asarray(mine).T[ho.shown].tolist() == ho[ho.shown].tolist()
    # and sums mix games defined in Python with built-in ones
    s = grundy.sum((game, (3, 8, 20)), ("nim", (5,)))
    assert s.value == built_in.value((3, 8, 20)) ^ 5
    for m in s.winning_moves:
        target = game if m.component == 0 else grundy.Game("nim")
        assert target.value(m.to) == m.value


def test_hints_and_analysis_work_on_user_games():
    game = grundy.Game.from_options(subtraction((1, 3, 4)))
    assert [(h.to, h.why) for h in game.hints(12)] == [(9, "it moves to a P-position (value 0)")]
    assert game.hints(7) == []
    a = game.analyze(200)
    assert (a.periodicity.period, a.periodicity.preperiod) == (7, 0)
    assert a.proven is False  # no theory proves the period of a function


def test_a_long_line_of_play_needs_no_recursion():
    assert sys.getrecursionlimit() < 10**6
    chain = grundy.Game.from_options(lambda n: [n - 1] if n else [])
    assert chain.value(10**6) == 0 and chain.value(10**6 - 1) == 1
    heap = grundy.Game.heap(lambda n: [n - 1, n // 2] if n > 1 else [0] * n)
    assert heap.value(10**6) in (0, 1, 2)


def test_cycles_are_answered_and_endless_games_are_errors_not_hangs():
    # A 3-cycle with no way out: every position draws, and has no finite value.
    cycle = grundy.Game.from_options(lambda n: [(n + 1) % 3])
    assert cycle.outcome(0) == "D"
    with pytest.raises(ValueError, match="no finite SG value"):
        cycle.value(0)
    with pytest.raises(grundy.TooLarge, match="every play of the game end"):
        grundy.Game.from_options(lambda n: [n + 1], max_positions=50_000).value(0)
    with pytest.raises(ValueError, match="must be smaller heaps"):
        grundy.Game.heap(lambda n: [n + 1]).value(3)


def test_exceptions_in_the_function_propagate_with_their_traceback():
    def rule(n):
        if n == 7:
            raise KeyError("no rule at 7")
        return [n - 1] if n else []

    for game in (grundy.Game.from_options(rule), grundy.Game.heap(rule)):
        with pytest.raises(KeyError, match="no rule at 7") as raised:
            game.seq(20)
        frames = [frame.name for frame in traceback.extract_tb(raised.value.__traceback__)]
        assert frames[-1] == "rule"
        # the values computed after the failure were discarded; the game still answers
        assert game.value(6) == 0 and game.value(5) == 1


def test_bad_options_are_type_errors():
    with pytest.raises(TypeError, match="iterable of positions"):
        grundy.Game.from_options(lambda n: 3).value(4)
    with pytest.raises(ValueError, match="from 0 to 2"):
        grundy.Game.from_options(lambda n: [-1]).value(4)
    tuples = grundy.Game.from_options(lambda p: [])
    tuples.value((1, 2))
    with pytest.raises(ValueError, match="tuples of ints"):
        tuples.value(3)


def test_a_function_asking_its_own_game_is_refused():
    holder = {}

    def rule(n):
        return [holder["game"].value(n - 1)] if n else []

    holder["game"] = grundy.Game.from_options(rule)
    with pytest.raises(ValueError, match="being solved already"):
        holder["game"].value(3)


def test_heap_values_widen_the_array_type():
    take_any = grundy.Game.heap(range)  # options 0..n-1: SG(n) = n
    assert take_any.seq(255).dtype.name == "uint8"
    wide = take_any.seq(300)
    assert wide.dtype.name == "uint16" and wide.tolist() == list(range(301))




def mex_table(options, n):
    """SG(0..n) of a one-heap game, bottom-up in plain Python (the reference)."""
    values = []
    for m in range(n + 1):
        seen = {values[o] for o in options(m)}
        values.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return values


def test_a_heap_game_of_a_million_positions_needs_no_recursion():
    assert sys.getrecursionlimit() < 10**6
    game = grundy.Game.heap(subtraction((1, 3, 4)))
    assert game.seq(10**6).tolist() == grundy.Game("subtraction:s=1,3,4").seq(10**6).tolist()
    assert game.value(10**6) == grundy.Game("subtraction:s=1,3,4").value(10**6)


class Index:
    """Not an int, but usable as one (like NumPy's integers)."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


@pytest.mark.parametrize(
    "shape",
    [
        list,
        tuple,
        lambda xs: (x for x in xs),  # a generator
        set,
        lambda xs: dict.fromkeys(xs).keys(),
        lambda xs: np.array(xs, dtype=np.int64),
        lambda xs: [np.uint16(x) for x in xs],
        lambda xs: tuple(Index(x) for x in xs),
        lambda xs: [bool(x) if x < 2 else x for x in xs],
        type("MyList", (list,), {}),  # subclasses go the generic way
        type("MyTuple", (tuple,), {}),
    ],
)
def test_heap_options_may_be_any_iterable_of_ints(shape):
    rule = lambda n: [m for m in (n - 1, n - 2, n // 2) if 0 <= m < n]  # noqa: E731
    game = grundy.Game.heap(lambda n: shape(rule(n)))
    assert game.seq(300).tolist() == mex_table(rule, 300)
    assert sorted(m.to for m in game.moves(10)) == [5, 8, 9]


@pytest.mark.parametrize("shape", [list, tuple, iter])
def test_bad_heap_options_are_errors(shape):
    def bad(item):
        return grundy.Game.heap(lambda n: shape([0, item]) if n else shape([]))

    with pytest.raises(TypeError, match="an int \\(one smaller heap\\) or a tuple of ints .*, not float"):
        bad(0.5).seq(5)
    with pytest.raises(TypeError, match="an int \\(one smaller heap\\) or a tuple of ints .*, not str"):
        bad("0").value(3)
    with pytest.raises(ValueError, match="from 0 to 2\\^64-1, not -1"):
        bad(-1).seq(5)
    with pytest.raises(ValueError, match="from 0 to 2\\^64-1, not 18446744073709551616"):
        bad(2**64).seq(5)
    with pytest.raises(ValueError, match="options of heap 3 must be smaller heaps, but one is 3"):
        grundy.Game.heap(lambda n: shape([n - 1, n]) if n > 2 else shape([])).seq(5)
    with pytest.raises(ValueError, match="one is 18446744073709551615"):
        bad(2**64 - 1).seq(5)
    with pytest.raises(TypeError, match="returned NoneType for 0; it must return an iterable"):
        grundy.Game.heap(lambda n: None).seq(5)


def test_an_index_that_empties_the_list_it_is_read_from():
    class Emptying:
        def __init__(self, out):
            self.out = out

        def __index__(self):
            self.out.clear()
            return 0

    def rule(n):
        out = [0] if n else []
        if n:
            out.append(Emptying(out))
            out.append(0)
        return out

    # the list is read again after each option: the option that emptied it is the last
    assert grundy.Game.heap(rule).seq(5).tolist() == [0, 1, 1, 1, 1, 1]


def test_positions_with_many_options_move_to_the_wide_table():
    # SG(n) = n: the 64th position has 64 options and the value 64
    assert grundy.Game.heap(range).seq(1000).tolist() == list(range(1001))

    # many options but small values, from a position far into the sequence (past the first
    # block handed out), then a value above 63 later
    def rule(n):
        out = [n - s for s in (1, 3, 4) if s <= n]
        if n >= 70_000:
            out += range(n - 100, n - 4)
        if n >= 90_000:
            out += range(n - 4000, n - 100)
        return out

    expected = mex_table(rule, 100_000)
    assert max(expected) > 63
    for game in (grundy.Game.heap(rule), grundy.Game.heap(rule)):
        assert game.seq(100_000).tolist() == expected
    game = grundy.Game.heap(rule)
    assert game.value(100_000) == expected[-1]
    assert game.seq(100_000, frm=99_000).tolist() == expected[99_000:]
    assert [m.to for m in game.moves(5)] == [4, 2, 1]


def test_exceptions_propagate_from_the_wide_table():
    def rule(n):
        if n == 500:
            raise KeyError("no rule at 500")
        return range(n)

    game = grundy.Game.heap(rule)
    with pytest.raises(KeyError, match="no rule at 500"):
        game.seq(1000)
    assert game.seq(499).tolist() == list(range(500))
