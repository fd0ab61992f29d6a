"""grundy: Sprague-Grundy values of impartial games, computed by a Rust library.

Values, outcomes and winning moves of positions; sequences and tables of values as NumPy
arrays; their analyses (periodicity, proven or only observed; gaps between equal values;
records; palindromes); the theorems of the papers checked against brute force; and new games
defined in a few lines of Python, solved by the library's engines.

>>> import grundy
>>> grundy.Game("nim").value((3, 5, 6))
0
>>> grundy.Game("subtraction:s=1,3,4").analyze(100).periodicity
Periodicity(period=7, preperiod=0, saltus=0)
"""

from ._arrays import Sequence, Table
from ._functions import (
    base,
    claims,
    count,
    db_info,
    db_merge,
    families,
    gaps,
    nim_product,
    sum,
    verify,
)
from ._game import Game
from ._quotient import Quotient, quotient
from ._survey import survey
from ._grundy import TooLarge
from ._reports import (
    Analysis,
    Claim,
    Counts,
    Evaluation,
    MisereCanonical,
    Family,
    GapsResult,
    GapStats,
    GBase,
    Hint,
    Move,
    Moves,
    Periodicity,
    SumComponent,
    SumMove,
    SumResult,
    Verdict,
)

__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "Claim",
    "Counts",
    "Evaluation",
    "MisereCanonical",
    "Family",
    "Game",
    "GapsResult",
    "GapStats",
    "GBase",
    "Hint",
    "Move",
    "Moves",
    "Periodicity",
    "Quotient",
    "Sequence",
    "SumComponent",
    "SumMove",
    "SumResult",
    "Table",
    "survey",
    "TooLarge",
    "Verdict",
    "quotient",
    "base",
    "claims",
    "count",
    "db_info",
    "db_merge",
    "families",
    "gaps",
    "nim_product",
    "sum",
    "verify",
]
