"""Surveys of whole families from Python, on any executor.

A survey is cut into batches of groups (a group: members with the same values, computed once);
a batch is a picklable task (the members as JSON text and the bound), run by the library in
whatever process receives it. ``grundy.survey`` hands the batches to a local process pool by
default, or to a ``dask.distributed`` client: Dask ships them to its workers and reruns the tasks
of a worker that fails or is lost (``retries``). No scheduler of our own: the same rows come back
in member order whichever executor ran them, and equal those of ``grundy survey PATTERN --to N``.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _grundy, _progress

#: The columns of a survey table, in the order of the command line's CSV (from the library).
COLUMNS = tuple(_grundy.survey_columns())


def run_batch(groups: Sequence[str], to: int) -> List[List[Dict[str, Any]]]:
    """The rows of each group of a batch (the task every executor runs)."""
    return [json.loads(rows) for rows in _grundy.survey_rows(list(groups), to)]


def _batches(groups: List[str], batch: int) -> List[List[str]]:
    return [groups[i : i + batch] for i in range(0, len(groups), batch)]


def survey(
    pattern: str,
    to: int,
    *,
    client: Any = None,
    processes: Optional[int] = None,
    shard: Optional[Tuple[int, int]] = None,
    batch: int = 8,
    retries: int = 2,
    progress: Optional[bool] = None,
):
    """Every member of ``pattern`` (``"octal:0.??"``, ``"hex:0.?"``, ...; as ``grundy survey``)
    computed to ``to`` values or until its period is proven, as a pandas ``DataFrame`` with one
    row per member in member order (columns: ``COLUMNS``).

    ``client``: a ``dask.distributed.Client``; one task per batch of ``batch`` groups, each
    retried up to ``retries`` times, and a lost worker's tasks rerun by Dask. Without one, a local
    process pool of ``processes`` workers (default: the machine's cores); ``processes=0`` runs in
    this process. ``shard=(i, k)``: only the ``i``-th of ``k`` deterministic shards.
    ``progress``: a bar of the groups done (``tqdm``; None: on a terminal or in Jupyter; with a
    Dask client, a batch counts when Dask reports its task finished, and the dashboard shows the
    tasks as well).

    >>> import grundy
    >>> table = grundy.survey("octal:0.?", 2**10, processes=0)
    >>> len(table), bool(table["proven"].all())
    (8, True)
    >>> table.set_index("game").loc["octal:0.3", ["period", "preperiod"]].tolist()
    [2, 0]
    """
    try:
        import pandas
    except ImportError as error:  # pragma: no cover - pandas is installed with the tests
        raise ImportError(
            "grundy.survey returns a pandas DataFrame: pip install pandas"
            " (or pip install 'grundy[survey]', which adds dask[distributed])"
        ) from error
    if batch < 1:
        raise ValueError("batch must be at least 1")
    groups = _grundy.survey_groups(pattern, shard)
    batches = _batches(groups, batch)
    if client is not None:
        futures = client.map(run_batch, batches, to=to, retries=retries, pure=False)
        with _progress.bar(progress, "survey") as update:
            if update is not None:
                from dask.distributed import as_completed

                sizes = {future.key: len(b) for future, b in zip(futures, batches)}
                finished = 0
                # Failed tasks come out too; `gather` below raises their error.
                for future in as_completed(futures):
                    finished += sizes[future.key]
                    update(finished, len(groups))
            results = client.gather(futures)
    else:
        with _progress.bar(progress, "survey") as update:
            results = []

            def done(result: Any) -> None:
                results.append(result)
                if update is not None:
                    update(sum(len(b) for b in batches[: len(results)]), len(groups))

            if processes == 0 or len(batches) <= 1:
                for b in batches:
                    done(run_batch(b, to))
            else:
                workers = processes or os.cpu_count() or 1
                # Fresh interpreters ("spawn"), not forks: a fork of a process whose library
                # threads hold a lock would wait for ever.
                context = multiprocessing.get_context("spawn")
                with ProcessPoolExecutor(
                    max_workers=min(workers, len(batches)), mp_context=context
                ) as pool:
                    for result in pool.map(run_batch, batches, [to] * len(batches)):
                        done(result)
    rows = [row for result in results for group in result for row in group]
    rows.sort(key=lambda row: row["member"])
    table = pandas.DataFrame(rows, columns=list(COLUMNS))
    # Integers that may be absent (no period found, no split): pandas' nullable integers.
    for column in ("period", "preperiod", "last_exception", "saltus", "rare_count"):
        table[column] = table[column].astype("Int64")
    return table


__all__ = ["survey", "run_batch", "COLUMNS"]
