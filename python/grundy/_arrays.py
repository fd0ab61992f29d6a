"""Sequences and tables of values: NumPy arrays that remember where they come from.

The arrays are views of the buffers the library filled (no copy); these classes only add the
indices, a plot and an HTML rendering. A slice or the result of arithmetic is a plain
``numpy.ndarray`` (it no longer knows its indices).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from . import _html, _plot


class _Values(np.ndarray):
    """What sequences and tables share: slices and computed arrays are plain arrays."""

    def __getitem__(self, key: Any) -> Any:
        item = super().__getitem__(key)
        return item.view(np.ndarray) if isinstance(item, np.ndarray) else item

    def __array_wrap__(self, array: Any, context: Any = None, return_scalar: bool = False) -> Any:
        plain = np.asarray(array).view(np.ndarray)
        return plain[()] if return_scalar else plain


class Sequence(_Values):
    """The values ``a(frm), a(frm + 1), ...`` of a game along one coordinate, as a NumPy array
    of the narrowest unsigned type that holds them.

    >>> import grundy
    >>> s = grundy.Game("subtraction:s=1,3,4").seq(13)
    >>> s
    Sequence([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2], dtype=uint8)
    >>> s.frm, s.game, s.position
    (0, 'subtraction:s=1,3,4', '_')
    >>> int(s.indices[-1])
    13
    """

    frm: int
    game: str
    position: str
    name: Optional[str]

    def __array_finalize__(self, obj: Any) -> None:
        for attribute, default in (("frm", 0), ("game", ""), ("position", ""), ("name", None)):
            setattr(self, attribute, getattr(obj, attribute, default))

    @classmethod
    def _wrap(
        cls, values: np.ndarray, frm: int, game: str, position: str, name: Optional[str]
    ) -> "Sequence":
        sequence = values.view(cls)
        sequence.frm, sequence.game, sequence.position, sequence.name = frm, game, position, name
        return sequence

    @property
    def indices(self) -> np.ndarray:
        """The positions of the values: ``frm, frm + 1, ...``."""
        return np.arange(self.frm, self.frm + len(self), dtype=np.uint64)

    def plot(self, ax: Any = None, **kwargs: Any) -> Any:
        """Draws the values against their positions with matplotlib (which must be installed)
        and returns the axes."""
        return _plot.sequence(self, ax, **kwargs)


class Table(_Values):
    """The values over two coordinates: ``table[i, j]`` is the value with the first varying
    coordinate at ``rows[i]`` and the second at ``cols[j]``. A game may leave cells out of its
    tables (Sharing Nim shows only row <= column, as in Ho's Table 1): ``shown`` is then a
    boolean array, False where a cell is left out (its value there is 0), else None.

    >>> import grundy
    >>> t = grundy.Game("nim").table(3, "_,_,2")
    >>> t
    Table([[2, 3, 0, 1],
           [3, 2, 1, 0],
           [0, 1, 2, 3],
           [1, 0, 3, 2]], dtype=uint8)
    >>> t.rows, t.cols, t.row_axis, t.col_axis
    (array([0, 1, 2, 3], dtype=uint64), array([0, 1, 2, 3], dtype=uint64), 0, 1)
    """

    rows: np.ndarray
    cols: np.ndarray
    row_axis: int
    col_axis: int
    game: str
    position: str
    shown: Optional[np.ndarray]

    def __array_finalize__(self, obj: Any) -> None:
        empty = np.zeros(0, dtype=np.uint64)
        for attribute, default in (
            ("rows", empty),
            ("cols", empty),
            ("row_axis", 0),
            ("col_axis", 1),
            ("game", ""),
            ("position", ""),
            ("shown", None),
        ):
            setattr(self, attribute, getattr(obj, attribute, default))

    @classmethod
    def _wrap(
        cls,
        values: np.ndarray,
        shown: Optional[np.ndarray],
        row0: int,
        col0: int,
        row_axis: int,
        col_axis: int,
        game: str,
        position: str,
    ) -> "Table":
        table = values.view(cls)
        rows, cols = values.shape
        table.rows = np.arange(row0, row0 + rows, dtype=np.uint64)
        table.cols = np.arange(col0, col0 + cols, dtype=np.uint64)
        table.row_axis, table.col_axis = row_axis, col_axis
        table.game, table.position, table.shown = game, position, shown
        return table

    def masked(self) -> np.ma.MaskedArray:
        """The values as a masked array, the cells the game leaves out masked."""
        mask = np.zeros(self.shape, dtype=bool) if self.shown is None else ~self.shown
        return np.ma.MaskedArray(self.view(np.ndarray), mask=mask)

    def plot(self, ax: Any = None, **kwargs: Any) -> Any:
        """Draws the table as a heat map with matplotlib (which must be installed), the first
        coordinate upwards as in the papers, and returns the axes."""
        return _plot.table(self, ax, **kwargs)

    def _repr_html_(self) -> str:
        return _html.table(self)
