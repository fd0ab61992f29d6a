"""Pictures with matplotlib, imported only when a plot is asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from ._arrays import Sequence, Table


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise ImportError(
            "plotting needs matplotlib: pip install matplotlib (or pip install 'grundy[plot]')"
        ) from error
    return plt


def _axes(ax: Any) -> Any:
    return ax if ax is not None else _pyplot().subplots()[1]


def sequence(values: "Sequence", ax: Any = None, **kwargs: Any) -> Any:
    ax = _axes(ax)
    kwargs.setdefault("s", 4 if len(values) > 200 else 12)
    ax.scatter(values.indices, np.asarray(values).view(np.ndarray), **kwargs)
    ax.set_xlabel("n")
    ax.set_ylabel(values.name or "SG value")
    ax.set_title(f"{values.game} {values.position}" if values.position else values.game)
    return ax


def table(t: "Table", ax: Any = None, **kwargs: Any) -> Any:
    ax = _axes(ax)
    kwargs.setdefault("cmap", "viridis")
    half = 0.5
    extent = (
        float(t.cols[0]) - half if len(t.cols) else 0,
        float(t.cols[-1]) + half if len(t.cols) else 1,
        float(t.rows[0]) - half if len(t.rows) else 0,
        float(t.rows[-1]) + half if len(t.rows) else 1,
    )
    image = ax.imshow(t.masked(), origin="lower", extent=extent, interpolation="nearest", **kwargs)
    ax.figure.colorbar(image, ax=ax, label="SG value")
    ax.set_xlabel(f"coordinate {t.col_axis + 1}")
    ax.set_ylabel(f"coordinate {t.row_axis + 1}")
    ax.set_title(f"{t.game} {t.position}")
    return ax
