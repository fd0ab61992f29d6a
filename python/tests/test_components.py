"""Games defined in Python whose positions split into independent components
(``Game.from_options(..., components=, canonical=, bound=)``), valued by the library's search for
one large position: against the same games on the memoised engine (no components) and against
definitions written here, against the built-in families (Node-Kayles, the octal game 0.137 that
it is on a path, Cram), and every failure of a function a Python exception."""

import random
import traceback

import grundy
import pytest

from conftest import run_python


# Node-Kayles (take a vertex and its neighbours) on a graph given as {vertex: set of neighbours};
# a position is the frozenset of the vertices left.


def take_a_vertex(adjacent):
    def options(left):
        return [left - adjacent[v] - {v} for v in left]

    return options


def connected_pieces(adjacent):
    def pieces(left):
        left, out = set(left), []
        while left:
            todo = [left.pop()]
            piece = set(todo)
            while todo:
                for u in adjacent[todo.pop()] & left:
                    left.remove(u)
                    piece.add(u)
                    todo.append(u)
            out.append(frozenset(piece))
        return out

    return pieces


def mex(values):
    values = set(values)
    return next(v for v in range(len(values) + 1) if v not in values)


def node_kayles_by_definition(adjacent, left, memo):
    """The value straight from the rule: the mex of the values of every option, whole positions
    (no components)."""
    if left not in memo:
        memo[left] = mex(
            node_kayles_by_definition(adjacent, o, memo) for o in take_a_vertex(adjacent)(left)
        )
    return memo[left]


def node_kayles_on_masks(adjacent, n):
    """The same game on the memoised engine: a position is the bit mask of the vertices left."""
    near = [sum(1 << u for u in adjacent[v]) | 1 << v for v in range(n)]
    return grundy.Game.from_options(lambda m: [m & ~near[v] for v in range(n) if m >> v & 1])


def random_graph(rng, n, p):
    adjacent = {v: set() for v in range(n)}
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < p:
                adjacent[u].add(v)
                adjacent[v].add(u)
    return adjacent


def path(n):
    return {v: {u for u in (v - 1, v + 1) if 0 <= u < n} for v in range(n)}


def cycle(n):
    return {v: {(v - 1) % n, (v + 1) % n} for v in range(n)}


def subsets(n):
    return [frozenset(v for v in range(n) if m >> v & 1) for m in range(1 << n)]


def mask(vertices):
    return sum(1 << v for v in vertices)


def test_node_kayles_by_components_equals_the_memoised_engine_and_the_definition():
    rng = random.Random(28)
    for trial in range(12):
        n = rng.randint(4, 8)
        adjacent = random_graph(rng, n, rng.choice([0.2, 0.35, 0.5]))
        options, pieces = take_a_vertex(adjacent), connected_pieces(adjacent)
        split_games = [
            grundy.Game.from_options(options, components=pieces, bound=len),
            grundy.Game.from_options(options, components=pieces),  # no bound: no pruning
            grundy.Game.from_options(options, bound=len),  # each position one part
        ]
        whole = node_kayles_on_masks(adjacent, n)
        memo = {}
        for left in subsets(n):
            expected = node_kayles_by_definition(adjacent, left, memo)
            assert whole.value(mask(left)) == expected
            for game in split_games:
                assert game.value(left) == expected, (trial, sorted(left))


def test_moves_outcomes_and_evaluations_go_through_the_search():
    rng = random.Random(5)
    adjacent = random_graph(rng, 9, 0.3)
    options, pieces = take_a_vertex(adjacent), connected_pieces(adjacent)
    game = grundy.Game.from_options(options, components=pieces, bound=len, name="my-kayles")
    whole = node_kayles_on_masks(adjacent, 9)
    start = frozenset(range(9))
    assert game.spec == "my-kayles"
    assert "hashable" in game.positions
    moves = game.moves(start)
    assert moves.complete
    # every option, as the options function gives it (not its canonical form), valued
    assert sorted(map(sorted, (m.to for m in moves))) == sorted(map(sorted, options(start)))
    for m in moves:
        assert isinstance(m.to, frozenset)
        assert m.value == whole.value(mask(m.to))
        assert m.winning == (m.value == 0)
        assert m.description == f"to {m.to!r}"
    assert [h.to for h in game.hints(start)] == [m.to for m in moves.winning]
    evaluation = game.evaluate(start)
    assert evaluation.value == whole.value(mask(start))
    assert evaluation.outcome == game.outcome(start) == ("P" if evaluation.value == 0 else "N")
    assert evaluation.method.startswith("search over components")
    # sums with built-in games
    s = grundy.sum((game, start), ("nim", (5,)))
    assert s.value == evaluation.value ^ 5
    for m in s.winning_moves:
        if m.component == 0:
            assert isinstance(m.to, frozenset) and game.value(m.to) == m.value


def test_node_kayles_on_paths_is_the_octal_game_0_137_and_the_built_in_family():
    n = 60
    adjacent = path(n)

    def interval_at_zero(piece):  # the pieces of a path are intervals: move them to 0
        return frozenset(range(len(piece)))

    game = grundy.Game.from_options(
        take_a_vertex(adjacent),
        components=connected_pieces(adjacent),
        canonical=interval_at_zero,
        bound=len,
    )
    octal = grundy.Game("octal:0.137").seq(n).tolist()
    assert [game.value(frozenset(range(k))) for k in range(n + 1)] == octal
    for k in (5, 12, 20):
        built_in = grundy.Game(f"node-kayles:graph=path:{k}")
        everything = ",".join(map(str, range(k)))
        assert built_in.value(everything) == octal[k]
    # a cycle of k is a path of k - 3 after the first move; the built-in family agrees
    for k in range(3, 16):
        on_cycle = grundy.Game.from_options(
            take_a_vertex(cycle(k)), components=connected_pieces(cycle(k)), bound=len
        )
        built_in = grundy.Game(f"node-kayles:graph=cycle:{k}")
        assert on_cycle.value(frozenset(range(k))) == built_in.value(",".join(map(str, range(k))))
        assert on_cycle.value(frozenset(range(k))) == (1 if octal[k - 3] == 0 else 0)


# Cram (place a domino on two adjacent empty cells) on a board given as the frozenset of its
# empty cells (row, column); regions are compared up to the eight symmetries of the square.


def place_a_domino(empty):
    return [
        empty - {(r, c), other}
        for r, c in empty
        for other in ((r + 1, c), (r, c + 1))
        if other in empty
    ]


def regions(empty):
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
    near = {v: {(v[0] + dr, v[1] + dc) for dr, dc in steps} for v in empty}
    return connected_pieces(near)(empty)


def least_image(region):
    """The least of the eight images of a region under rotations and reflections, each moved
    to the corner, as a sorted tuple."""
    images = []
    for flip_r in (1, -1):
        for flip_c in (1, -1):
            for swap in (False, True):
                cells = [(flip_r * r, flip_c * c) for r, c in region]
                if swap:
                    cells = [(c, r) for r, c in cells]
                top = min(r for r, _ in cells)
                left = min(c for _, c in cells)
                images.append(tuple(sorted((r - top, c - left) for r, c in cells)))
    return frozenset(min(images))


def cram(**keywords):
    return grundy.Game.from_options(place_a_domino, components=regions, **keywords)


def board(rows, cols, filled=()):
    return frozenset((r, c) for r in range(rows) for c in range(cols)) - set(filled)


def board_text(rows, cols, empty):
    return "/".join(
        "".join("." if (r, c) in empty else "#" for c in range(cols)) for r in range(rows)
    )


def test_cram_by_components_and_symmetry_equals_the_built_in_cram():
    game = cram(canonical=least_image, bound=lambda region: len(region) // 2)
    for rows, cols in [(1, 7), (2, 2), (2, 5), (3, 3), (3, 4), (4, 4), (3, 5)]:
        built_in = grundy.Game(f"cram:{rows}x{cols}")
        empty = board(rows, cols)
        assert game.value(empty) == built_in.value(board_text(rows, cols, empty)), (rows, cols)
    # every sub-board of 3x3, and random ones of 4x4, against the built-in game and the
    # memoised engine on bit masks (whole boards, no components, no symmetry)
    built_in = grundy.Game("cram:4x4")
    cells = [(r, c) for r in range(4) for c in range(4)]
    index = {cell: i for i, cell in enumerate(cells)}
    dominoes = [
        1 << index[a] | 1 << index[b]
        for a in cells
        for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
        if b in index
    ]
    whole = grundy.Game.from_options(lambda m: [m & ~d for d in dominoes if m & d == d])
    rng = random.Random(4)
    boards = [frozenset(cells[i] for i in range(16) if m >> i & 1) for m in range(1 << 16)]
    small = [b for b in boards if all(r < 3 and c < 3 for r, c in b)]
    for empty in small + rng.sample(boards, 300):
        expected = built_in.value(board_text(4, 4, empty))
        assert game.value(empty) == expected, sorted(empty)
        assert whole.value(sum(1 << index[cell] for cell in empty)) == expected


def test_the_functions_are_called_on_canonical_parts_and_options_once_per_part():
    calls = {"options": [], "bound": []}

    def options(empty):
        calls["options"].append(empty)
        return place_a_domino(empty)

    def bound(region):
        calls["bound"].append(region)
        return len(region) // 2

    game = grundy.Game.from_options(options, components=regions, canonical=least_image, bound=bound)
    assert game.value(board(3, 4)) == grundy.Game("cram:3x4").value("..../..../....")
    searched = calls["options"]
    assert all(part == least_image(part) for part in searched)
    assert len(searched) == len(set(searched))  # options are kept: asked once per part
    assert len(calls["bound"]) == len(set(calls["bound"]))
    # the table is kept too: a second question about a part already valued calls nothing
    before = len(searched)
    assert game.value(board(3, 4)) == game.value(board(4, 3))
    assert len(searched) == before


class Boom(Exception):
    pass


@pytest.mark.parametrize("failing", ["options", "components", "canonical", "bound"])
def test_an_exception_in_any_function_propagates_with_its_traceback(failing):
    adjacent = path(12)
    functions = {
        "options": take_a_vertex(adjacent),
        "components": connected_pieces(adjacent),
        "canonical": lambda piece: frozenset(range(len(piece))),
        "bound": len,
    }
    armed = [True]

    def wrap(name, function):
        def checked(position):
            if name == failing and armed[0] and len(position) == 7:
                raise Boom(f"{name} fails at 7")
            return function(position)

        checked.__name__ = f"{name}_function"
        return checked

    options, components, canonical, bound = (wrap(k, f) for k, f in functions.items())
    game = grundy.Game.from_options(
        options, components=components, canonical=canonical, bound=bound
    )
    with pytest.raises(Boom, match=f"{failing} fails at 7") as raised:
        game.value(frozenset(range(12)))
    frames = [frame.name for frame in traceback.extract_tb(raised.value.__traceback__)]
    assert frames[-1] == "checked"
    # what the search found after the failure was dropped: the game still answers right
    armed[0] = False
    octal = grundy.Game("octal:0.137").seq(12).tolist()
    assert [game.value(frozenset(range(k))) for k in range(13)] == octal


def test_moves_raise_the_options_functions_exception_too():
    def options(position):
        raise Boom("no moves today")

    game = grundy.Game.from_options(options, components=lambda p: [p])
    with pytest.raises(Boom, match="no moves today"):
        game.moves((1, 2))


def test_a_bound_that_does_not_decrease_or_a_cycle_is_an_error_not_a_hang():
    adjacent = path(10)
    options, pieces = take_a_vertex(adjacent), connected_pieces(adjacent)
    too_small = grundy.Game.from_options(
        options, components=pieces, bound=lambda p: max(1, len(p) // 3)
    )
    with pytest.raises(ValueError, match="bound must be more than that"):
        too_small.value(frozenset(range(10)))
    # a part of bound 0 is left out of the options: it is checked to have no move
    zero = grundy.Game.from_options(options, components=pieces, bound=lambda p: len(p) // 2)
    with pytest.raises(ValueError, match="is 0, but it has a move"):
        zero.value(frozenset(range(10)))
    # a cycle: 0 -> 1 -> 0
    with pytest.raises(ValueError, match="a game with a cycle"):
        grundy.Game.from_options(lambda n: [1 - n], bound=lambda n: 5).value(0)
    with pytest.raises(ValueError, match="seems to have a cycle"):
        grundy.Game.from_options(lambda n: [1 - n], components=lambda n: [n]).value(0)
    with pytest.raises(ValueError, match="from 0 to 2\\^32"):
        grundy.Game.from_options(options, bound=lambda p: -1).value(frozenset(range(3)))
    with pytest.raises(ValueError, match="from 0 to 2\\^32"):
        grundy.Game.from_options(options, bound=lambda p: "many").value(frozenset(range(3)))


def test_bad_arguments_and_positions_are_python_exceptions():
    adjacent = path(6)
    options, pieces = take_a_vertex(adjacent), connected_pieces(adjacent)
    game = grundy.Game.from_options(options, components=pieces)
    with pytest.raises(TypeError, match="hashable"):
        game.value([0, 1, 2])
    with pytest.raises(TypeError, match="components must return an iterable"):
        grundy.Game.from_options(options, components=len).value(frozenset(range(3)))
    with pytest.raises(TypeError, match="components must be a function"):
        grundy.Game.from_options(options, components=3)
    with pytest.raises(ValueError, match="normal play"):
        grundy.Game.from_options(options, components=pieces, misere=True)
    for call in (lambda: game.seq(5), lambda: game.table(3), lambda: game.analyze(5)):
        with pytest.raises(ValueError, match="not numbered along a coordinate"):
            call()
    with pytest.raises(grundy.TooLarge, match="max_positions"):
        long_game = grundy.Game.from_options(
            lambda n: [n + 1] if n < 10**6 else [], bound=lambda n: 10**6 - n + 1, max_positions=1000
        )
        long_game.value(0)

    holder = {}

    def asks_itself(left):
        holder["game"].value(frozenset())
        return options(left)

    holder["game"] = grundy.Game.from_options(asks_itself, components=pieces)
    with pytest.raises(ValueError, match="being solved already"):
        holder["game"].value(frozenset(range(4)))


def test_ctrl_c_interrupts_a_search_of_a_python_game():
    lines = run_python(
        """
import os, signal, threading, time, grundy
signal.signal(signal.SIGINT, signal.default_int_handler)
def near(v):
    r, c = v
    return {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)}
def take(left):
    return [left - near(v) - {v} for v in left]
def pieces(left):
    left, out = set(left), []
    while left:
        todo = [left.pop()]
        piece = set(todo)
        while todo:
            for u in near(todo.pop()) & left:
                left.remove(u); piece.add(u); todo.append(u)
        out.append(frozenset(piece))
    return out
game = grundy.Game.from_options(take, components=pieces, bound=len)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
start = time.time()
try:
    game.value(frozenset((r, c) for r in range(9) for c in range(9)))
    print("finished")
except KeyboardInterrupt:
    print("interrupted", time.time() - start)
""",
        timeout=60,
    )
    word, *elapsed = lines[-1].split()
    assert word == "interrupted"
    assert float(elapsed[0]) < 5
