"""Misère play from Python: ``Game(spec, misere=True)`` and games defined in Python with
``misere=True``, against the definition written here (a position with no move is won by the
player to move; otherwise it is lost exactly when every move reaches a won position)."""

import itertools
from functools import lru_cache

import grundy
import pytest


@lru_cache(maxsize=None)
def nim_wins(piles):
    options = [
        tuple(sorted(piles[:i] + (t,) + piles[i + 1 :]))
        for i in range(len(piles))
        for t in range(piles[i])
    ]
    return not options or any(not nim_wins(o) for o in options)


def kayles_options(heaps):
    out = []
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for take in (1, 2):
            left = n - take
            if left < 0:
                continue
            for a in range(0, left // 2 + 1):
                parts = tuple(p for p in (a, left - a) if p > 0)
                out.append(tuple(sorted(rest + parts)))
    return out


@lru_cache(maxsize=None)
def kayles_wins(heaps):
    options = kayles_options(heaps)
    return not options or any(not kayles_wins(o) for o in options)


@lru_cache(maxsize=None)
def misere_value(n, options):
    """G- of a one-heap game from its options function (a tuple per heap)."""
    succ = options[n]
    if not succ:
        return 1
    seen = {misere_value(m, options) for m in succ}
    return next(v for v in itertools.count() if v not in seen)


def outcome(wins):
    return "N" if wins else "P"


def test_misere_nim_follows_the_definition():
    game = grundy.Game("nim", misere=True)
    assert game.misere
    assert game.spec == "misere-nim"
    for piles in itertools.product(range(5), repeat=3):
        assert game.outcome(piles) == outcome(nim_wins(tuple(sorted(piles)))), piles
    # 3,5,6: the example of the issue.
    assert game.outcome((3, 5, 6)) == "P"
    assert game.value((3, 5, 6)) == 0


def test_misere_kayles_values_moves_and_sequence():
    game = grundy.Game("kayles", misere=True)
    values = game.seq(20)
    for n, v in enumerate(values.tolist()):
        assert (v == 0) == (not kayles_wins((n,) if n else ())), n
    moves = game.moves((4, 7))
    for m in moves:
        to = tuple(sorted(h for h in m.to if h > 0))
        assert m.winning == (not kayles_wins(to)), m
    assert any(m.winning for m in moves)
    assert grundy.Game("misere-kayles").seq(20).tolist() == values.tolist()


def test_normal_play_is_the_default():
    assert not grundy.Game("nim").misere
    assert grundy.Game("nim").value((1, 1)) == 0
    assert grundy.Game("nim", misere=True).outcome((1, 1)) == "N"


def test_a_game_defined_in_python_under_misere_play():
    def options(n):
        return [n - s for s in (1, 3, 4) if s <= n]

    table = tuple(tuple(options(n)) for n in range(40))
    for game in (
        grundy.Game.from_options(options, misere=True),
        grundy.Game.heap(options, misere=True),
    ):
        assert game.misere
        assert game.seq(39).tolist() == [misere_value(n, table) for n in range(40)]


def test_a_misere_game_is_refused_by_the_normal_sum():
    with pytest.raises(ValueError, match="misère"):
        grundy.sum((grundy.Game("nim", misere=True), (1, 2)), ("nim", (3,)))


def test_the_cli_agrees(cli):
    for piles in ("3,5,6", "1,1,1", "2,2", "1,4,5"):
        answer = cli("value", "nim", piles, "--misere")
        game = grundy.Game("nim", misere=True)
        position = tuple(int(p) for p in piles.split(","))
        assert answer["outcome"] == game.outcome(position)
        assert answer["value"] == game.value(position)
