"""What the command line's ``sum``, ``verify``, ``gaps``, ``count``, ``base`` and ``nim-product``
compute."""

from __future__ import annotations

import builtins
from os import PathLike
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _grundy
from ._game import Game, Number, PositionLike
from ._reports import (
    Claim,
    Counts,
    Family,
    GapsResult,
    GapStats,
    GBase,
    SumComponent,
    SumMove,
    SumResult,
    Verdict,
)


def _game(game: Union[Game, str]) -> Any:
    return (game if isinstance(game, Game) else Game(game))._native


def sum(*components: Tuple[Union[Game, str], PositionLike]) -> SumResult:
    """The disjunctive sum of ``(game, position)`` components (a move is a move in one
    component): its value is the nim-sum of the components' values, each found by its own
    game's engine or theory, and its winning moves are searched in every component. Games may
    be given by spec strings and mixed with games defined in Python.

    >>> import grundy
    >>> s = grundy.sum(("nim", (3, 5)), ("subtraction:s=1,3,4", 12))
    >>> s.value, s.outcome
    (5, 'N')
    >>> [(m.component, m.to) for m in s.winning_moves]
    [(0, (3, 0))]
    """
    report = _grundy.sum([(_game(g), p) for g, p in components])
    return SumResult(
        value=report["value"],
        outcome=report["outcome"],
        components=[SumComponent(**c) for c in report["components"]],
        winning_moves=[SumMove(**m) for m in report["winning_moves"]],
        unlisted=report["unlisted"],
    )


def verify(claim: str, *, to: Number, **params: Any) -> Verdict:
    """Checks a claim of a paper against brute force up to ``to`` (``grundy.claims()`` lists
    them); parameters are the command line's (``t=2`` for ``--t 2``).

    >>> import grundy
    >>> v = grundy.verify("imark-theorem1", t=2, d=3, to=1000)
    >>> v.holds, v.counterexample
    (False, 'n = 12: the theorem gives 2, brute force 1')
    """
    return Verdict(**_grundy.verify(claim, to, builtins.list(params.items())))


def claims() -> List[Claim]:
    """Every claim ``verify`` knows.

    >>> import grundy
    >>> "bouton" in [c.name for c in grundy.claims()]
    True
    """
    return [Claim(*c) for c in _grundy.claims()]


def families() -> List[Family]:
    """Every game family of the spec strings.

    >>> import grundy
    >>> [f.name for f in grundy.families()][:3]
    ['nim', 'subtraction', 'takeaway']
    """
    return [Family(name, list(keys), summary) for name, keys, summary in _grundy.families()]


def gaps(
    game: str,
    to: Number,
    *,
    checkpoint: Optional[Union[str, "PathLike[str]"]] = None,
    checkpoint_every: float = 60.0,
) -> GapsResult:
    """Gap statistics between equal values of a subtraction-division game for every position up
    to ``to``, from the streaming engines (i-Mark({1},{2,3}) on the parallel block engine); with
    a ``checkpoint`` file the run saves its state every ``checkpoint_every`` seconds and resumes
    from it.

    >>> import grundy
    >>> [g.max_gap for g in grundy.gaps("imark:s=1:d=2,3", 10**6).gaps][:3]
    [4, 8, 19]
    """
    report = _grundy.gaps(game, to, None if checkpoint is None else str(checkpoint), checkpoint_every)
    return GapsResult(
        game=report["game"],
        to=report["to"],
        gaps=[GapStats(**g) for g in report["gaps"]],
        engine=report["engine"],
    )


def count(
    piles: int, to: Number, *, by: str = "max", exact: bool = False, frm: Number = 0
) -> Counts:
    """Counts of P-positions of Nim on ``piles`` piles (*Nim Fractals*), for n from ``frm`` to
    ``to``: by the largest pile (``by="max"``: at most n, or exactly n with ``exact``) or by
    the number of counters (``by="total"``: at most 2n, or exactly 2n).

    >>> import grundy
    >>> grundy.count(3, 7).values
    [1, 4, 7, 16, 19, 28, 43, 64]
    """
    return Counts(**_grundy.count(piles, to, by, exact, frm))


def base(game: str, to: Number) -> GBase:
    """The g-base ``B_f`` and ``g0`` of a takeaway game up to ``to`` (Holshouser and Reiter).

    >>> import grundy
    >>> grundy.base("takeaway:f=2*k", 100).base
    [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
    """
    return GBase(**_grundy.base(game, to))


def nim_product(a: Number, b: Number) -> int:
    """The nim product of the nimbers ``*a`` and ``*b`` (Conway's field of characteristic 2,
    *On Numbers and Games* ch. 6), for ``a`` and ``b`` below 2^64 (ints or strings like
    ``"2^63"``).

    >>> import grundy
    >>> grundy.nim_product(2, 2), grundy.nim_product(16, 16)
    (3, 24)
    """
    return _grundy.nim_product(a, b)


def db_info(path: str) -> Dict[str, Any]:
    """What a database of solved parts holds (``grundy db info FILE``): its ``game``,
    ``format``, ``parts``, ``values`` (parts whose exact value is known) and ``bytes``."""
    game, format, parts, values, size = _grundy.db_info(path)
    return {"game": game, "format": format, "parts": parts, "values": values, "bytes": size}


def db_merge(out: str, *inputs: str) -> Dict[str, Any]:
    """Merges databases of one game into ``out`` (``grundy db merge OUT IN...``); returns what
    ``out`` then holds, as ``db_info``."""
    game, format, parts, values, size = _grundy.db_merge(out, list(inputs))
    return {"game": game, "format": format, "parts": parts, "values": values, "bytes": size}
