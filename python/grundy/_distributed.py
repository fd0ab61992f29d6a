"""The board search of one large position across the workers of a ``dask.distributed`` cluster.

``Game(spec).value(position, client=client)`` hands out the questions near the root as Dask
tasks: the position's options (or, when there are fewer than two per worker, its options'
options), each valued on a worker by the library's search with a table of its own. The root's
value is then the mex of its options' values, level by level, which is the value the search in
one process finds (Sprague-Grundy).

With ``db=FILE`` every task starts from the database of solved parts as it stood when the tasks
were handed out (its bytes go with the task, so a worker on another machine needs no shared
disk), searches with a copy of it, and sends back the file it grew, which is merged into
``FILE`` as the answers come in (``grundy db merge``). No scheduler of our own: Dask places,
retries and reruns the tasks.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any, Dict, List, Optional, Tuple

from . import _grundy, _progress


def value_task(
    position: str, spec: str, snapshot: Optional[bytes], with_db: bool
) -> Tuple[int, Optional[bytes]]:
    """The value of one position of the game ``spec`` (the task a worker runs), and the bytes
    of the database it searched with when ``with_db``."""
    game = _grundy.Game(spec, False)
    if not with_db:
        return int(game.value(position)), None
    with tempfile.TemporaryDirectory(prefix="grundy-task-") as directory:
        path = os.path.join(directory, "parts.db")
        if snapshot is not None:
            with open(path, "wb") as file:
                file.write(snapshot)
        value = int(game.value(position, None, path))
        if not os.path.exists(path):
            # Answered without a search (a theorem, an endgame table): nothing to send back.
            return value, None
        with open(path, "rb") as file:
            return value, file.read()


def _mex(values: List[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def value(
    native: Any,
    position: Any,
    client: Any,
    db: Optional[str] = None,
    progress: Optional[bool] = None,
) -> int:
    """See ``Game.value``: the value of ``position`` with its search spread over ``client``."""
    if native.misere:
        raise ValueError(
            "client= spreads the normal-play search (values of parts, XOR); misère play has no such split"
        )
    spec = native.spec
    try:
        _grundy.Game(spec, False)
    except ValueError as error:
        raise ValueError(
            f"client= needs a game given by its spec, which the workers build again ({error})"
        ) from None
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    root = native.option_texts(position)
    # The frontier: the root's options, or their options when there are too few to share.
    children: Dict[str, List[str]] = {}
    leaves: List[str] = list(root)
    if 0 < len(root) < 2 * workers:
        children = {o: _grundy.Game(spec, False).option_texts(o) for o in root}
        leaves = sorted({leaf for options in children.values() for leaf in options})
    snapshot = None
    if db is not None and os.path.exists(db):
        _grundy.db_info(db)  # refuses a damaged or foreign file before any task starts
        with open(db, "rb") as file:
            snapshot = file.read()
    # The snapshot goes to the workers once (scattered), every task naming it.
    shared = client.scatter(snapshot, broadcast=True) if snapshot is not None else None
    n = len(leaves)
    futures = client.map(
        value_task, leaves, [spec] * n, [shared] * n, [db is not None] * n, pure=False
    )
    key_of = {future.key: leaf for future, leaf in zip(futures, leaves)}
    values: Dict[str, int] = {}
    from dask.distributed import as_completed

    with _progress.bar(progress, "value") as update, tempfile.TemporaryDirectory(
        prefix="grundy-merge-"
    ) as directory:
        for future in as_completed(futures):
            leaf_value, grown = future.result()
            values[key_of[future.key]] = leaf_value
            if db is not None and grown is not None:
                part = os.path.join(directory, f"{len(values)}.db")
                with open(part, "wb") as file:
                    file.write(grown)
                _grundy.db_merge(db, [part])
                os.remove(part)
            if update is not None:
                update(len(values), len(leaves))
    if children:
        values.update({o: _mex([values[c] for c in options]) for o, options in children.items()})
    return _mex([values[o] for o in root])


__all__ = ["value", "value_task"]
