"""Misère quotients of heap games (Plambeck and Siegel): ``grundy.quotient``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, List, Optional, Tuple, Union

import numpy as np

from . import _grundy
from ._game import Game, Number


@dataclass(frozen=True)
class Quotient:
    """The misère quotient of a heap game for heaps up to ``heaps_to``: a commutative monoid
    ``Q`` (elements ``0 .. order - 1``, ``0`` the identity, named by words in the generators)
    with its P-portion. A position's element is the product of its heaps' elements, and it is a
    misère P-position exactly when that element is in the P-portion.

    ``table[x, y]`` is the product ``x y``; ``heap_elements[h]`` the element of heap ``h``;
    ``is_p[x]`` whether ``x`` is in the P-portion. ``proven`` says whether the periodicity
    argument shows that the quotient is the same for every heap bound (then ``period`` and
    ``preperiod`` give the heaps' elements beyond ``heaps_to``); otherwise it is only known up
    to ``heaps_to``.
    """

    game: str
    heaps_to: int
    order: int
    elements: List[str]
    generators: List[Tuple[str, int]]
    relations: List[str]
    p_portion: List[str]
    orders: List[int]
    stable_from: int
    proven: bool
    period: Optional[int]
    preperiod: Optional[int]
    status: str
    table: Any
    heap_elements: Any
    is_p: Any

    def heap_element(self, heap: int) -> int:
        """The element of one heap: computed up to ``heaps_to``, beyond it through the proven
        period only."""
        if heap < 0:
            raise ValueError("a heap is a non-negative int")
        if heap <= self.heaps_to:
            return int(self.heap_elements[heap])
        if not self.proven or self.period is None or self.preperiod is None:
            raise ValueError(
                f"heap {heap} is beyond the heap bound {self.heaps_to} of the quotient, "
                "which is not proven to stay the same past it; compute it with larger heaps"
            )
        reduced = self.preperiod + (heap - self.preperiod) % self.period
        return int(self.heap_elements[reduced])

    def element(self, position: Iterable[int]) -> int:
        """The element of a position (heaps): one product per heap."""
        x = 0
        for heap in position:
            x = int(self.table[x, self.heap_element(int(heap))])
        return x

    def outcome(self, position: Iterable[int]) -> str:
        """The misère outcome of a position, ``"P"`` or ``"N"``, read from the quotient.

        >>> import grundy
        >>> q = grundy.quotient("octal:0.75", 30)
        >>> q.order, q.p_portion, q.proven
        (8, ['a', 'b^2'], True)
        >>> q.outcome((1,)), q.outcome((1, 1))
        ('P', 'N')
        """
        return "P" if bool(self.is_p[self.element(position)]) else "N"

    def name(self, element: int) -> str:
        """An element's name, a word in the generators (``1`` for the identity)."""
        return self.elements[element]


def quotient(game: Union[Game, str], heaps: Number) -> Quotient:
    """The misère quotient of a heap game (an octal or hexadecimal code, ``nim``, or a game
    made with ``Game.heap``) for every position of heaps up to ``heaps``, computed
    incrementally in the heap bound and verified exactly.

    >>> import grundy
    >>> q = grundy.quotient("octal:0.123", 20)
    >>> q.order, len(q.p_portion), q.table.shape, q.table.dtype.name
    (20, 5, (20, 20), 'uint32')
    """
    native = (game if isinstance(game, Game) else Game(game))._native
    report = _grundy.quotient(native, heaps)
    return Quotient(**report)
