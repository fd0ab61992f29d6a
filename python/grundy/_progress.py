"""Progress bars of long calls, drawn by ``tqdm``.

The library calls back ``update(done, total)`` at most every quarter of a second (see
``python/src/compute.rs``), holding the interpreter only for the call; Ctrl-C still raises
``KeyboardInterrupt`` as before. ``progress=None`` (the default) shows a bar after a second of
work when someone is watching: stderr is a terminal, or the code runs in Jupyter (a widget, by
``tqdm.auto``); ``True`` always shows one (at once), ``False`` never.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator, Optional

#: What the library calls: ``update(done, total)`` (``total`` 0 when not known).
Update = Callable[[int, int], None]


def _watched() -> bool:
    """Whether a person is likely to see a bar: a terminal on stderr, or a Jupyter kernel."""
    try:
        if sys.stderr is not None and sys.stderr.isatty():
            return True
    except (AttributeError, ValueError):  # a closed or unusual stream
        pass
    ipython = sys.modules.get("IPython")
    shell = getattr(ipython, "get_ipython", lambda: None)() if ipython else None
    return type(shell).__name__ == "ZMQInteractiveShell"


@contextmanager
def bar(progress: Optional[bool], what: str) -> Iterator[Optional[Update]]:
    """A callback for the library that moves a ``tqdm`` bar labelled ``what``, or None when no
    bar is wanted (``progress`` False, or None with nobody watching)."""
    show = _watched() if progress is None else bool(progress)
    if not show:
        yield None
        return
    from tqdm.auto import tqdm

    with tqdm(desc=what, delay=0 if progress else 1.0, unit="", unit_scale=True, leave=False) as t:

        def update(done: int, total: int) -> None:
            if total and t.total != total:
                t.total = total
                t.n = done
                t.refresh()
            else:
                t.update(done - t.n)

        yield update


__all__ = ["bar"]
